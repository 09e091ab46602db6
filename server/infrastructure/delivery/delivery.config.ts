import type { CdekSettings } from './cdek-carrier-quote';

/** The external delivery services (README «External services»): each off until its variables are set. */
export interface DeliveryServicesConfig {
  /** DADATA_TOKEN: address suggestions; without it the shopper picks the zone by hand. */
  readonly dadataToken: string | null;
  /** CDEK_CLIENT_ID, CDEK_CLIENT_SECRET, CDEK_FROM_POSTCODE (and CDEK_API_BASE): carrier quotes. */
  readonly cdek: CdekSettings | null;
}

export type DeliveryConfigResult =
  | { readonly ok: true; readonly config: DeliveryServicesConfig }
  | { readonly ok: false; readonly message: string };

export function readDeliveryConfig(env: NodeJS.ProcessEnv): DeliveryConfigResult {
  const dadataToken = env.DADATA_TOKEN?.trim() || null;
  const clientId = env.CDEK_CLIENT_ID?.trim() || '';
  const clientSecret = env.CDEK_CLIENT_SECRET?.trim() || '';
  const fromPostalCode = env.CDEK_FROM_POSTCODE?.trim() || '';
  const apiBase = (env.CDEK_API_BASE?.trim() || 'https://api.cdek.ru').replace(/\/+$/, '');
  const anyCdek = clientId !== '' || clientSecret !== '' || fromPostalCode !== '';
  if (!anyCdek) return { ok: true, config: { dadataToken, cdek: null } };
  if (clientId === '' || clientSecret === '' || !/^\d{6}$/.test(fromPostalCode)) {
    return {
      ok: false,
      message: 'Для СДЭК нужны CDEK_CLIENT_ID, CDEK_CLIENT_SECRET и CDEK_FROM_POSTCODE (шесть цифр индекса).',
    };
  }
  if (!/^https:\/\/[^/]/.test(apiBase))
    return { ok: false, message: 'CDEK_API_BASE должен быть адресом https://…' };
  return { ok: true, config: { dadataToken, cdek: { clientId, clientSecret, fromPostalCode, apiBase } } };
}
