import * as Consents from '../../../api/consents';
import type { ConsentsPort, OwnConsents } from '../../application/ports/consents.port';
import type { CallOptions } from '../../application/ports/port-failure';
import type { HttpApiClient } from './api-client';

export class ConsentsHttpAdapter implements ConsentsPort {
  private readonly api: HttpApiClient;

  constructor(api: HttpApiClient) {
    this.api = api;
  }

  own(options: CallOptions = {}): Promise<OwnConsents> {
    return this.api.call(Consents.getClientConsents, options);
  }

  withdrawMarketing(options: CallOptions = {}): Promise<OwnConsents> {
    return this.api.call(Consents.withdrawMarketingConsent, { ...options, body: { purpose: 'marketing' } });
  }
}
