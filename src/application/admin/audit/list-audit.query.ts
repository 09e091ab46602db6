import { ADMIN_STAFF_PORT } from '../../ports/admin-staff.port';
import { defineUseCase } from '../../use-case';
import { type AuditSearch, auditQueryOf } from './audit-search';

/**
 * /admin/audit: one page of the log for the address's filters, and the staff for the person filter
 * (blocked people too: their old entries stay findable).
 */
export const listAudit = defineUseCase(
  'admin.audit.list',
  { staff: ADMIN_STAFF_PORT },
  ({ staff }) =>
    async (search: AuditSearch, signal?: AbortSignal) => {
      const options = signal === undefined ? {} : { signal };
      const [page, people] = await Promise.all([
        staff.audit(auditQueryOf(search), options),
        staff.list(options),
      ]);
      return { page, people };
    },
);
