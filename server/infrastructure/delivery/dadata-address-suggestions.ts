import type { AddressSuggestion, AddressSuggestions } from '../../application/address-suggestions.port';

/** DaData's published suggestions API (dadata.ru/api/suggest/address). */
const DADATA_SUGGEST_URL = 'https://suggestions.dadata.ru/suggestions/api/4_1/rs/suggest/address';
const TIMEOUT_MS = 3000;

/** The part of DaData's answer the shop reads; everything is optional and checked. */
interface DadataAnswer {
  readonly suggestions?: readonly {
    readonly value?: unknown;
    readonly data?: Readonly<Record<string, unknown>>;
  }[];
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** DaData sends coordinates and distances as strings («59.9386»); anything else reads as null. */
const number = (value: unknown): number | null => {
  const parsed = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : null;
};

/** Reads one suggestion; null when it has no address text. */
export function suggestionOf(raw: {
  readonly value?: unknown;
  readonly data?: Readonly<Record<string, unknown>>;
}): AddressSuggestion | null {
  const value = text(raw.value);
  if (value === null) return null;
  const data = raw.data ?? {};
  const lat = number(data.geo_lat);
  const lon = number(data.geo_lon);
  const hit = data.beltway_hit;
  return {
    value,
    region: text(data.region_with_type),
    city: text(data.city) ?? text(data.settlement_with_type),
    postalCode: text(data.postal_code),
    point: lat === null || lon === null ? null : { lat, lon },
    beltwayHit: hit === 'IN_KAD' || hit === 'OUT_KAD' ? hit : null,
    beltwayKm: number(data.beltway_distance),
  };
}

/**
 * Address suggestions from DaData (DADATA_TOKEN; README «External services»). The shop asks for
 * Saint Petersburg and Leningrad oblast first (`locations_boost`) but lets any region through, so a
 * shopper elsewhere still finds the address (and gets a carrier's quote). An outage, a refusal or a
 * slow answer gives no suggestions: the checkout then lets the shopper pick the zone by hand.
 */
export class DadataAddressSuggestions implements AddressSuggestions {
  constructor(
    private readonly token: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async suggest(query: string, count: number): Promise<readonly AddressSuggestion[]> {
    try {
      const response = await this.fetchImpl(DADATA_SUGGEST_URL, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          authorization: `Token ${this.token}`,
        },
        body: JSON.stringify({
          query,
          count,
          locations_boost: [{ kladr_id: '78' }, { kladr_id: '47' }],
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) return [];
      const answer = (await response.json()) as DadataAnswer;
      return (answer.suggestions ?? []).flatMap((raw) => {
        const suggestion = suggestionOf(raw);
        return suggestion === null ? [] : [suggestion];
      });
    } catch {
      return [];
    }
  }
}
