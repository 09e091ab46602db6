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

/** What one `mode=import` call did: `finished` false means 1С is answered «progress» and calls again. */
export interface ExchangeStep extends ExchangeReport {
  readonly finished: boolean;
}

/**
 * The catalogue side. import.xml is applied in one transaction, once per exchange (`fileName`
 * remembers it while its pictures take further calls); offers.xml in steps of at most `limit`
 * offers, one transaction each, continuing where the previous call stopped.
 */
export interface ExchangeCatalogueStore {
  /**
   * Applies the catalogue unless this file was applied already in this exchange (then no lines);
   * answers how many of its pictures earlier calls went through.
   */
  importCatalogue(
    catalogue: CmlCatalogue,
    fileName: string,
  ): Promise<ExchangeReport & { readonly picturesDone: number }>;
  /** Remembers how many of the file's pictures are through (the next call starts after them). */
  savePicturesDone(fileName: string, done: number): Promise<void>;
  importOffers(offers: CmlOffers, fileName: string, limit: number): Promise<ExchangeStep>;
  /** The file is done: a later import of the same name starts over. */
  finishFile(fileName: string): Promise<void>;
}

/** The pictures 1С sends with import.xml, attached to the products they belong to. */
export interface ExchangePictures {
  /**
   * Whether the product (by its 1С Ид) shows this file already, with the same content; null when the
   * shop has no such product (not created: reported by the catalogue import).
   */
  attached(productExternalId: string, source: string, bytes: Buffer): Promise<boolean | null>;
  /**
   * Attaches the stored picture `key` for this file, replacing the one an earlier version of the file
   * gave (its key is returned, for its files to be removed); refused when the product has no room.
   */
  attach(
    productExternalId: string,
    source: string,
    bytes: Buffer,
    key: string,
  ): Promise<
    | { readonly ok: true; readonly replacedKey: string | null }
    | { readonly ok: false; readonly message: string }
  >;
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
