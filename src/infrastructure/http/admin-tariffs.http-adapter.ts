import * as Admin from '../../../api/admin-tariffs';
import type {
  AdminTariffsPort,
  DeliveryTariffs,
  LoadedTariffs,
} from '../../application/ports/admin-tariffs.port';
import type { CallOptions } from '../../application/ports/port-failure';
import type { HttpApiClient } from './api-client';

/** The tariffs are one document: its record id is fixed, its version the server's save counter. */
const TARIFFS_RECORD_ID = 'current';

function loadedOf(answer: Admin.AdminTariffs): LoadedTariffs {
  return {
    id: TARIFFS_RECORD_ID,
    version: String(answer.version),
    draft: answer.tariffs,
    meta: { savedAt: answer.savedAt },
  };
}

export class AdminTariffsHttpAdapter implements AdminTariffsPort {
  private readonly api: HttpApiClient;

  constructor(api: HttpApiClient) {
    this.api = api;
  }

  async load(options: CallOptions = {}): Promise<LoadedTariffs> {
    return loadedOf(await this.api.call(Admin.getAdminTariffs, options));
  }

  async save(version: number, tariffs: DeliveryTariffs, options: CallOptions = {}): Promise<LoadedTariffs> {
    return loadedOf(await this.api.call(Admin.saveAdminTariffs, { ...options, body: { version, tariffs } }));
  }
}
