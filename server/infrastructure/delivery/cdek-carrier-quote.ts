import type {
  CarrierDestination,
  CarrierOffer,
  CarrierPackage,
  CarrierQuote,
} from '../../application/carrier-quote.port';

export interface CdekSettings {
  readonly clientId: string;
  readonly clientSecret: string;
  /** The shop's sending postcode (CDEK_FROM_POSTCODE). */
  readonly fromPostalCode: string;
  /** https://api.cdek.ru; the test contour is https://api.edu.cdek.ru (CDEK_API_BASE). */
  readonly apiBase: string;
}

const TIMEOUT_MS = 5000;

interface TariffAnswer {
  readonly tariff_codes?: readonly {
    readonly tariff_code?: unknown;
    readonly tariff_name?: unknown;
    readonly delivery_sum?: unknown;
    readonly period_min?: unknown;
    readonly period_max?: unknown;
  }[];
}

const finite = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;

/** The cheapest tariff of a tarifflist answer, in whole roubles as kopecks (services are whole roubles, docs/money.md). */
export function cheapestOffer(answer: TariffAnswer): CarrierOffer | null {
  let best: CarrierOffer | null = null;
  for (const tariff of answer.tariff_codes ?? []) {
    const sum = finite(tariff.delivery_sum);
    if (sum === null) continue;
    const price = Math.ceil(sum) * 100;
    if (best !== null && best.price <= price) continue;
    const min = finite(tariff.period_min) ?? 0;
    best = {
      price,
      minDays: Math.round(min),
      maxDays: Math.round(finite(tariff.period_max) ?? min),
      tariffName: typeof tariff.tariff_name === 'string' ? tariff.tariff_name : 'СДЭК',
    };
  }
  return best;
}

/**
 * СДЭК API v2 (README «External services»): an OAuth client-credentials token (POST /v2/oauth/token,
 * kept until a minute before it expires), then POST /v2/calculator/tarifflist from the shop's postcode
 * to the shopper's with the parcels. Any failure answers null: the manager tells the price.
 */
export class CdekCarrierQuote implements CarrierQuote {
  private token: { readonly value: string; readonly until: number } | null = null;

  constructor(
    private readonly settings: CdekSettings,
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly now: () => number = Date.now,
  ) {}

  private async accessToken(): Promise<string | null> {
    if (this.token !== null && this.token.until > this.now()) return this.token.value;
    const response = await this.fetchImpl(`${this.settings.apiBase}/v2/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: this.settings.clientId,
        client_secret: this.settings.clientSecret,
      }).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const answer = (await response.json()) as { access_token?: unknown; expires_in?: unknown };
    if (typeof answer.access_token !== 'string') return null;
    const seconds = finite(answer.expires_in) ?? 3600;
    this.token = { value: answer.access_token, until: this.now() + Math.max(0, seconds - 60) * 1000 };
    return answer.access_token;
  }

  async quote(to: CarrierDestination, packages: readonly CarrierPackage[]): Promise<CarrierOffer | null> {
    try {
      const token = await this.accessToken();
      if (token === null) return null;
      const response = await this.fetchImpl(`${this.settings.apiBase}/v2/calculator/tarifflist`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          from_location: { postal_code: this.settings.fromPostalCode },
          to_location: {
            ...(to.postalCode === null ? {} : { postal_code: to.postalCode }),
            ...(to.city === null ? {} : { city: to.city }),
          },
          packages: packages.map((parcel) => ({
            weight: parcel.weightGrams,
            length: parcel.lengthCm,
            width: parcel.widthCm,
            height: parcel.heightCm,
          })),
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) return null;
      return cheapestOffer((await response.json()) as TariffAnswer);
    } catch {
      return null;
    }
  }
}
