import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { kopecksOfRoubles } from '../../../../shared-rules/money-rule';
import { pluralizeProducts } from '../../../../shared-rules/plural-rule';
import { cartAvailability } from '../../../application/machines/cart-availability.machine';
import type { PaymentOptions } from '../../../application/ports/payments.port';
import { deliveryPriced } from '../../../application/quote-lines';
import type { Cart, CartItem } from '../../../domain/cart';
import { cartTotalQuantity, cartTotals } from '../../../domain/cart';
import { type CheckoutDeliveryDetails, EMPTY_DELIVERY_DETAILS } from '../../../domain/checkout';
import { formatPrice } from '../../../domain/money';
import { mainImage, productHref } from '../../../domain/product-presentation';
import { AppLink } from '../../components/app-link';
import { Button, ButtonLink } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { IconButton } from '../../components/icon-button';
import { ShoppingBag } from '../../components/icons';
import { Minus, Plus } from '../../components/page-icons';
import { Price } from '../../components/price';
import { LOADING_TEXTS } from '../../components/spinner';
import { useAfterHydration } from '../../shell/hydration';
import { useShopRuntime, useUseCase } from '../../shell/shop-context';
import { placeholderBlock, visuallyHidden } from '../../theme/utilities.css';
import { CartDelivery } from './cart-delivery';
import * as styles from './cart-view.css';
import * as layout from './client.css';
import { InstallmentHint, InstallmentNote } from './installment-hint';
import { cartActorOf, useCart } from './shop-hooks';

export const CART_TITLE = 'Корзина';
export const CART_EMPTY_TITLE = 'Корзина пуста';

/** «В наличии только 2 шт.» for a line asking more than the stock the quote reports. */
export function stockFlag(quantity: number, available: number | null | undefined): string | null {
  if (available === null || available === undefined || quantity <= available) return null;
  return available === 0 ? 'Нет в наличии' : `В наличии только ${available} шт.`;
}

/** A line's name; a line saved before its product data was known shows its number. */
export function lineName(line: Pick<CartItem, 'id' | 'name'>): string {
  const name = typeof line.name === 'string' ? line.name.trim() : '';
  return name === '' ? `Товар № ${line.id}` : name;
}

export function lineHref(line: Pick<CartItem, 'slug'>): string | null {
  return typeof line.slug === 'string' && line.slug.trim() !== '' ? productHref({ slug: line.slug }) : null;
}

/**
 * The sums of the cart: with discount, without it and the savings (spec §2 cart, domain cartTotals).
 * «Частями от …» from the payment options when they are given (read by the cart page's loader), else
 * after its own read.
 */
export function CartTotalsList({
  lines,
  paymentOptions,
}: {
  lines: readonly CartItem[];
  paymentOptions?: PaymentOptions | undefined;
}) {
  const totals = cartTotals(lines);
  const count = cartTotalQuantity(lines);
  return (
    <>
      <dl className={layout.totals}>
        <div className={layout.totalsRow}>
          <dt>
            {count} {pluralizeProducts(count)}
          </dt>
          <dd>{formatPrice(totals.withoutDiscount)}</dd>
        </div>
        {totals.savings > 0 && (
          <div className={`${layout.totalsRow} ${layout.savings}`}>
            <dt>Скидка</dt>
            <dd>−{formatPrice(totals.savings)}</dd>
          </div>
        )}
        <div className={layout.grandTotal}>
          <dt>Итого</dt>
          <dd>{formatPrice(totals.withDiscount)}</dd>
        </div>
      </dl>
      {paymentOptions === undefined ? (
        <InstallmentHint amount={kopecksOfRoubles(totals.withDiscount)} className={layout.muted} />
      ) : (
        <InstallmentNote
          options={paymentOptions}
          amount={kopecksOfRoubles(totals.withDiscount)}
          className={layout.muted}
        />
      )}
    </>
  );
}

/**
 * How many lines' pictures load with the page: the first screen holds about this many lines, and a
 * lazy picture in view waits for layout — late for the page's largest element, drawn by the server.
 */
const EAGER_PICTURES = 3;

function CartLine({
  line,
  available,
  eager,
}: {
  line: CartItem;
  available: number | undefined;
  eager: boolean;
}) {
  const flag = stockFlag(line.quantity, available);
  const shop = useShopRuntime();
  const cart = cartActorOf(shop);
  const name = lineName(line);
  const href = lineHref(line);
  const image = (
    <img
      className={styles.image}
      src={mainImage({ tovar_pic1_url_site: line.tovar_pic1_url_site ?? null })}
      alt=""
      width={112}
      height={112}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
  const price = typeof line.price === 'number' ? line.price : null;
  return (
    <li className={styles.line} aria-label={name}>
      {/* The name below is the one link to the product; the picture repeats it for the eye. */}
      <span className={styles.imageLink}>{image}</span>
      <div className={styles.info}>
        {href ? (
          <AppLink href={href} className={styles.name}>
            {name}
          </AppLink>
        ) : (
          <span className={styles.name}>{name}</span>
        )}
        <Price price={price} oldPrice={line.price_old ?? null} size="s" />
        {flag !== null && (
          <p className={layout.notice.warning} role="status">
            {flag}
          </p>
        )}
        <button
          type="button"
          className={styles.removeButton}
          onClick={() => cart.send({ type: 'cart.itemRemoved', id: line.id })}
        >
          Удалить
        </button>
      </div>
      <fieldset className={styles.quantity} aria-label={`Количество: ${name}`}>
        <IconButton
          aria-label={line.quantity <= 1 ? 'Удалить из корзины' : 'Уменьшить количество'}
          tone="surface"
          size="s"
          icon={<Minus aria-hidden="true" size={16} />}
          onClick={() =>
            cart.send({ type: 'cart.quantityChanged', id: line.id, quantity: line.quantity - 1 })
          }
        />
        <output className={styles.quantityValue} aria-live="polite">
          {line.quantity}
        </output>
        <IconButton
          aria-label="Увеличить количество"
          tone="surface"
          size="s"
          icon={<Plus aria-hidden="true" size={16} />}
          onClick={() =>
            cart.send({ type: 'cart.quantityChanged', id: line.id, quantity: line.quantity + 1 })
          }
        />
      </fieldset>
      <div className={styles.lineTotal}>
        {price === null ? formatPrice(null) : formatPrice(price * line.quantity)}
      </div>
    </li>
  );
}

/** How many placeholder lines the frame draws: most carts hold one to three. */
const FRAME_LINES = 2;

/**
 * The cart as the server draws it without a cart cookie, knowing nothing of the visitor's lines: the
 * heading and the lines' place in grey, at least a screen tall (styles.screenTall) like every state of
 * the page, so whatever the visitor's cart holds takes its place without moving what is on screen. Assistive
 * technology hears the spec's page loading text. A plain function, not a component: its elements
 * stand where CartView's own do, so React keeps the page, its heading and the lines' card when the
 * lines come rather than drawing them again.
 */
function cartFrame() {
  return (
    <div className={`${layout.page} ${styles.screenTall}`} aria-busy="true">
      <div className={styles.toolbar}>
        <h1 className={layout.title}>{CART_TITLE}</h1>
      </div>
      <div className={layout.twoColumns} aria-hidden="true">
        <div className={layout.stack}>
          <div className={layout.card}>
            <ul className={styles.lines}>
              {Array.from({ length: FRAME_LINES }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders, all alike and never reordered.
                <li key={index} className={styles.line}>
                  <span className={`${styles.imageLink} ${placeholderBlock} ${styles.bonePicture}`} />
                  <span className={styles.info}>
                    <span className={`${placeholderBlock} ${styles.boneText}`} />
                    <span className={`${placeholderBlock} ${styles.boneText} ${styles.boneTextShort}`} />
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
      <p role="status" aria-live="polite" className={visuallyHidden}>
        {LOADING_TEXTS.page}
      </p>
    </div>
  );
}

/**
 * Whether two carts draw the same lines: the same products in the same order, with the same quantity
 * and what a line shows of its product (name, link, picture, prices). Hydration keeps the lines the
 * server drew when the visitor's stored cart draws the same (ui/shell/hydration.ts).
 */
function sameDrawnLines(a: Cart | null, b: Cart | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.length === b.length &&
    a.every((line, index) => {
      const other = b[index];
      return (
        other !== undefined &&
        line.id === other.id &&
        line.quantity === other.quantity &&
        lineName(line) === lineName(other) &&
        lineHref(line) === lineHref(other) &&
        (line.tovar_pic1_url_site ?? null) === (other.tovar_pic1_url_site ?? null) &&
        (line.price ?? null) === (other.price ?? null) &&
        (line.price_old ?? null) === (other.price_old ?? null)
      );
    })
  );
}

function sameDetails(a: CheckoutDeliveryDetails, b: CheckoutDeliveryDetails): boolean {
  return (
    a.zone === b.zone &&
    a.kmBeyondKad === b.kmBeyondKad &&
    a.floor === b.floor &&
    a.lift === b.lift &&
    a.extras.length === b.extras.length &&
    a.extras.every((extra, index) => extra === b.extras[index])
  );
}

/**
 * What the server drew the cart page with (its route loader): the lines of the visitor's cart cookie
 * (application/queries/cart-page.query.ts) and the provider's payment options for «Частями от …».
 */
export interface DrawnCart {
  readonly lines: Cart;
  readonly paymentOptions: PaymentOptions;
}

/** The cart page; `drawn` is null where the server drew its neutral frame (or drew nothing). */
export function CartView({ drawn }: { drawn: DrawnCart | null }) {
  const shop = useShopRuntime();
  const stored = useCart();
  // A line above the stock is flagged when the cart loads or changes (issue 22, item 9); the same
  // quote prices «Доставка и услуги» (issue 23, item 3).
  const availability = useActorRef(useUseCase(cartAvailability));
  const available = useSelector(availability, (snapshot) => snapshot.context.available);
  // Issue 23: once «Доставка и услуги» is priced, its lines say what delivery costs.
  const priced = useSelector(availability, (snapshot) => deliveryPriced(snapshot.context.quote));
  const storedDetails = useSelector(availability, (snapshot) => snapshot.context.details);
  useEffect(() => {
    availability.send({ type: 'availability.cartShown', cart: stored });
  }, [availability, stored]);
  // Where the page must look as the server drew it (on the server and while the page hydrates, which
  // lasts until the first client navigation, so the route's part of the page, hydrated in a pass of
  // its own after the shell's, still finds it): the lines of the cart cookie, or the frame (null).
  // Right after, the visitor's stored cart takes their place — rendering nothing again when it draws
  // the same lines — and a page the browser draws shows it at once (docs/architecture.md «The cart
  // page drawn by the server»). The delivery draft is the visitor's storage too: the server's fields
  // are empty.
  const lines = useAfterHydration<Cart | null>(stored, drawn?.lines ?? null, sameDrawnLines);
  const details = useAfterHydration(storedDetails, EMPTY_DELIVERY_DETAILS, sameDetails);
  // The options the page was drawn with stay for its life: a later run of the loader (after hydration)
  // reads none, and the line would otherwise blink while its own read comes.
  const [paymentOptions] = useState(() => drawn?.paymentOptions);
  if (lines === null) return cartFrame();
  if (lines.length === 0) {
    return (
      <div className={`${layout.page} ${styles.screenTall}`}>
        <EmptyState
          headingLevel="h1"
          icon={<ShoppingBag size={40} />}
          title={CART_EMPTY_TITLE}
          text="Добавьте товары из каталога — они сохранятся здесь."
          actions={<ButtonLink href="/categories">Перейти в каталог</ButtonLink>}
        />
      </div>
    );
  }
  return (
    <div className={`${layout.page} ${styles.screenTall}`}>
      <div className={styles.toolbar}>
        <h1 className={layout.title}>{CART_TITLE}</h1>
        <Button variant="ghost" size="s" onClick={() => cartActorOf(shop).send({ type: 'cart.cleared' })}>
          Очистить корзину
        </Button>
      </div>
      <div className={layout.twoColumns}>
        <div className={layout.stack}>
          <section className={layout.card} aria-label="Товары в корзине">
            <ul className={styles.lines}>
              {lines.map((line, index) => (
                <CartLine
                  key={line.id}
                  line={line}
                  available={available[line.id]}
                  eager={index < EAGER_PICTURES}
                />
              ))}
            </ul>
          </section>
          <CartDelivery quoting={availability} details={details} />
        </div>
        <aside className={layout.stickyCard} aria-label="Сумма заказа">
          <div className={layout.stack}>
            <CartTotalsList lines={lines} paymentOptions={paymentOptions} />
            <ButtonLink href="/checkout" fullWidth size="l">
              Оформить заказ
            </ButtonLink>
            {!priced && <p className={layout.muted}>Стоимость доставки менеджер уточнит после оформления.</p>}
          </div>
        </aside>
      </div>
    </div>
  );
}
