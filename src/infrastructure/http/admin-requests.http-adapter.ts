import * as AdminRequests from '../../../api/admin-requests';
import type {
  AdminRequestPage,
  AdminRequestQuery,
  AdminRequestsPort,
  AdminRequestThread,
  AdminUser,
  RequestStatus,
} from '../../application/ports/admin-requests.port';
import type { CallOptions } from '../../application/ports/port-failure';
import type { HttpApiClient } from './api-client';

export class AdminRequestsHttpAdapter implements AdminRequestsPort {
  private readonly api: HttpApiClient;

  constructor(api: HttpApiClient) {
    this.api = api;
  }

  list(query: AdminRequestQuery = {}, options: CallOptions = {}): Promise<AdminRequestPage> {
    return this.api.call(AdminRequests.listAdminRequests, {
      ...options,
      query: {
        type: query.type ?? null,
        status: query.status ?? null,
        waiting: query.waiting ? 'true' : null,
        from: query.from ?? null,
        to: query.to ?? null,
        assignee: query.assignee ?? null,
        q: query.q?.trim() || null,
        page: query.page ?? null,
        limit: query.limit ?? null,
      },
    });
  }

  async get(requestId: number, options: CallOptions = {}): Promise<AdminRequestThread> {
    return this.withDownloadUrl(
      await this.api.call(AdminRequests.getAdminRequest, { ...options, params: { id: requestId } }),
    );
  }

  async reply(requestId: number, text: string, options: CallOptions = {}): Promise<AdminRequestThread> {
    return this.withDownloadUrl(
      await this.api.call(AdminRequests.replyToRequest, {
        ...options,
        params: { id: requestId },
        body: { text: text.trim() },
      }),
    );
  }

  async update(
    requestId: number,
    change: { readonly status?: RequestStatus; readonly assigneeId?: number | null },
    options: CallOptions = {},
  ): Promise<AdminRequestThread> {
    return this.withDownloadUrl(
      await this.api.call(AdminRequests.updateAdminRequest, {
        ...options,
        params: { id: requestId },
        body: {
          ...(change.status === undefined ? {} : { status: change.status }),
          ...(change.assigneeId === undefined ? {} : { assigneeId: change.assigneeId }),
        },
      }),
    );
  }

  admins(options: CallOptions = {}): Promise<readonly AdminUser[]> {
    return this.api.call(AdminRequests.listAdmins, options);
  }

  /** The attachment's path made absolute against the API base (the admin UI may run on another origin). */
  private withDownloadUrl(thread: AdminRequestThread): AdminRequestThread {
    if (thread.attachment === null) return thread;
    const url = thread.attachment.url.startsWith('/')
      ? this.api.href(thread.attachment.url)
      : thread.attachment.url;
    return { ...thread, attachment: { ...thread.attachment, url } };
  }
}
