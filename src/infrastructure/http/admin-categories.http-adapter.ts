import * as Admin from '../../../api/admin-categories';
import type {
  AdminCategoriesPort,
  AdminCategory,
  CategoryEdit,
  CategoryMove,
  CategoryRedirect,
  NewCategory,
} from '../../application/ports/admin-categories.port';
import type { CallOptions } from '../../application/ports/port-failure';
import type { HttpApiClient } from './api-client';

function categoryOf(category: Admin.AdminCategory): AdminCategory {
  return {
    id: category.id,
    name: category.name,
    slug: category.slug,
    active: category.active,
    parentId: category.parent_id,
    refs: category.refs,
    path: category.path,
    sortOrder: category.sort_order,
    imageUrl: category.image?.url ?? null,
    productCount: category.product_count,
    version: category.version,
  };
}

function redirectOf(redirect: Admin.Redirect): CategoryRedirect {
  return {
    id: redirect.id,
    fromPath: redirect.from_path,
    toPath: redirect.to_path,
    source: redirect.source,
    createdAt: redirect.created_at,
  };
}

export class AdminCategoriesHttpAdapter implements AdminCategoriesPort {
  private readonly api: HttpApiClient;

  constructor(api: HttpApiClient) {
    this.api = api;
  }

  async list(options: CallOptions = {}): Promise<readonly AdminCategory[]> {
    return (await this.api.call(Admin.listAdminCategories, options)).map(categoryOf);
  }

  async move(move: CategoryMove, options: CallOptions = {}): Promise<readonly AdminCategory[]> {
    const tree = await this.api.call(Admin.moveCategory, {
      ...options,
      params: { id: move.id },
      body: { parent_id: move.parentId, position: move.position, expected_version: move.expectedVersion },
    });
    return tree.map(categoryOf);
  }

  async setActive(
    id: number,
    active: boolean,
    expectedVersion: number,
    options: CallOptions = {},
  ): Promise<AdminCategory> {
    return categoryOf(
      await this.api.call(Admin.updateCategory, {
        ...options,
        params: { id },
        body: { active, expected_version: expectedVersion },
      }),
    );
  }

  async rename(
    id: number,
    name: string,
    expectedVersion: number,
    options: CallOptions = {},
  ): Promise<AdminCategory> {
    return categoryOf(
      await this.api.call(Admin.updateCategory, {
        ...options,
        params: { id },
        body: { name, expected_version: expectedVersion },
      }),
    );
  }

  async create(name: string, parentId: number | null, options: CallOptions = {}): Promise<AdminCategory> {
    return categoryOf(
      await this.api.call(Admin.createCategory, { ...options, body: { name, parent_id: parentId } }),
    );
  }

  async createWithSlug(draft: NewCategory, options: CallOptions = {}): Promise<AdminCategory> {
    const body =
      draft.slug === null
        ? { name: draft.name, parent_id: draft.parentId }
        : { name: draft.name, slug: draft.slug, parent_id: draft.parentId };
    return categoryOf(await this.api.call(Admin.createCategory, { ...options, body }));
  }

  async edit(
    id: number,
    changes: CategoryEdit,
    expectedVersion: number,
    options: CallOptions = {},
  ): Promise<AdminCategory> {
    return categoryOf(
      await this.api.call(Admin.updateCategory, {
        ...options,
        params: { id },
        body: { name: changes.name, slug: changes.slug, expected_version: expectedVersion },
      }),
    );
  }

  async remove(id: number, options: CallOptions = {}): Promise<void> {
    await this.api.call(Admin.deleteCategory, { ...options, params: { id } });
  }

  async uploadImage(id: number, file: File, options: CallOptions = {}): Promise<AdminCategory> {
    const formData = new FormData();
    formData.append('file', file, file.name);
    return categoryOf(
      await this.api.call(Admin.uploadCategoryImage, { ...options, params: { id }, formData }),
    );
  }

  async deleteImage(id: number, options: CallOptions = {}): Promise<AdminCategory> {
    return categoryOf(await this.api.call(Admin.deleteCategoryImage, { ...options, params: { id } }));
  }

  async link(a: number, b: number, options: CallOptions = {}): Promise<void> {
    await this.api.call(Admin.createCategoryRef, { ...options, params: { a, b } });
  }

  async unlink(a: number, b: number, options: CallOptions = {}): Promise<void> {
    await this.api.call(Admin.deleteCategoryRef, { ...options, params: { a, b } });
  }

  async redirects(
    query: { readonly q?: string },
    options: CallOptions = {},
  ): Promise<readonly CategoryRedirect[]> {
    const page = await this.api.call(Admin.listRedirects, {
      ...options,
      query: { q: query.q?.trim() || null, limit: 200 },
    });
    return page.items.map(redirectOf);
  }

  async addRedirect(fromPath: string, toPath: string, options: CallOptions = {}): Promise<CategoryRedirect> {
    return redirectOf(
      await this.api.call(Admin.createRedirect, {
        ...options,
        body: { from_path: fromPath, to_path: toPath },
      }),
    );
  }

  async removeRedirect(id: number, options: CallOptions = {}): Promise<void> {
    await this.api.call(Admin.deleteRedirect, { ...options, params: { id } });
  }
}
