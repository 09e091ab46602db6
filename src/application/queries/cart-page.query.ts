import { MAX_PRODUCTS_PER_READ } from '../../../shared-rules/cart-limits-rule';
import type { Cart } from '../../domain/cart';
import { decodeProductFields } from '../../domain/product';
import { CART_COOKIE_PORT } from '../ports/cart-cookie.port';
import { CATALOGUE_PORT } from '../ports/catalogue.port';
import type { CallOptions } from '../ports/port-failure';
import { defineUseCase } from '../use-case';

/** The ids in pieces the catalogue answers in one read. */
function pieces(ids: readonly number[]): number[][] {
  const all: number[][] = [];
  for (let start = 0; start < ids.length; start += MAX_PRODUCTS_PER_READ) {
    all.push(ids.slice(start, start + MAX_PRODUCTS_PER_READ));
  }
  return all;
}

/**
 * The cart's lines as the server draws the cart page (docs/architecture.md «The cart page drawn by the
 * server»): the ids and quantities the cart cookie mirrors, each with its product as the catalogue
 * has it now, in the cookie's order — the lines a cart line carries once the product is added
 * (domain `addToCart`). Products the catalogue no longer has are left out. Null — the page's neutral
 * frame — without a cart cookie, when none of its products is left, or when the catalogue cannot be
 * read: the browser's own cart then takes the frame's place right after hydration.
 *
 * The server renderer runs it with the request's cookie and records both reads — the cookie's lines
 * and the catalogue's answer — in the document; the browser's hydration runs it again and is answered
 * both from that record, so it draws exactly the lines the server drew.
 */
export const cartPageLines = defineUseCase(
  'cart.pageLines',
  { cartCookie: CART_COOKIE_PORT, catalogue: CATALOGUE_PORT },
  ({ cartCookie, catalogue }) =>
    async (options: CallOptions = {}): Promise<Cart | null> => {
      try {
        const mirrored = await cartCookie.read();
        if (mirrored === null) return null;
        const read = await Promise.all(
          pieces(mirrored.map((line) => line.id)).map((ids) => catalogue.productsByIds(ids, options)),
        );
        const products = new Map(read.flat().map((product) => [product.id, product]));
        const lines: Cart = mirrored.flatMap((line) => {
          const product = products.get(line.id);
          return product === undefined
            ? []
            : [{ ...decodeProductFields(product), id: line.id, quantity: line.quantity }];
        });
        return lines.length === 0 ? null : lines;
      } catch {
        return null;
      }
    },
);
