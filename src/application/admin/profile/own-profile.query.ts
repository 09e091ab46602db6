import { ADMIN_STAFF_PORT } from '../../ports/admin-staff.port';
import type { CallOptions } from '../../ports/port-failure';
import { defineUseCase } from '../../use-case';

/** The signed-in staff member's own profile (GET /api/admin/profile): «Профиль», and who «я» is on «Сотрудники». */
export const ownProfile = defineUseCase(
  'admin.profile.own',
  { staff: ADMIN_STAFF_PORT },
  ({ staff }) =>
    (options?: CallOptions) =>
      staff.profile(options),
);
