import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type {
  CartRepository,
  FavoritesRepository,
  ProductLookup,
  ProductSummaryRecord,
  ViewedRepository,
} from '../../application/client-data.port';
import type { AppDb } from '../db/database';
import { users } from '../db/schema/accounts.schema';
import { products } from '../db/schema/catalog.schema';
import { cartItems, favoriteShares, favorites, viewedProducts } from '../db/schema/client-data.schema';

const BADGES = ['trending', 'new', 'available', 'preorder'] as const;
const isBadge = (value: string | null): value is (typeof BADGES)[number] =>
  value !== null && (BADGES as readonly string[]).includes(value);

export class DrizzleProductLookup implements ProductLookup {
  constructor(
    private readonly db: AppDb,
    /** Public URL of a stored picture (the catalogue's media route). */
    private readonly imageUrl: (key: string) => string,
  ) {}

  async byIds(ids: readonly number[]): Promise<ReadonlyMap<number, ProductSummaryRecord>> {
    const unique = [...new Set(ids)].filter(
      (id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647,
    );
    if (unique.length === 0) return new Map();
    const rows = await this.db
      .select({
        id: products.id,
        slug: products.slug,
        name: products.name,
        price: products.price,
        priceOld: products.priceOld,
        mainImageKey: products.mainImageKey,
        badge: products.badge,
        width: products.width,
        depth: products.depth,
        height: products.height,
        specs: products.specs,
      })
      .from(products)
      // Hidden or soft-deleted in the back office: not for sale (an order with it is refused).
      .where(and(inArray(products.id, unique), isNull(products.deletedAt), eq(products.hidden, false)));
    return new Map(
      rows.map((row) => [
        row.id,
        {
          id: row.id,
          slug: row.slug,
          name: row.name,
          price: row.price,
          price_old: row.priceOld,
          tovar_pic1_url_site: row.mainImageKey === null ? null : this.imageUrl(row.mainImageKey),
          badge: isBadge(row.badge) ? row.badge : null,
          width: row.width,
          depth: row.depth,
          height: row.height,
          specs: row.specs,
        },
      ]),
    );
  }
}

type Transaction = Parameters<Parameters<AppDb['transaction']>[0]>[0];

/**
 * Serialises the writes of one client's saved lists: a read-modify-write of the cart or the viewed list
 * takes the client's users row first (NO KEY UPDATE, which does not block the foreign-key checks of
 * other tables), so two concurrent saves run one after another instead of colliding on the primary key.
 */
async function lockClient(tx: Transaction, clientId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, clientId)).for('no key update');
}

export class DrizzleCartRepository implements CartRepository {
  constructor(private readonly db: AppDb) {}

  async list(clientId: number) {
    return this.db
      .select({ productId: cartItems.productId, quantity: cartItems.quantity })
      .from(cartItems)
      .where(eq(cartItems.clientId, clientId))
      .orderBy(cartItems.position);
  }

  async replace(clientId: number, lines: readonly { productId: number; quantity: number }[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await lockClient(tx, clientId);
      await tx.delete(cartItems).where(eq(cartItems.clientId, clientId));
      if (lines.length > 0) {
        await tx.insert(cartItems).values(
          lines.map((line, position) => ({
            clientId,
            productId: line.productId,
            quantity: line.quantity,
            position,
          })),
        );
      }
    });
  }
}

export class DrizzleFavoritesRepository implements FavoritesRepository {
  constructor(private readonly db: AppDb) {}

  async list(clientId: number): Promise<number[]> {
    const rows = await this.db
      .select({ productId: favorites.productId })
      .from(favorites)
      .where(eq(favorites.clientId, clientId))
      .orderBy(favorites.createdAt, favorites.productId);
    return rows.map((row) => row.productId);
  }

  async add(clientId: number, productId: number): Promise<void> {
    await this.db.insert(favorites).values({ clientId, productId }).onConflictDoNothing();
  }

  async remove(clientId: number, productId: number): Promise<void> {
    await this.db
      .delete(favorites)
      .where(and(eq(favorites.clientId, clientId), eq(favorites.productId, productId)));
  }

  async clear(clientId: number): Promise<void> {
    await this.db.delete(favorites).where(eq(favorites.clientId, clientId));
  }

  async saveShare(hash: string, clientId: number | null, productIds: readonly number[]): Promise<void> {
    await this.db.insert(favoriteShares).values({ hash, clientId, productIds: [...productIds] });
  }

  async findShare(hash: string): Promise<number[] | null> {
    const [row] = await this.db
      .select({ productIds: favoriteShares.productIds })
      .from(favoriteShares)
      .where(eq(favoriteShares.hash, hash))
      .limit(1);
    return row ? row.productIds : null;
  }
}

export class DrizzleViewedRepository implements ViewedRepository {
  constructor(private readonly db: AppDb) {}

  async list(clientId: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .select({ productId: viewedProducts.productId })
      .from(viewedProducts)
      .where(eq(viewedProducts.clientId, clientId))
      .orderBy(desc(viewedProducts.seq))
      .limit(limit);
    return rows.map((row) => row.productId);
  }

  async push(clientId: number, productId: number, cap: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await lockClient(tx, clientId);
      const [top] = await tx
        .select({ seq: sql<number>`coalesce(max(${viewedProducts.seq}), 0)::int` })
        .from(viewedProducts)
        .where(eq(viewedProducts.clientId, clientId));
      const seq = (top?.seq ?? 0) + 1;
      await tx
        .insert(viewedProducts)
        .values({ clientId, productId, seq })
        .onConflictDoUpdate({ target: [viewedProducts.clientId, viewedProducts.productId], set: { seq } });
      // Keep the newest `cap` by rank (seq values have gaps after re-views).
      await tx.execute(
        sql`delete from ${viewedProducts} where ${viewedProducts.clientId} = ${clientId} and ${viewedProducts.productId} not in (select ${viewedProducts.productId} from ${viewedProducts} where ${viewedProducts.clientId} = ${clientId} order by ${viewedProducts.seq} desc limit ${cap})`,
      );
    });
  }

  async clear(clientId: number): Promise<void> {
    await this.db.delete(viewedProducts).where(eq(viewedProducts.clientId, clientId));
  }
}
