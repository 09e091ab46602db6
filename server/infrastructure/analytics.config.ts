/**
 * METRIKA_COUNTER_ID (issue 26, item 4): the Yandex Metrica counter's number. Unset or empty: no
 * analytics — no tag, no cookie notice, and the Content-Security-Policy admits no Yandex host.
 */
export interface AnalyticsConfig {
  readonly metrikaCounterId: number | null;
}

/** Metrica counter numbers are positive integers (eight digits today); a longer one is a typo. */
const COUNTER_ID = /^[1-9]\d{0,11}$/;

export function readAnalyticsConfig(
  env: NodeJS.ProcessEnv,
):
  | { readonly ok: true; readonly config: AnalyticsConfig }
  | { readonly ok: false; readonly message: string } {
  const raw = env.METRIKA_COUNTER_ID?.trim() ?? '';
  if (raw === '') return { ok: true, config: { metrikaCounterId: null } };
  if (!COUNTER_ID.test(raw))
    return {
      ok: false,
      message: `METRIKA_COUNTER_ID должен быть номером счётчика Яндекс Метрики (только цифры), получено «${raw}».`,
    };
  return { ok: true, config: { metrikaCounterId: Number(raw) } };
}
