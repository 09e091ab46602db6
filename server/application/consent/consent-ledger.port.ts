import type { ConsentPurposeKey } from '../../../shared-rules/consent-rule';
import type { ConsentAction, ConsentRow, ConsentSubjectFilter } from '../../domain/consent-ledger';

/** A record as a form or the account writes it; the ledger adds the document's version and the time. */
export interface NewConsentRecord {
  readonly purpose: ConsentPurposeKey;
  readonly action: ConsentAction;
  readonly source: string;
  readonly clientId: number | null;
  readonly email: string | null;
  readonly phone: string | null;
  readonly reference: string | null;
  readonly ip: string;
  readonly userAgent: string;
}

export interface ConsentListFilter {
  readonly from?: number;
  readonly before?: number;
  readonly subject: ConsentSubjectFilter;
  readonly purpose?: ConsentPurposeKey;
}

/**
 * The consent ledger (consent_records): rows are only added. Each added row carries the version its
 * purpose's document (CONSENT_DOCUMENT_SLUGS) has at that moment, read in the same statement.
 */
export interface ConsentLedger {
  record(records: readonly NewConsentRecord[]): Promise<void>;
  /** The records of a client: written with their number or with their e-mail, newest first. */
  recordsOfClient(clientId: number, email: string): Promise<ConsentRow[]>;
  /**
   * Writes the withdrawal and ends the newsletter subscription of the client's number and e-mail in
   * one transaction: no mail goes out on a withdrawn consent.
   */
  withdrawMarketing(record: NewConsentRecord, email: string): Promise<void>;
  list(
    filter: ConsentListFilter,
    page: { readonly offset: number; readonly limit: number },
  ): Promise<{ readonly items: ConsentRow[]; readonly total: number }>;
  /** Every matching record, newest first, read in batches (the CSV export streams them). */
  stream(filter: ConsentListFilter): AsyncIterable<ConsentRow>;
}
