import { and, count, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import { CONSENT_DOCUMENT_SLUGS } from '../../../shared-rules/consent-rule';
import type {
  ConsentLedger,
  ConsentListFilter,
  NewConsentRecord,
} from '../../application/consent/consent-ledger.port';
import type { ConsentRow } from '../../domain/consent-ledger';
import { likePattern } from '../../domain/contact-search';
import type { AppDb } from '../db/database';
import { subscriptions } from '../db/schema/accounts.schema';
import { consentRecords } from '../db/schema/consent.schema';
import { staticPages } from '../db/schema/content.schema';

/** Rows the export reads at a time: the file streams while the ledger grows to millions of rows. */
const EXPORT_BATCH = 1000;

const columns = {
  id: consentRecords.id,
  createdAt: consentRecords.createdAt,
  purpose: consentRecords.purpose,
  action: consentRecords.action,
  document: consentRecords.document,
  documentVersion: consentRecords.documentVersion,
  source: consentRecords.source,
  clientId: consentRecords.clientId,
  email: consentRecords.email,
  phone: consentRecords.phone,
  reference: consentRecords.reference,
  ip: consentRecords.ip,
  userAgent: consentRecords.userAgent,
};

type Selected = Omit<ConsentRow, 'at'> & { readonly createdAt: Date };

const rowOf = ({ createdAt, ...row }: Selected): ConsentRow => ({ ...row, at: createdAt.getTime() });

/** The document's slug and its current version (0 when the page is missing), read in the insert itself. */
function documentOf(record: NewConsentRecord) {
  const slug = CONSENT_DOCUMENT_SLUGS[record.purpose];
  return {
    document: slug,
    documentVersion: sql<number>`coalesce((select ${staticPages.version} from ${staticPages} where ${staticPages.slug} = ${slug}), 0)`,
  };
}

function whereOf(filter: ConsentListFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.from !== undefined) conditions.push(gte(consentRecords.createdAt, new Date(filter.from)));
  if (filter.before !== undefined) conditions.push(lt(consentRecords.createdAt, new Date(filter.before)));
  if (filter.purpose !== undefined) conditions.push(eq(consentRecords.purpose, filter.purpose));
  const { subject } = filter;
  if (subject.kind === 'client') conditions.push(eq(consentRecords.clientId, subject.clientId));
  if (subject.kind === 'text')
    conditions.push(sql`coalesce(${consentRecords.email}, '') ilike ${likePattern(subject.text)}`);
  if (subject.kind === 'phone') {
    const any = or(
      ...subject.variants.map(
        (variant) =>
          sql`regexp_replace(coalesce(${consentRecords.phone}, ''), '[^0-9]', '', 'g') like ${likePattern(variant)}`,
      ),
    );
    if (any) conditions.push(any);
  }
  return conditions.length === 0 ? undefined : and(...conditions);
}

export class DrizzleConsentLedger implements ConsentLedger {
  constructor(private readonly db: AppDb) {}

  async record(records: readonly NewConsentRecord[]): Promise<void> {
    if (records.length === 0) return;
    await this.db
      .insert(consentRecords)
      .values(records.map((record) => ({ ...record, ...documentOf(record) })));
  }

  async recordsOfClient(clientId: number, email: string): Promise<ConsentRow[]> {
    const rows = await this.db
      .select(columns)
      .from(consentRecords)
      .where(or(eq(consentRecords.clientId, clientId), eq(consentRecords.email, email)))
      .orderBy(desc(consentRecords.createdAt), desc(consentRecords.id))
      .limit(500);
    return rows.map(rowOf);
  }

  async withdrawMarketing(record: NewConsentRecord, email: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(consentRecords).values({ ...record, ...documentOf(record) });
      const clientId = record.clientId;
      await tx
        .delete(subscriptions)
        .where(
          clientId === null
            ? eq(subscriptions.email, email)
            : or(eq(subscriptions.email, email), eq(subscriptions.clientId, clientId)),
        );
    });
  }

  async list(
    filter: ConsentListFilter,
    page: { readonly offset: number; readonly limit: number },
  ): Promise<{ readonly items: ConsentRow[]; readonly total: number }> {
    const where = whereOf(filter);
    const [rows, totals] = await Promise.all([
      this.db
        .select(columns)
        .from(consentRecords)
        .where(where)
        .orderBy(desc(consentRecords.createdAt), desc(consentRecords.id))
        .offset(page.offset)
        .limit(page.limit),
      this.db.select({ total: count() }).from(consentRecords).where(where),
    ]);
    return { items: rows.map(rowOf), total: totals[0]?.total ?? 0 };
  }

  async *stream(filter: ConsentListFilter): AsyncIterable<ConsentRow> {
    const where = whereOf(filter);
    // Keyset paging by id, newest first: rows added while the file is written do not shift the pages.
    let before: number | null = null;
    for (;;) {
      const rows: Selected[] = await this.db
        .select(columns)
        .from(consentRecords)
        .where(before === null ? where : and(where, lt(consentRecords.id, before)))
        .orderBy(desc(consentRecords.id))
        .limit(EXPORT_BATCH);
      for (const row of rows) yield rowOf(row);
      const last = rows.at(-1);
      if (last === undefined || rows.length < EXPORT_BATCH) return;
      before = last.id;
    }
  }
}
