import { Schema } from 'effect';
import { defineEndpoint } from './endpoint';

/**
 * Web analytics the shop runs (issue 26, item 4; docs/privacy.md «Яндекс Метрика»): the Yandex Metrica
 * counter when METRIKA_COUNTER_ID is set, else none. The browser loads the counter only after the
 * visitor accepts analytics cookies in the notice.
 */
const AnalyticsSettings = Schema.Struct({
  metrika: Schema.NullOr(Schema.Struct({ counterId: Schema.Int })),
});

export const getAnalyticsSettings = defineEndpoint({
  method: 'GET',
  path: '/api/analytics-settings',
  summary: 'The Yandex Metrica counter the shop runs (null when none is configured)',
  tag: 'analytics',
  response: AnalyticsSettings,
});
