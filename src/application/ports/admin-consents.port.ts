import type { CallOptions } from './port-failure';
import type { PortToken } from './port-token';
import { portToken } from './port-token';

/** «Согласия»'s filter (api/admin-consents.ts): Moscow days and a subject (e-mail, phone or client number). */
export interface AdminConsentFilter {
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly subject?: string | undefined;
  readonly page?: number | undefined;
}

export interface AdminConsentRow {
  readonly id: number;
  readonly at: string;
  readonly purpose: 'personal_data' | 'marketing';
  readonly action: 'given' | 'withdrawn';
  readonly document: string;
  readonly documentVersion: number;
  readonly source: string;
  readonly clientId: number | null;
  readonly email: string | null;
  readonly phone: string | null;
  readonly reference: string | null;
  readonly ip: string;
  readonly userAgent: string;
}

export interface AdminConsentPage {
  readonly items: readonly AdminConsentRow[];
  readonly total: number;
  readonly page: number;
  readonly limit: number;
}

/** The back office's consent records (issue 26, item 3; docs/privacy.md «The owner's export»). */
export interface AdminConsentsPort {
  list(filter: AdminConsentFilter, options?: CallOptions): Promise<AdminConsentPage>;
  /** The CSV of the same filter, as an address the browser downloads. */
  exportUrl(filter: AdminConsentFilter): Promise<string>;
}

export const ADMIN_CONSENTS_PORT: PortToken<AdminConsentsPort> =
  portToken<AdminConsentsPort>('AdminConsentsPort');
