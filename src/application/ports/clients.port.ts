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
}

export const CLIENTS_PORT: PortToken<ClientsPort> = portToken<ClientsPort>('ClientsPort');
