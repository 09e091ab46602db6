import type { CallOptions } from './port-failure';
import type { PortToken } from './port-token';
import { portToken } from './port-token';

/** One consent record as the account shows it (api/consents.ts). */
interface OwnConsentRecord {
  readonly purpose: 'personal_data' | 'marketing';
  readonly action: 'given' | 'withdrawn';
  readonly document: string;
  readonly documentVersion: number;
  readonly source: string;
  readonly at: string;
}

export interface OwnConsents {
  /** Advertising mail is on: the latest marketing record gives the consent. */
  readonly marketing: boolean;
  /** Newest first. */
  readonly records: readonly OwnConsentRecord[];
}

/** The signed-in client's 152-FZ consents (issue 26, item 3): read them, withdraw the marketing one. */
export interface ConsentsPort {
  own(options?: CallOptions): Promise<OwnConsents>;
  /** Stored as a record on the server; the newsletter subscription ends. Answers the new state. */
  withdrawMarketing(options?: CallOptions): Promise<OwnConsents>;
}

export const CONSENTS_PORT: PortToken<ConsentsPort> = portToken<ConsentsPort>('ConsentsPort');
