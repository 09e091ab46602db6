import { Schema } from 'effect';
import { defineEndpoint } from './endpoint';

/**
 * Newsletter subscription (spec §3, §4). `created`: subscribed, an account was created and the access
 * details and promo code were e-mailed; `already_subscribed`: the promo code again; `already_exists`:
 * the e-mail has an account → the browser sends the visitor to /login. A signed-in visitor subscribing
 * another e-mail gets 403 with `error` = the Russian text of spec §8.
 */
const SubscribeStatus = Schema.Literals(['created', 'already_subscribed', 'already_exists']);

export const SUBSCRIBE_FORBIDDEN_MESSAGE =
  'Вы уже авторизованы. Подписаться на другой email невозможно. Выйдите из личного кабинета или подпишитесь с вашей почтой.';

const SubscribeResult = Schema.Struct({
  status: SubscribeStatus,
  promo_code: Schema.optionalKey(Schema.String),
});

export const subscribe = defineEndpoint({
  method: 'POST',
  path: '/api/subscribe',
  summary: 'Subscribes an e-mail to the newsletter',
  tag: 'subscribe',
  // The browser checks only for an at sign (spec §5); the server applies the full e-mail shape.
  body: Schema.Struct({ email: Schema.String.pipe(Schema.check(Schema.isMaxLength(254))) }),
  response: SubscribeResult,
  errorStatuses: [403, 415, 422, 429],
});
