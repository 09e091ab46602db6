/** Product data as cart, favourites and orders need it; prices in whole roubles from the catalogue. */
export interface ProductSummaryRecord {
  readonly id: number;
  readonly slug: string;
  readonly name: string;
  readonly tovar_pic1_url_site: string | null;
  readonly price: number | null;
  readonly price_old: number | null;
  readonly badge: 'trending' | 'new' | 'available' | 'preorder' | null;
  readonly width: number | null;
  readonly depth: number | null;
  readonly height: number | null;
  readonly specs: Readonly<Record<string, string>>;
}

export interface ProductLookup {
  /** The products among `ids` that exist and are on sale, keyed by id. */
  byIds(ids: readonly number[]): Promise<ReadonlyMap<number, ProductSummaryRecord>>;
}

export interface CartRepository {
  /** Lines in the order they were added. */
  list(clientId: number): Promise<readonly { readonly productId: number; readonly quantity: number }[]>;
  replace(
    clientId: number,
    lines: readonly { readonly productId: number; readonly quantity: number }[],
  ): Promise<void>;
}

export interface FavoritesRepository {
  /** Product ids, oldest first. */
  list(clientId: number): Promise<readonly number[]>;
  add(clientId: number, productId: number): Promise<void>;
  remove(clientId: number, productId: number): Promise<void>;
  clear(clientId: number): Promise<void>;
  saveShare(hash: string, clientId: number | null, productIds: readonly number[]): Promise<void>;
  findShare(hash: string): Promise<readonly number[] | null>;
}

export interface ViewedRepository {
  /** Newest first, at most `limit`. */
  list(clientId: number, limit: number): Promise<readonly number[]>;
  /** Moves the product to the front and keeps only the newest `cap`. */
  push(clientId: number, productId: number, cap: number): Promise<void>;
  clear(clientId: number): Promise<void>;
}
