import type { SavedHomeMeasurements } from '../../../shared-rules/home-measurements-rule';
import type { CallOptions } from './port-failure';
import type { PortToken } from './port-token';
import { portToken } from './port-token';

/** Spec §3 "Client record: email, phone (read to prefill forms)"; GET /api/clients/{id}. */
export interface ClientContact {
  readonly email: string;
  readonly phone: string | null;
}

export interface ClientsPort {
  getContact(clientId: number, options?: CallOptions): Promise<ClientContact>;
  /** «Поместится?» kept in the account (issue 23, item 6); null: not measured yet. */
  homeMeasurements(clientId: number, options?: CallOptions): Promise<SavedHomeMeasurements | null>;
  /** Answers what the server kept; a 422 carries the Russian problems as `serverMessage`. */
  saveHomeMeasurements(
    clientId: number,
    measurements: SavedHomeMeasurements,
    options?: CallOptions,
  ): Promise<SavedHomeMeasurements | null>;
}

export const CLIENTS_PORT: PortToken<ClientsPort> = portToken<ClientsPort>('ClientsPort');
