import * as AdminClients from '../../../api/admin-clients';
import type {
  AdminClientContactsChange,
  AdminClientDetail,
  AdminClientNotesChange,
  AdminClientPage,
  AdminClientQuery,
  AdminClientsPort,
} from '../../application/ports/admin-clients.port';
import type { CallOptions } from '../../application/ports/port-failure';
import type { HttpApiClient } from './api-client';

export class AdminClientsHttpAdapter implements AdminClientsPort {
  private readonly api: HttpApiClient;

  constructor(api: HttpApiClient) {
    this.api = api;
  }

  list(query: AdminClientQuery = {}, options: CallOptions = {}): Promise<AdminClientPage> {
    return this.api.call(AdminClients.listAdminClients, {
      ...options,
      query: {
        q: query.q?.trim() || null,
        sort: query.sort ?? null,
        page: query.page ?? null,
        limit: query.limit ?? null,
      },
    });
  }

  get(clientId: number, options: CallOptions = {}): Promise<AdminClientDetail> {
    return this.api.call(AdminClients.getAdminClient, { ...options, params: { id: clientId } });
  }

  async endSessions(clientId: number, options: CallOptions = {}): Promise<number> {
    const answer = await this.api.call(AdminClients.endClientSessions, {
      ...options,
      params: { id: clientId },
    });
    return answer.ended;
  }

  async sendPasswordReset(clientId: number, options: CallOptions = {}): Promise<void> {
    await this.api.call(AdminClients.sendClientPasswordReset, { ...options, params: { id: clientId } });
  }

  changeContacts(
    clientId: number,
    change: AdminClientContactsChange,
    options: CallOptions = {},
  ): Promise<AdminClientDetail> {
    return this.api.call(AdminClients.changeAdminClientContacts, {
      ...options,
      params: { id: clientId },
      body: { name: change.name, phone: change.phone, email: change.email.trim() },
    });
  }

  changeNotes(
    clientId: number,
    change: AdminClientNotesChange,
    options: CallOptions = {},
  ): Promise<AdminClientDetail> {
    return this.api.call(AdminClients.changeAdminClientNotes, {
      ...options,
      params: { id: clientId },
      body: { notes: change.notes, tags: [...change.tags] },
    });
  }
}
