import { and, eq, inArray, isNull, not, type SQL } from 'drizzle-orm';
import { isItemClass } from '../../../shared-rules/item-class-rule';
import type { ProductDeliveryFacts } from '../../application/delivery.service';
import type { AppDb } from '../db/database';
import { products } from '../db/schema/catalog.schema';
import { sourceOf } from './drizzle-delivery-calendar';

const positive = (value: number | null): value is number => value !== null && value > 0;

/** Availability, item class and packed box of the products `where` picks, by id. */
async function factsWhere(db: AppDb, where: SQL | undefined): Promise<Map<number, ProductDeliveryFacts>> {
  const found = new Map<number, ProductDeliveryFacts>();
  const rows = await db
    .select({
      id: products.id,
      availabilitySource: products.availabilitySource,
      availabilityMinDays: products.availabilityMinDays,
      availabilityMaxDays: products.availabilityMaxDays,
      itemClass: products.itemClass,
      packedWidth: products.packedWidth,
      packedDepth: products.packedDepth,
      packedHeight: products.packedHeight,
    })
    .from(products)
    .where(where);
  for (const row of rows) {
    const { packedWidth, packedDepth, packedHeight } = row;
    found.set(row.id, {
      source: sourceOf(row),
      itemClass: isItemClass(row.itemClass) ? row.itemClass : null,
      packed:
        positive(packedWidth) && positive(packedDepth) && positive(packedHeight)
          ? { widthCm: packedWidth, depthCm: packedDepth, heightCm: packedHeight }
          : null,
    });
  }
  return found;
}

/**
 * The delivery facts of several products in one query (the cart's «Привезём …» and «Поместится?»):
 * availability, item class and packed box. Removed products are left out.
 */
export function productDeliveryFactsFrom(db: AppDb) {
  return async (productIds: readonly number[]): Promise<ReadonlyMap<number, ProductDeliveryFacts>> =>
    productIds.length === 0
      ? new Map()
      : factsWhere(db, and(inArray(products.id, [...new Set(productIds)]), isNull(products.deletedAt)));
}

/**
 * The same facts of the product at a slug (the product page, read together with the product): a
 * removed or hidden product is not found, as its page is not (SHOPPER_VISIBLE in the catalogue).
 */
export function productDeliveryFactsBySlugFrom(db: AppDb) {
  return async (
    slug: string,
  ): Promise<{ readonly productId: number; readonly facts: ProductDeliveryFacts } | null> => {
    const found = await factsWhere(
      db,
      and(eq(products.slug, slug), isNull(products.deletedAt), not(products.hidden)),
    );
    const [first] = found;
    return first === undefined ? null : { productId: first[0], facts: first[1] };
  };
}
