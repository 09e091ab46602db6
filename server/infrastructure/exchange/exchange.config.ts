/**
 * The exchange account and limits (docs/integrations.md): EXCHANGE_LOGIN and EXCHANGE_PASSWORD turn
 * the 1С / МойСклад exchange on (off while either is unset); EXCHANGE_PRICE_TYPE names the ТипЦены
 * that is the shop's price; EXCHANGE_FILE_LIMIT_MB caps one uploaded file.
 */
export interface ExchangeConfig {
  readonly login: string;
  readonly password: string;
  readonly priceType: string;
  /** Bytes of one request (1С splits larger files into chunks of this size). */
  readonly chunkLimit: number;
  /** Bytes of a whole file once its chunks are joined. */
  readonly fileLimit: number;
  /**
   * Work of one `mode=import` call, after which 1С is answered «progress» and calls again: offers
   * of offers.xml (one transaction each step), pictures rendered. Fixed (EXCHANGE_STEP); tests lower it.
   */
  readonly step: { readonly offers: number; readonly pictures: number };
}

/** One call: 5 000 offers (≈ 15 000 statements, a few seconds) or 10 pictures (each rendered in 6 files). */
export const EXCHANGE_STEP = { offers: 5000, pictures: 10 } as const;

export type ExchangeConfigResult =
  | { readonly ok: true; readonly config: ExchangeConfig | null }
  | { readonly ok: false; readonly message: string };

const MIN_PASSWORD_LENGTH = 12;
const MEGABYTE = 1_048_576;
const CHUNK_LIMIT = 8 * MEGABYTE;

export function readExchangeConfig(env: NodeJS.ProcessEnv): ExchangeConfigResult {
  const login = env.EXCHANGE_LOGIN?.trim() ?? '';
  const password = env.EXCHANGE_PASSWORD ?? '';
  if (login === '' && password === '') return { ok: true, config: null };
  if (login === '' || password === '')
    return {
      ok: false,
      message: 'Для обмена с 1С задайте и EXCHANGE_LOGIN, и EXCHANGE_PASSWORD (или ни одного).',
    };
  if (password.length < MIN_PASSWORD_LENGTH)
    return { ok: false, message: `EXCHANGE_PASSWORD должен быть не короче ${MIN_PASSWORD_LENGTH} символов.` };
  const rawLimit = env.EXCHANGE_FILE_LIMIT_MB?.trim() ?? '';
  const limitMb = rawLimit === '' ? 64 : Number(rawLimit);
  if (!Number.isInteger(limitMb) || limitMb < 1 || limitMb > 1024)
    return {
      ok: false,
      message: `EXCHANGE_FILE_LIMIT_MB должен быть целым числом от 1 до 1024, получено «${rawLimit}».`,
    };
  const fileLimit = limitMb * MEGABYTE;
  return {
    ok: true,
    config: {
      login,
      password,
      priceType: env.EXCHANGE_PRICE_TYPE?.trim() || 'Розничная',
      chunkLimit: Math.min(CHUNK_LIMIT, fileLimit),
      fileLimit,
      step: EXCHANGE_STEP,
    },
  };
}
