import type { RequestKind, RequestStatus } from './admin-requests.port';
import type { CallOptions } from './port-failure';
import type { PortToken } from './port-token';
import { portToken } from './port-token';

/** The back office's clients (api/admin-clients.ts): search, the client's card, two account actions. */
export interface AdminClientSummary {
  readonly id: number;
  readonly email: string;
  readonly name: string | null;
  readonly phone: string | null;
  readonly createdAt: string;
  readonly lastSeenAt: string | null;
  readonly ordersCount: number;
  readonly requestsCount: number;
}

export type ClientSort = 'created_desc' | 'created_asc' | 'last_seen_desc' | 'email_asc' | 'name_asc';

export interface AdminClientQuery {
  readonly q?: string;
  readonly sort?: ClientSort;
  readonly page?: number;
  readonly limit?: number;
}

export interface AdminClientPage {
  readonly items: readonly AdminClientSummary[];
  readonly total: number;
  readonly page: number;
  readonly limit: number;
}

export interface AdminClientDetail extends AdminClientSummary {
  readonly mustChangePassword: boolean;
  readonly sessionsCount: number;
  readonly subscription: { readonly email: string; readonly since: string } | null;
  readonly orders: readonly {
    readonly id: number;
    readonly status: string;
    readonly statusLabel: string;
    /** Kopecks. */
    readonly total: number;
    readonly createdAt: string;
  }[];
  readonly requests: readonly {
    readonly id: number;
    readonly kind: RequestKind;
    readonly status: RequestStatus;
    readonly subject: string;
    readonly createdAt: string;
    readonly repliesCount: number;
  }[];
  readonly favourites: readonly {
    readonly productId: number;
    readonly name: string;
    readonly slug: string;
    readonly addedAt: string;
  }[];
  readonly cart: readonly AdminClientCartLine[];
  readonly totals: AdminClientTotals;
  /** The managers' internal note. */
  readonly notes: string;
  readonly tags: readonly string[];
}

interface AdminClientCartLine {
  readonly productId: number;
  readonly name: string;
  readonly slug: string;
  readonly quantity: number;
  /** Kopecks. */
  readonly price: number;
  /** Kopecks. */
  readonly lineTotal: number;
}

/** Paid or delivered orders, not cancelled (docs/money.md «A client's totals»). Kopecks. */
interface AdminClientTotals {
  readonly orders: number;
  readonly spent: number;
  readonly averageCheque: number | null;
}

/** A manager's correction of the client's contacts ('' clears the name or the phone). */
export interface AdminClientContactsChange {
  readonly name: string | null;
  readonly phone: string | null;
  readonly email: string;
}

export interface AdminClientNotesChange {
  readonly notes: string;
  readonly tags: readonly string[];
}

export interface AdminClientsPort {
  list(query?: AdminClientQuery, options?: CallOptions): Promise<AdminClientPage>;
  get(clientId: number, options?: CallOptions): Promise<AdminClientDetail>;
  /** Signs the client out everywhere; answers how many sessions ended. */
  endSessions(clientId: number, options?: CallOptions): Promise<number>;
  sendPasswordReset(clientId: number, options?: CallOptions): Promise<void>;
  /** Answers the whole card as saved; a refusal is `email_taken` (409) or a field's 400. */
  changeContacts(
    clientId: number,
    change: AdminClientContactsChange,
    options?: CallOptions,
  ): Promise<AdminClientDetail>;
  changeNotes(
    clientId: number,
    change: AdminClientNotesChange,
    options?: CallOptions,
  ): Promise<AdminClientDetail>;
}

export const ADMIN_CLIENTS_PORT: PortToken<AdminClientsPort> =
  portToken<AdminClientsPort>('AdminClientsPort');
