import { ADMIN_STAFF_PORT } from '../../ports/admin-staff.port';
import type { CallOptions } from '../../ports/port-failure';
import { defineUseCase } from '../../use-case';

/** /admin/staff: every staff account, owners first. */
export const listStaff = defineUseCase(
  'admin.staff.list',
  { staff: ADMIN_STAFF_PORT },
  ({ staff }) =>
    (options?: CallOptions) =>
      staff.list(options),
);
