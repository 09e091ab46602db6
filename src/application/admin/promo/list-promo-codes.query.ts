import { ADMIN_PROMO_PORT } from '../../ports/admin-promo.port';
import type { CallOptions } from '../../ports/port-failure';
import { defineUseCase } from '../../use-case';

/** /admin/promocodes: every code with its conditions and usage statistics. */
export const listPromoCodes = defineUseCase(
  'admin.promo.list',
  { promo: ADMIN_PROMO_PORT },
  ({ promo }) =>
    (options?: CallOptions) =>
      promo.list({}, options),
);
