/**
 * What the shop tells a web-analytics counter (issue 26, item 4; docs/privacy.md «Яндекс Метрика»), as
 * Yandex Metrica's e-commerce documents it: `{ ecommerce: { currencyCode: 'RUB', <action>: { products,
 * actionField? } } }` pushed into `window.dataLayer`, with products `{ id, name, price, brand, category,
 * quantity }` (price in roubles, a number). Pure: the adapter only pushes what these build.
 */
import { kopecksToDecimal } from '../../shared-rules/money-rule';
import type { Cart } from './cart';

export type EcommerceAction = 'detail' | 'add' | 'remove' | 'purchase';

/** A product as Metrica reads it; fields the shop does not know are left out. */
export interface AnalyticsProduct {
  readonly id: string;
  readonly name: string;
  /** Roubles (Metrica's unit), kopecks as decimals. */
  readonly price?: number;
  readonly brand?: string;
  readonly category?: string;
  readonly quantity?: number;
}

export interface EcommerceEvent {
  readonly ecommerce: {
    readonly currencyCode: 'RUB';
    readonly detail?: EcommercePayload;
    readonly add?: EcommercePayload;
    readonly remove?: EcommercePayload;
    readonly purchase?: EcommercePayload;
  };
}

interface EcommercePayload {
  readonly products: readonly AnalyticsProduct[];
  readonly actionField?: { readonly id: string };
}

/** The dataLayer entry of one action; `orderId` only for a purchase (Metrica's `actionField.id`). */
export function ecommerceEvent(
  action: EcommerceAction,
  products: readonly AnalyticsProduct[],
  orderId?: number,
): EcommerceEvent {
  const payload: EcommercePayload =
    action === 'purchase' && orderId !== undefined
      ? { actionField: { id: String(orderId) }, products }
      : { products };
  return { ecommerce: { currencyCode: 'RUB', [action]: payload } };
}

/** A product's known fields as Metrica's product (empty texts and unknown prices left out). */
export function analyticsProduct(fields: {
  readonly id: number;
  readonly name?: string | undefined;
  readonly price?: number | null | undefined;
  readonly brand?: string | undefined;
  readonly category?: string | undefined;
  readonly quantity?: number | undefined;
}): AnalyticsProduct {
  return {
    id: String(fields.id),
    name: fields.name ?? '',
    ...(typeof fields.price === 'number' && Number.isFinite(fields.price) ? { price: fields.price } : {}),
    ...(fields.brand ? { brand: fields.brand } : {}),
    ...(fields.category ? { category: fields.category } : {}),
    ...(fields.quantity !== undefined ? { quantity: fields.quantity } : {}),
  };
}

/** A placed order's lines as Metrica's products: the price each unit was sold at, in roubles. */
export function orderProducts(
  items: readonly {
    readonly productId: number;
    readonly name: string;
    readonly quantity: number;
    /** Kopecks. */
    readonly unitPrice: number;
  }[],
): AnalyticsProduct[] {
  return items.map((item) =>
    analyticsProduct({
      id: item.productId,
      name: item.name,
      price: Number(kopecksToDecimal(item.unitPrice)),
      quantity: item.quantity,
    }),
  );
}

/**
 * What a change of the cart added and removed, line by line: a new line or a larger quantity is an
 * `add` of the difference, a smaller quantity or a dropped line a `remove` of it.
 */
export function cartChanges(
  previous: Cart,
  next: Cart,
): { readonly added: AnalyticsProduct[]; readonly removed: AnalyticsProduct[] } {
  const before = new Map(previous.map((line) => [line.id, line]));
  const after = new Map(next.map((line) => [line.id, line]));
  const added: AnalyticsProduct[] = [];
  const removed: AnalyticsProduct[] = [];
  for (const line of next) {
    const had = before.get(line.id)?.quantity ?? 0;
    if (line.quantity > had) added.push(analyticsProduct({ ...line, quantity: line.quantity - had }));
  }
  for (const line of previous) {
    const has = after.get(line.id)?.quantity ?? 0;
    if (line.quantity > has) removed.push(analyticsProduct({ ...line, quantity: line.quantity - has }));
  }
  return { added, removed };
}

/** The visitor's answer in the cookie notice: analytics too, or only the cookies the shop needs. */
export type CookieChoice = 'all' | 'necessary';

export function decodeCookieChoice(raw: string | null): CookieChoice | null {
  return raw === 'all' || raw === 'necessary' ? raw : null;
}
