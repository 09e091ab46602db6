import type { OrderForTotals } from '../domain/client-totals';
import type { ContactSearch } from '../domain/contact-search';
import type { RequestStatus } from '../domain/request-inbox';
import type { RequestKind } from './requests.port';

/** Times are epoch milliseconds. */
export interface ClientSummaryRecord {
  readonly id: number;
  readonly email: string;
  readonly name: string | null;
  readonly phone: string | null;
  readonly createdAt: number;
  readonly lastSeenAt: number | null;
  readonly ordersCount: number;
  readonly requestsCount: number;
}

export interface ClientDetailRecord extends ClientSummaryRecord {
  readonly mustChangePassword: boolean;
  readonly sessions: readonly { readonly createdAt: number; readonly lastSeenAt: number }[];
  readonly subscription: { readonly email: string; readonly since: number } | null;
  readonly orders: readonly { id: number; status: string; total: number; createdAt: number }[];
  /** Every live order's money facts, for the totals (server/domain/client-totals.ts). */
  readonly orderMoney: readonly OrderForTotals[];
  readonly cart: readonly {
    productId: number;
    name: string;
    slug: string;
    quantity: number;
    price: number;
  }[];
  readonly notes: string;
  readonly tags: readonly string[];
  readonly requests: readonly {
    id: number;
    kind: RequestKind;
    status: RequestStatus;
    subject: string;
    createdAt: number;
    repliesCount: number;
  }[];
  readonly favourites: readonly { productId: number; name: string; slug: string; addedAt: number }[];
}

type ClientSortKey = 'created_desc' | 'created_asc' | 'last_seen_desc' | 'email_asc' | 'name_asc';

export interface ClientListFilter {
  readonly search: ContactSearch;
  readonly sort: ClientSortKey;
  readonly page: number;
  readonly limit: number;
}

export interface AdminClientsRepository {
  /** Clients only (role 'user'), never administrators. */
  list(filter: ClientListFilter): Promise<{ items: ClientSummaryRecord[]; total: number }>;
  find(clientId: number): Promise<ClientDetailRecord | null>;
  /** Deletes every session of the client; answers how many there were. */
  endSessions(clientId: number): Promise<number>;
}
