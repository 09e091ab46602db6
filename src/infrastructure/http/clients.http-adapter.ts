import * as Clients from '../../../api/clients';
import type { ClientContact, ClientsPort } from '../../application/ports/clients.port';
import type { LoggerPort } from '../../application/ports/logger.port';
import type { CallOptions } from '../../application/ports/port-failure';
import type { HttpApiClient } from './api-client';
import { isPositiveClientId, refuseCall } from './call-preconditions';

export class ClientsHttpAdapter implements ClientsPort {
  private readonly api: HttpApiClient;
  private readonly logger: LoggerPort;

  constructor(api: HttpApiClient, logger: LoggerPort) {
    this.api = api;
    this.logger = logger;
  }

  async getContact(clientId: number, options: CallOptions = {}): Promise<ClientContact> {
    if (!isPositiveClientId(clientId)) {
      throw refuseCall(
        this.logger,
        `getClient: a positive numeric clientId is required, got ${String(clientId)}`,
      );
    }
    const record = await this.api.call(Clients.getClient, { ...options, params: { id: clientId } });
    return { email: record.email, phone: record.phone };
  }
}
