import type { AdminCategory, Redirect } from '../../api/admin-categories';
import type { AdminSeoText, AdminStyleCategory } from '../../api/admin-content';
import type { AdminNewsItem } from '../../api/admin-news';
import type { AdminStaticPage } from '../../api/admin-pages';
import type {
  AdminImage,
  AdminProduct,
  AdminProductList,
  AdminProductListQuery,
  BulkProductChange,
  ImportReport,
  ProductCreate,
  ProductPatch,
  StockMovementList,
} from '../../api/admin-products';
import type { AdminPromo } from '../../api/admin-promo';
import type { DictEntry, DictName } from '../../api/dicts';
import type { PopularTags } from '../../api/popular-tags';
import type { SeoText } from '../../api/seo';

/** What the back office writes of a page's SEO text; an absent meta field keeps the stored one. */
export interface SeoTextInput {
  readonly title: string;
  readonly html: string;
  readonly meta_title?: string;
  readonly meta_description?: string;
}

/**
 * What the back office's catalogue, promotion and content calls need from storage (issue 11). Adapters
 * return the contract's shapes; a write answers the record plus the changed fields for the audit log.
 */

/** A refused write: the HTTP status, a stable code and a Russian message for people. */
export interface AdminRefusal {
  readonly ok: false;
  readonly status: 400 | 404 | 409 | 413 | 415 | 422 | 429;
  readonly code: string;
  readonly message: string;
}

export interface AdminChange<T> {
  readonly ok: true;
  readonly value: T;
  /** The entity id and the fields that changed (before → after), for the audit log. */
  readonly audit: {
    readonly entityId: string;
    readonly before: Readonly<Record<string, unknown>> | null;
    readonly after: Readonly<Record<string, unknown>> | null;
  };
}

export type AdminWrite<T> = AdminChange<T> | AdminRefusal;

/** Rows of an import written so far, of all the rows it writes. */
export type ImportProgress = (written: number, total: number) => void;

export const refuse = (status: AdminRefusal['status'], code: string, message: string): AdminRefusal => ({
  ok: false,
  status,
  code,
  message,
});

/** An uploaded picture checked by content and rendered into its responsive files. */
interface StoredPicture {
  readonly key: string;
}

export interface PictureStore {
  /** Checks the bytes (JPEG/PNG/WEBP by content) and renders WebP/AVIF widths under `prefix`. */
  ingest(bytes: Buffer, prefix: string): Promise<{ ok: true; picture: StoredPicture } | AdminRefusal>;
  /** Removes the files of an uploaded picture (demo pictures are shared and kept). */
  remove(key: string): Promise<void>;
}

/** Who changed a product's stock and why, for its ledger row. */
export interface StockLedgerContext {
  readonly reason: 'manual_correction' | 'import';
  readonly actorId: number | null;
}

export interface StockCorrection {
  readonly change: { readonly delta: number } | { readonly balance: number };
  readonly note: string | null;
  readonly actorId: number;
}

export interface ProductAdminStore {
  /** A page of the list; `query.category` includes its descendants. */
  list(query: AdminProductListQuery): Promise<AdminProductList>;
  get(id: number): Promise<AdminProduct | null>;
  create(input: ProductCreate): Promise<AdminWrite<AdminProduct>>;
  /**
   * A changed `stock` is recorded in the stock ledger (docs/stock.md) by the difference, as
   * `ledger.reason` (default: a manual correction without a named manager) — the import passes
   * `{ reason: 'import' }`.
   */
  update(id: number, patch: ProductPatch, ledger?: StockLedgerContext): Promise<AdminWrite<AdminProduct>>;
  /** A «Ручная корректировка»: by a difference or to a new balance, recorded with the manager. */
  correctStock(id: number, correction: StockCorrection): Promise<AdminWrite<AdminProduct>>;
  /** The product's ledger, newest first; null when there is no such product. */
  stockMovements(id: number, page: number, limit: number): Promise<StockMovementList | null>;
  setDeleted(id: number, deleted: boolean): Promise<AdminWrite<AdminProduct>>;
  addImage(id: number, key: string, alt: string): Promise<AdminWrite<readonly AdminImage[]>>;
  reorderImages(id: number, keys: readonly string[]): Promise<AdminWrite<readonly AdminImage[]>>;
  setImageAlt(id: number, key: string, alt: string): Promise<AdminWrite<readonly AdminImage[]>>;
  /** Removes the picture from the product; answers whether its files may be deleted (uploaded, unused). */
  removeImage(
    id: number,
    key: string,
  ): Promise<AdminWrite<{ readonly images: readonly AdminImage[]; readonly deleteFiles: boolean }>>;
  bulkEdit(
    change: BulkProductChange,
    actorId: number | null,
  ): Promise<{ readonly operation: string; readonly results: readonly BulkRowResult[] }>;
  undoBulk(operation: string): Promise<{ ok: true; results: readonly BulkRowResult[] } | AdminRefusal>;
  importDryRun(
    file: Buffer,
    actorId: number | null,
  ): Promise<{ ok: true; report: ImportReport } | AdminRefusal>;
  /**
   * Applies a dry run's rows all or nothing, in one transaction (issue 24, item 5); `progress` hears
   * how many rows are written so far (the server logs it for long imports).
   */
  importConfirm(
    token: string,
    progress?: ImportProgress,
  ): Promise<{ ok: true; report: ImportReport } | AdminRefusal>;
  /** Rows for export in the IMPORT_COLUMNS layout, read in keyset batches as they are consumed. */
  exportRows(query: AdminProductListQuery): AsyncIterable<Record<string, string | number | null>>;
}

export interface BulkRowResult {
  readonly id: number;
  readonly ok: boolean;
  readonly error?: string;
}

export interface CategoryAdminStore {
  list(): Promise<readonly AdminCategory[]>;
  create(input: {
    name: string;
    slug?: string;
    parent_id: number | null;
    active?: boolean;
    description?: string;
  }): Promise<AdminWrite<AdminCategory>>;
  update(
    id: number,
    patch: {
      name?: string;
      slug?: string;
      active?: boolean;
      description?: string;
      expected_version?: number;
    },
  ): Promise<AdminWrite<AdminCategory>>;
  remove(id: number): Promise<AdminWrite<{ deleted: number }>>;
  move(
    id: number,
    parentId: number | null,
    position: number,
    expectedVersion?: number,
  ): Promise<AdminWrite<readonly AdminCategory[]>>;
  setImage(
    id: number,
    key: string | null,
  ): Promise<AdminWrite<{ category: AdminCategory; oldKey: string | null }>>;
  link(a: number, b: number, linked: boolean): Promise<AdminWrite<{ a: number; b: number }>>;
  listRedirects(
    q: string | undefined,
    page: number,
    limit: number,
  ): Promise<{ items: Redirect[]; total: number }>;
  createRedirect(from: string, to: string): Promise<AdminWrite<Redirect>>;
  deleteRedirect(id: number): Promise<AdminWrite<{ deleted: number }>>;
  /** The target of a 301 for a storefront path, or null. */
  redirectFor(path: string): Promise<string | null>;
}

export interface PromoAdminStore {
  list(
    q: string | undefined,
    active: boolean | undefined,
    page: number,
    limit: number,
  ): Promise<{ items: AdminPromo[]; total: number }>;
  get(code: string): Promise<AdminPromo | null>;
  create(input: PromoInput & { code: string }): Promise<AdminWrite<AdminPromo>>;
  update(code: string, patch: PromoInput & { expected_version?: number }): Promise<AdminWrite<AdminPromo>>;
  remove(code: string): Promise<AdminWrite<{ deleted: string }>>;
}

export interface PromoInput {
  readonly kind?: 'percent' | 'fixed';
  readonly value?: number;
  readonly description?: string;
  readonly min_order_total?: number;
  readonly valid_from?: string | null;
  readonly valid_until?: string | null;
  readonly active?: boolean;
  readonly usage_limit?: number | null;
  readonly per_client_limit?: number | null;
}

export interface DictStore {
  list(name: DictName): Promise<readonly DictEntry[]>;
  get(name: DictName, key: string): Promise<DictEntry | null>;
  create(
    name: DictName,
    entry: { key?: string; value: string; sort_order?: number; active?: boolean },
  ): Promise<AdminWrite<DictEntry>>;
  upsert(
    name: DictName,
    entries: readonly { key?: string; value: string; sort_order?: number; active?: boolean }[],
  ): Promise<AdminWrite<readonly DictEntry[]>>;
  update(
    name: DictName,
    key: string,
    patch: { value?: string; sort_order?: number; active?: boolean },
  ): Promise<AdminWrite<DictEntry>>;
  remove(name: DictName, key: string): Promise<AdminWrite<{ deleted: string }>>;
  refresh(): Promise<AdminWrite<{ counts: Record<string, number> }>>;
  exportCsv(name: DictName | undefined): Promise<string>;
}

export interface ContentAdminStore {
  listNews(criteria: {
    q?: string;
    type?: 'news' | 'inspiration';
    published?: boolean;
    page: number;
    limit: number;
  }): Promise<{ items: AdminNewsItem[]; total: number }>;
  getNews(id: number): Promise<AdminNewsItem | null>;
  createNews(
    input: NewsInput & { type: 'news' | 'inspiration'; title: string },
  ): Promise<AdminWrite<AdminNewsItem>>;
  updateNews(
    id: number,
    patch: NewsInput & { expected_version?: number },
  ): Promise<AdminWrite<AdminNewsItem>>;
  deleteNews(id: number): Promise<AdminWrite<{ deleted: number }>>;
  setNewsImage(
    id: number,
    key: string | null,
  ): Promise<AdminWrite<{ item: AdminNewsItem; oldKey: string | null }>>;

  listPages(): Promise<AdminStaticPage[]>;
  getPage(id: number): Promise<AdminStaticPage | null>;
  createPage(input: PageInput & { slug: string; title: string }): Promise<AdminWrite<AdminStaticPage>>;
  updatePage(
    id: number,
    patch: PageInput & { expected_version?: number },
  ): Promise<AdminWrite<AdminStaticPage>>;
  deletePage(id: number): Promise<AdminWrite<{ deleted: number }>>;

  /** The home page's and every category's SEO text, written or empty (issue 25 item 13). */
  listSeo(): Promise<AdminSeoText[]>;
  saveSeo(key: string, input: SeoTextInput, mode: 'create' | 'upsert'): Promise<AdminWrite<SeoText>>;
  deleteSeo(key: string): Promise<AdminWrite<{ deleted: string }>>;

  listTags(): Promise<PopularTags[]>;
  saveTags(key: string, tags: readonly { label: string; href: string }[]): Promise<AdminWrite<PopularTags>>;

  listStyles(): Promise<AdminStyleCategory[]>;
  getStyle(id: number): Promise<AdminStyleCategory | null>;
  createStyle(input: StyleInput & { name: string }): Promise<AdminWrite<AdminStyleCategory>>;
  updateStyle(
    id: number,
    patch: StyleInput & { expected_version?: number },
  ): Promise<AdminWrite<AdminStyleCategory>>;
  deleteStyle(id: number): Promise<AdminWrite<{ deleted: number }>>;
  setStyleImage(
    id: number,
    key: string | null,
  ): Promise<AdminWrite<{ item: AdminStyleCategory; oldKey: string | null }>>;
}

export interface NewsInput {
  readonly slug?: string;
  readonly type?: 'news' | 'inspiration';
  readonly topic_slug?: string | null;
  readonly title?: string;
  readonly excerpt?: string;
  readonly body_html?: string;
  readonly published?: boolean;
  readonly published_at?: string;
}

export interface PageInput {
  readonly slug?: string;
  readonly title?: string;
  readonly meta_description?: string;
  readonly body_html?: string;
}

export interface StyleInput {
  readonly slug?: string;
  readonly name?: string;
  readonly description?: string;
  readonly sort_order?: number;
  readonly active?: boolean;
}

/**
 * Brings the search lexicon (typo correction, suggestions) up to the committed catalogue: the word
 * changes every product and category write records are added in (docs/api.md, «The lexicon follows
 * the back office»).
 */
export interface SearchWordsUpkeep {
  catchUp(): Promise<void>;
}

/** Tells other server processes that the catalogue changed (PostgreSQL NOTIFY); a no-op on PGlite. */
export interface CatalogueChangeBus {
  publish(): Promise<void>;
}
