import * as Admin from '../../../api/admin-products';
import type {
  GridChange,
  SaveOutcome,
  UndoOutcome,
} from '../../application/machines/admin/bulk-price-grid.machine';
import type { ImportReport } from '../../application/machines/admin/product-import.machine';
import type { SaveRequest } from '../../application/machines/admin/record-form.machine';
import type {
  AdminProductPage,
  AdminProductQuery,
  AdminProductsPort,
  LoadedProduct,
  ProductDraft,
  ProductImage,
  ProductImagesChange,
  StockCorrection,
  StockMovementPage,
} from '../../application/ports/admin-products.port';
import type { CallOptions } from '../../application/ports/port-failure';
import { buildQueryString, type QueryParams } from '../../domain/query-params';
import { type HttpApiClient, joinUrl } from './api-client';

function draftOf(product: Admin.AdminProduct): ProductDraft {
  return {
    sku: product.sku,
    slug: product.slug,
    name: product.name,
    description: product.description,
    price: product.price,
    price_old: product.price_old,
    badge: product.badge,
    category_id: product.category_id,
    width: product.width,
    depth: product.depth,
    height: product.height,
    collection: product.collection,
    style: product.style,
    material: product.material,
    colour: product.colour,
    brand: product.brand,
    country: product.country,
    specs: product.specs,
    seo_title: product.seo_title,
    seo_description: product.seo_description,
    stock: product.stock,
    backorder_allowed: product.backorder_allowed,
    // Always sent by the server (optional only in the contract's read shape).
    item_class: product.item_class ?? null,
    packed_width: product.packed_width ?? null,
    packed_depth: product.packed_depth ?? null,
    packed_height: product.packed_height ?? null,
    packed_weight: product.packed_weight ?? null,
    packed_boxes: product.packed_boxes ?? null,
    assembly_available: product.assembly_available ?? false,
    availability_source: product.availability_source,
    availability_min_days: product.availability_min_days,
    availability_max_days: product.availability_max_days,
    hidden: product.hidden,
  };
}

function imagesOf(images: readonly Admin.AdminImage[]): ProductImage[] {
  return [...images]
    .sort((left, right) => left.position - right.position)
    .map((image) => ({ key: image.key, url: image.url, alt: image.alt }));
}

function loadedOf(product: Admin.AdminProduct): LoadedProduct {
  return {
    id: product.id,
    draft: draftOf(product),
    version: String(product.version),
    meta: {
      images: imagesOf(product.images),
      categoryName: product.category_name,
      deletedAt: product.deleted_at,
      updatedAt: product.updated_at,
    },
  };
}

function queryOf(query: AdminProductQuery): QueryParams {
  return {
    q: query.q?.trim() || null,
    category: query.category ?? null,
    price_min: query.priceMin ?? null,
    price_max: query.priceMax ?? null,
    badge: query.badge ?? null,
    hidden: query.hidden === undefined || query.hidden === null ? null : String(query.hidden),
    stock: query.stock ?? null,
    sort: query.sort ?? null,
    page: query.page ?? null,
    limit: query.limit ?? null,
  };
}

const STOCK_MOVEMENTS_PER_PAGE = 20;

export class AdminProductsHttpAdapter implements AdminProductsPort {
  private readonly api: HttpApiClient;
  private readonly baseUrl: string;

  constructor(api: HttpApiClient, baseUrl: string) {
    this.api = api;
    this.baseUrl = baseUrl;
  }

  list(query: AdminProductQuery, options: CallOptions = {}): Promise<AdminProductPage> {
    return this.api.call(Admin.listAdminProducts, { ...options, query: queryOf(query) });
  }

  async load(id: number, options: CallOptions = {}): Promise<LoadedProduct> {
    return loadedOf(await this.api.call(Admin.getAdminProduct, { ...options, params: { id } }));
  }

  async save(request: SaveRequest<ProductDraft>, options: CallOptions = {}): Promise<LoadedProduct> {
    if (request.id === null) {
      // A new product's empty SKU and slug are made by the server.
      const { sku, slug, ...rest } = request.draft;
      const created = await this.api.call(Admin.createAdminProduct, {
        ...options,
        body: { ...rest, ...(sku === '' ? {} : { sku }), ...(slug === '' ? {} : { slug }) },
      });
      return loadedOf(created);
    }
    const expected = request.expectedVersion === null ? undefined : Number(request.expectedVersion);
    const updated = await this.api.call(Admin.updateAdminProduct, {
      ...options,
      params: { id: Number(request.id) },
      body: { ...request.changes, ...(expected === undefined ? {} : { expected_version: expected }) },
    });
    return loadedOf(updated);
  }

  async stockMovements(id: number, page: number, options: CallOptions = {}): Promise<StockMovementPage> {
    const answer = await this.api.call(Admin.listProductStockMovements, {
      ...options,
      params: { id },
      query: { page, limit: STOCK_MOVEMENTS_PER_PAGE },
    });
    return {
      items: answer.items.map((item) => ({
        id: item.id,
        delta: item.delta,
        reasonLabel: item.reason_label,
        balanceAfter: item.balance_after,
        orderId: item.order_id,
        actorName: item.actor_name,
        note: item.note,
        createdAt: item.created_at,
      })),
      total: answer.total,
      page: answer.page,
      limit: answer.limit,
    };
  }

  async correctStock(
    id: number,
    correction: StockCorrection,
    note: string,
    options: CallOptions = {},
  ): Promise<LoadedProduct> {
    const product = await this.api.call(Admin.correctProductStock, {
      ...options,
      params: { id },
      body: { ...correction, ...(note.trim() === '' ? {} : { note: note.trim() }) },
    });
    return loadedOf(product);
  }

  async remove(id: number, options: CallOptions = {}): Promise<void> {
    await this.api.call(Admin.deleteAdminProduct, { ...options, params: { id } });
  }

  /** Picture calls answer the pictures only; the product is read again for its new version. */
  private async imagesChange(
    id: number,
    images: readonly Admin.AdminImage[],
    options: CallOptions,
  ): Promise<ProductImagesChange> {
    const product = await this.api.call(Admin.getAdminProduct, { ...options, params: { id } });
    return { images: imagesOf(images), version: String(product.version) };
  }

  async uploadImage(id: number, file: File, options: CallOptions = {}): Promise<ProductImagesChange> {
    const formData = new FormData();
    formData.append('file', file, file.name);
    const images = await this.api.call(Admin.uploadAdminProductImage, {
      ...options,
      params: { id },
      formData,
    });
    return this.imagesChange(id, images, options);
  }

  async reorderImages(
    id: number,
    keys: readonly string[],
    options: CallOptions = {},
  ): Promise<ProductImagesChange> {
    const images = await this.api.call(Admin.reorderAdminProductImages, {
      ...options,
      params: { id },
      body: { keys },
    });
    return this.imagesChange(id, images, options);
  }

  async setImageAlt(
    id: number,
    key: string,
    alt: string,
    options: CallOptions = {},
  ): Promise<ProductImagesChange> {
    const images = await this.api.call(Admin.updateAdminProductImage, {
      ...options,
      params: { id, key: Admin.imageKeyToParam(key) },
      body: { alt },
    });
    return this.imagesChange(id, images, options);
  }

  async deleteImage(id: number, key: string, options: CallOptions = {}): Promise<ProductImagesChange> {
    const images = await this.api.call(Admin.deleteAdminProductImage, {
      ...options,
      params: { id, key: Admin.imageKeyToParam(key) },
    });
    return this.imagesChange(id, images, options);
  }

  async bulkEdit(changes: readonly GridChange[], options: CallOptions = {}): Promise<SaveOutcome> {
    const operations: string[] = [];
    const failedIds: number[] = [];
    for (const change of changes) {
      const answer = await this.api.call(Admin.bulkEditAdminProducts, {
        ...options,
        body: { ids: change.ids, [change.field]: change.value } as Admin.BulkProductChange,
      });
      operations.push(answer.operation);
      for (const result of answer.results) if (!result.ok) failedIds.push(result.id);
    }
    return { operations, failedIds };
  }

  async undoBulkEdit(operations: readonly string[], options: CallOptions = {}): Promise<UndoOutcome> {
    const restored = new Set<number>();
    const skipped = new Set<number>();
    for (const operation of operations) {
      const answer = await this.api.call(Admin.undoBulkEdit, { ...options, params: { operation } });
      for (const result of answer.results) (result.ok ? restored : skipped).add(result.id);
    }
    return { restoredIds: [...restored].filter((id) => !skipped.has(id)) };
  }

  importDryRun(file: File, options: CallOptions = {}): Promise<ImportReport> {
    const formData = new FormData();
    formData.append('file', file, file.name);
    return this.api.call(Admin.importAdminProducts, { ...options, formData });
  }

  confirmImport(token: string, options: CallOptions = {}): Promise<ImportReport> {
    return this.api.call(Admin.confirmAdminProductImport, { ...options, params: { token } });
  }

  async exportUrl(query: AdminProductQuery, format: 'csv' | 'xlsx'): Promise<string> {
    const search = buildQueryString({ ...queryOf({ ...query, page: undefined, limit: undefined }), format });
    return joinUrl(this.baseUrl, `${Admin.exportAdminProducts.path}?${search}`);
  }
}
