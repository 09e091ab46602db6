import type { CmlCatalogue, CmlOffers, CmlOrder } from '../../domain/commerceml';

/** The two exchanges of the CommerceML protocol: the catalogue in, the orders out and back. */
export type ExchangeType = 'catalog' | 'sale';

/** A CommerceML file read with limits: its КоммерческаяИнформация tree, or why it was refused. */
export type CmlParse =
  | { readonly ok: true; readonly root: Readonly<Record<string, unknown>> }
  | { readonly ok: false; readonly message: string };

/** The uploaded files of the current exchange (appended chunk by chunk). */
export interface ExchangeFiles {
  reset(type: ExchangeType): Promise<void>;
  append(
    type: ExchangeType,
    name: string,
    chunk: Buffer,
    maxBytes: number,
  ): Promise<{ readonly ok: true } | { readonly ok: false; readonly message: string }>;
  read(type: ExchangeType, name: string): Promise<Buffer | null>;
}

/** What an import did, for 1С's exchange log. */
export interface ExchangeReport {
  readonly lines: readonly string[];
}

/** The catalogue side: import.xml and offers.xml applied in one transaction each. */
export interface ExchangeCatalogueStore {
  importCatalogue(catalogue: CmlCatalogue): Promise<ExchangeReport>;
  importOffers(offers: CmlOffers): Promise<ExchangeReport>;
}

/** The order side: what 1С has not confirmed yet. */
export interface ExchangeSaleStore {
  /**
   * Live orders whose current change 1С has not confirmed (new ones, changed ones), oldest id first;
   * each is remembered as sent with the change it had.
   */
  ordersToSend(): Promise<CmlOrder[]>;
  /** 1С answered `success`: what the last `query` sent is confirmed. */
  confirmSent(): Promise<void>;
}

/** A status move asked for by 1С, through the order chart; a refusal says why in Russian. */
export type ExchangeStatusMove = (
  orderId: number,
  to: CmlOrder['status'],
) => Promise<
  { readonly ok: true; readonly changed: boolean } | { readonly ok: false; readonly message: string }
>;

/** The cookie `checkauth` hands to 1С; it sends it back on every later request of the session. */
export const EXCHANGE_COOKIE = 'shop_exchange';

/** The exchange account: HTTP Basic, then the session cookie it was given. */
export interface ExchangeAccount {
  /** Whether an Authorization header carries the exchange login and password. */
  basic(header: string | undefined): boolean;
  /** A new session's cookie value. */
  issue(): string;
  /** Whether the Cookie header holds a live session of this account. */
  session(cookieHeader: string | undefined): boolean;
}
