import * as Clients from '../../../api/clients';
import type { SavedHomeMeasurements } from '../../../shared-rules/home-measurements-rule';
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

  private ownId(call: string, clientId: number): void {
    if (!isPositiveClientId(clientId)) {
      throw refuseCall(
        this.logger,
        `${call}: a positive numeric clientId is required, got ${String(clientId)}`,
      );
    }
  }

  async homeMeasurements(clientId: number, options: CallOptions = {}): Promise<SavedHomeMeasurements | null> {
    this.ownId('getHomeMeasurements', clientId);
    const answer = await this.api.call(Clients.getHomeMeasurements, { ...options, params: { id: clientId } });
    return answer.measurements;
  }

  async saveHomeMeasurements(
    clientId: number,
    measurements: SavedHomeMeasurements,
    options: CallOptions = {},
  ): Promise<SavedHomeMeasurements | null> {
    this.ownId('putHomeMeasurements', clientId);
    const answer = await this.api.call(Clients.putHomeMeasurements, {
      ...options,
      params: { id: clientId },
      body: { measurements },
    });
    return answer.measurements;
  }
}
