import { and, inArray, isNull } from 'drizzle-orm';
import { isItemClass } from '../../../shared-rules/item-class-rule';
import type { ProductDeliveryFacts } from '../../application/delivery.service';
import type { AppDb } from '../db/database';
import { products } from '../db/schema/catalog.schema';
import { sourceOf } from './drizzle-delivery-calendar';

const positive = (value: number | null): value is number => value !== null && value > 0;

/**
 * The delivery facts of several products in one query (the cart's «Привезём …» and «Поместится?»):
 * availability, item class and packed box. Removed products are left out.
 */
export function productDeliveryFactsFrom(db: AppDb) {
  return async (productIds: readonly number[]): Promise<ReadonlyMap<number, ProductDeliveryFacts>> => {
    const found = new Map<number, ProductDeliveryFacts>();
    if (productIds.length === 0) return found;
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
      .where(and(inArray(products.id, [...new Set(productIds)]), isNull(products.deletedAt)));
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
  };
}
