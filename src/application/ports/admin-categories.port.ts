import type { CallOptions } from './port-failure';
import type { PortToken } from './port-token';
import { portToken } from './port-token';

/**
 * The category tree of the back office (issue 11): every category (inactive too), moving one in the
 * tree (a 301 redirect follows from each old /category/… path), the active flag, the picture,
 * cross-links, and the list of redirects. Administrator session only.
 */
export interface AdminCategory {
  readonly id: number;
  readonly name: string;
  readonly slug: string;
  readonly active: boolean;
  readonly parentId: number | null;
  /** Ids of cross-linked categories. */
  readonly refs: readonly number[];
  /** The slug path after /category/. */
  readonly path: string;
  readonly sortOrder: number;
  readonly imageUrl: string | null;
  readonly productCount: number;
  readonly version: number;
}

export interface CategoryRedirect {
  readonly id: number;
  readonly fromPath: string;
  readonly toPath: string;
  readonly source: string;
  readonly createdAt: string;
}

export interface CategoryMove {
  readonly id: number;
  readonly parentId: number | null;
  /** 0-based position among the new siblings. */
  readonly position: number;
  readonly expectedVersion: number;
}

export interface NewCategory {
  readonly name: string;
  readonly slug: string | null;
  readonly parentId: number | null;
}

export interface CategoryEdit {
  readonly name: string;
  readonly slug: string;
}

export interface AdminCategoriesPort {
  list(options?: CallOptions): Promise<readonly AdminCategory[]>;
  /** Answers the whole tree after the move. */
  move(move: CategoryMove, options?: CallOptions): Promise<readonly AdminCategory[]>;
  setActive(
    id: number,
    active: boolean,
    expectedVersion: number,
    options?: CallOptions,
  ): Promise<AdminCategory>;
  rename(id: number, name: string, expectedVersion: number, options?: CallOptions): Promise<AdminCategory>;
  create(name: string, parentId: number | null, options?: CallOptions): Promise<AdminCategory>;
  /** A new category with the slug the manager chose (the server makes one from the name when null). */
  createWithSlug(draft: NewCategory, options?: CallOptions): Promise<AdminCategory>;
  /** Name and slug at once; a slug change moves the subtree paths and records 301 redirects. */
  edit(
    id: number,
    changes: CategoryEdit,
    expectedVersion: number,
    options?: CallOptions,
  ): Promise<AdminCategory>;
  remove(id: number, options?: CallOptions): Promise<void>;
  uploadImage(id: number, file: File, options?: CallOptions): Promise<AdminCategory>;
  deleteImage(id: number, options?: CallOptions): Promise<AdminCategory>;
  link(a: number, b: number, options?: CallOptions): Promise<void>;
  unlink(a: number, b: number, options?: CallOptions): Promise<void>;
  redirects(query: { readonly q?: string }, options?: CallOptions): Promise<readonly CategoryRedirect[]>;
  removeRedirect(id: number, options?: CallOptions): Promise<void>;
  /** A hand-made 301 (source 'manual'). */
  addRedirect(fromPath: string, toPath: string, options?: CallOptions): Promise<CategoryRedirect>;
}

export const ADMIN_CATEGORIES_PORT: PortToken<AdminCategoriesPort> =
  portToken<AdminCategoriesPort>('AdminCategoriesPort');
