import type { AvailabilitySourceKind } from '../../../shared-rules/availability-rule';
import type { ItemClass } from '../../../shared-rules/item-class-rule';
import { SPEC_LABELS } from '../../../shared-rules/product-spec-rule';
import type { ProductBadge } from '../../domain/product';
import type { GridChange, SaveOutcome, UndoOutcome } from '../machines/admin/bulk-price-grid.machine';
import type { ImportReport } from '../machines/admin/product-import.machine';
import type { LoadedRecord, SaveRequest } from '../machines/admin/record-form.machine';
import type { CallOptions } from './port-failure';
import type { PortToken } from './port-token';
import { portToken } from './port-token';

/**
 * The back office's product calls (/api/admin/products…, issue 11): the list with its filters, the
 * record form (with the version it was read at, so a concurrent save is a conflict), pictures, the
 * bulk edit with undo, and import with a dry run. Administrator session only.
 */

/** The order the product form lists the spec keys in (their labels: shared-rules/product-spec-rule.ts). */
const SPEC_FORM_ORDER = [
  'COLOR',
  'MATERIAL',
  'SIZE',
  'COUNTRY',
  'FABRIKA',
  'SERIA',
  'STYLE',
  'UPAK_VES',
  'UPAK_OBEM',
  'UPAK_KOLVO',
] as const satisfies readonly (keyof typeof SPEC_LABELS)[];

/** Spec §3 "Spec labels": the visible spec keys and their Russian labels, in the form's order. */
export const PRODUCT_SPEC_LABELS: readonly { readonly key: string; readonly label: string }[] =
  SPEC_FORM_ORDER.map((key) => ({ key, label: SPEC_LABELS[key] }));

/** SEO limits (spec §9: the storefront cuts descriptions at about 157 characters). */
export const SEO_LIMITS = { title: 70, description: 300, descriptionCut: 157 } as const;

/** The list's orders (api/admin-products.ts AdminProductSort); `new` — newest first — by default. */
export const ADMIN_PRODUCT_SORTS = [
  'new',
  'updated',
  'name',
  'price_asc',
  'price_desc',
  'stock_asc',
  'stock_desc',
] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];

export interface AdminProductQuery {
  readonly q?: string;
  readonly category?: number | null;
  readonly priceMin?: number | null;
  readonly priceMax?: number | null;
  readonly badge?: ProductBadge | 'none' | null;
  readonly hidden?: boolean | null;
  readonly stock?: 'in' | 'out' | 'untracked' | null;
  readonly sort?: AdminProductSort | null;
  readonly page?: number;
  readonly limit?: number;
}

export interface AdminProductRow {
  readonly id: number;
  readonly sku: string;
  readonly slug: string;
  readonly name: string;
  readonly price: number;
  readonly price_old: number | null;
  readonly badge: ProductBadge | null;
  readonly category_id: number;
  readonly category_name: string;
  readonly category_active: boolean;
  readonly image_url: string | null;
  readonly stock: number | null;
  readonly backorder_allowed: boolean;
  readonly hidden: boolean;
  readonly updated_at: string;
}

export interface AdminProductPage {
  readonly items: readonly AdminProductRow[];
  readonly total: number;
  /** More products match than `total` (the server counts only so far past the page): «больше N». */
  readonly total_capped?: boolean;
  readonly page: number;
  readonly limit: number;
}

/** What the product form edits (the images are managed beside it, not through the draft). */
export interface ProductDraft {
  readonly sku: string;
  readonly slug: string;
  readonly name: string;
  /** HTML from the editor; the server sanitises it and answers the stored form. */
  readonly description: string;
  readonly price: number;
  readonly price_old: number | null;
  readonly badge: ProductBadge | null;
  readonly category_id: number;
  readonly width: number | null;
  readonly depth: number | null;
  readonly height: number | null;
  readonly collection: string;
  readonly style: string;
  readonly material: string;
  readonly colour: string;
  readonly brand: string;
  readonly country: string;
  readonly specs: Readonly<Record<string, string>>;
  readonly seo_title: string;
  readonly seo_description: string;
  /** null: not tracked (always available). A change is saved as a «Ручная корректировка» ledger row. */
  readonly stock: number | null;
  /** Sold «под заказ» beyond the stock. */
  readonly backorder_allowed: boolean;
  /** What the delivery tariffs price it as (issue 23); null: a small item. */
  readonly item_class: ItemClass | null;
  /** Packed size, whole cm; weight in kg (one decimal); boxes it ships in. */
  readonly packed_width: number | null;
  readonly packed_depth: number | null;
  readonly packed_height: number | null;
  readonly packed_weight: number | null;
  readonly packed_boxes: number | null;
  /** The shop can assemble it (the checkout offers «Сборка» only then). */
  readonly assembly_available: boolean;
  /** Where the goods come from (shared-rules/availability-rule.ts): the storefront's date follows it. */
  readonly availability_source: AvailabilitySourceKind;
  /** Supplier: its working days; made to order: the fewest. Null otherwise. */
  readonly availability_min_days: number | null;
  /** Made to order: the most working days. Null otherwise. */
  readonly availability_max_days: number | null;
  readonly hidden: boolean;
}

/** One row of a product's stock ledger («Движение остатков»). */
interface StockMovementRow {
  readonly id: number;
  /** Units added (+) or taken (−). */
  readonly delta: number;
  readonly reasonLabel: string;
  readonly balanceAfter: number;
  readonly orderId: number | null;
  readonly actorName: string | null;
  readonly note: string | null;
  /** ISO time. */
  readonly createdAt: string;
}

export interface StockMovementPage {
  readonly items: readonly StockMovementRow[];
  readonly total: number;
  readonly page: number;
  readonly limit: number;
}

/** A manual correction: by a difference (found / written off) or to a counted balance. */
export type StockCorrection = { readonly delta: number } | { readonly balance: number };

export interface ProductImage {
  readonly key: string;
  readonly url: string;
  readonly alt: string;
}

/** The read-only part of a product the form shows. */
export interface ProductMeta {
  readonly images: readonly ProductImage[];
  readonly categoryName: string;
  readonly deletedAt: string | null;
  readonly updatedAt: string;
}

export type LoadedProduct = LoadedRecord<ProductDraft, ProductMeta>;

/** Pictures after a change, with the product's new version (the form saves on top of it). */
export interface ProductImagesChange {
  readonly images: readonly ProductImage[];
  readonly version: string;
}

export interface AdminProductsPort {
  list(query: AdminProductQuery, options?: CallOptions): Promise<AdminProductPage>;
  load(id: number, options?: CallOptions): Promise<LoadedProduct>;
  /** Create (id null) or change the named fields; a stale `expectedVersion` fails with `version_conflict`. */
  save(request: SaveRequest<ProductDraft>, options?: CallOptions): Promise<LoadedProduct>;
  remove(id: number, options?: CallOptions): Promise<void>;
  uploadImage(id: number, file: File, options?: CallOptions): Promise<ProductImagesChange>;
  reorderImages(id: number, keys: readonly string[], options?: CallOptions): Promise<ProductImagesChange>;
  setImageAlt(id: number, key: string, alt: string, options?: CallOptions): Promise<ProductImagesChange>;
  deleteImage(id: number, key: string, options?: CallOptions): Promise<ProductImagesChange>;
  /** One bulk call per change; answers the undoable operations and the products refused. */
  bulkEdit(changes: readonly GridChange[], options?: CallOptions): Promise<SaveOutcome>;
  undoBulkEdit(operations: readonly string[], options?: CallOptions): Promise<UndoOutcome>;
  importDryRun(file: File, options?: CallOptions): Promise<ImportReport>;
  confirmImport(token: string, options?: CallOptions): Promise<ImportReport>;
  /** The address of the export download (same filters as the list). */
  exportUrl(query: AdminProductQuery, format: 'csv' | 'xlsx'): Promise<string>;
  /** The product's stock ledger, newest first. */
  stockMovements(id: number, page: number, options?: CallOptions): Promise<StockMovementPage>;
  /** Records a «Ручная корректировка»; answers the product with its new stock and version. */
  correctStock(
    id: number,
    correction: StockCorrection,
    note: string,
    options?: CallOptions,
  ): Promise<LoadedProduct>;
}

export const ADMIN_PRODUCTS_PORT: PortToken<AdminProductsPort> =
  portToken<AdminProductsPort>('AdminProductsPort');
