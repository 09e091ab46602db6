import * as AdminConsents from '../../../api/admin-consents';
import type {
  AdminConsentFilter,
  AdminConsentPage,
  AdminConsentsPort,
} from '../../application/ports/admin-consents.port';
import type { CallOptions } from '../../application/ports/port-failure';
import { withQuery } from '../../domain/query-params';
import type { HttpApiClient } from './api-client';

const filled = (value: string | undefined): string | null =>
  value === undefined || value.trim() === '' ? null : value.trim();

export class AdminConsentsHttpAdapter implements AdminConsentsPort {
  private readonly api: HttpApiClient;

  constructor(api: HttpApiClient) {
    this.api = api;
  }

  list(filter: AdminConsentFilter, options: CallOptions = {}): Promise<AdminConsentPage> {
    return this.api.call(AdminConsents.listAdminConsents, {
      ...options,
      query: {
        from: filled(filter.from),
        to: filled(filter.to),
        subject: filled(filter.subject),
        page: filter.page ?? null,
      },
    });
  }

  async exportUrl(filter: AdminConsentFilter): Promise<string> {
    return this.api.href(
      withQuery(AdminConsents.exportAdminConsents.path, {
        from: filled(filter.from),
        to: filled(filter.to),
        subject: filled(filter.subject),
      }),
    );
  }
}
