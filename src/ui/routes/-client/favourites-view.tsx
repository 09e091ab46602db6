import { Link, useLocation } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { pluralizeProducts } from '../../../../shared-rules/plural-rule';
import { favouritesShare } from '../../../application/machines/favourites-share.machine';
import type { SharedList } from '../../../application/queries/shared-favourites.query';
import { addToCart, type Cart, cartTotals } from '../../../domain/cart';
import type { FavouriteItem, Favourites } from '../../../domain/favourites';
import { isFavourite } from '../../../domain/favourites';
import { FREE_DELIVERY_FROM, formatPrice } from '../../../domain/money';
import type { ProductSummary } from '../../../domain/product';
import { Button, ButtonLink } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { Heart } from '../../components/icons';
import { SHOP_NAME } from '../../components/logo';
import { ProductCard } from '../../components/product-card';
import { ProductGrid } from '../../components/product-grid';
import { inCartFeedbackMachine } from '../../shell/in-cart-feedback.machine';
import { useShopRuntime, useUseCase } from '../../shell/shop-context';
import * as layout from './client.css';
import * as styles from './favourites-view.css';
import { cartActorOf, favouritesActorOf, useAuthView, useCart, useFavourites } from './shop-hooks';

export const FAVOURITES_TITLE = 'Подборка товаров';
export const ADD_ALL_FAILED_MESSAGE = 'Ошибка при добавлении товаров в корзину';
export const INVALID_SHARE_LINK_MESSAGE = 'Некорректная ссылка.';
export const SHARED_LIST_MISSING_MESSAGE = 'Список не найден или пуст.';

/** A favourite as a product card: fields saved without product data get neutral values. */
export function favouriteAsProduct(item: FavouriteItem): ProductSummary {
  const name = typeof item.name === 'string' && item.name.trim() !== '' ? item.name : `Товар № ${item.id}`;
  return {
    id: item.id,
    slug: item.slug ?? String(item.id),
    name,
    tovar_pic1_url_site: item.tovar_pic1_url_site ?? null,
    price: item.price ?? null,
    price_old: item.price_old ?? null,
    badge: item.badge ?? null,
    width: item.width ?? null,
    depth: item.depth ?? null,
    height: item.height ?? null,
    specs: item.specs ?? {},
  };
}

/** The list's sums: each product once (spec: totals without and with discount and the savings). */
export function favouritesTotals(list: Favourites) {
  return cartTotals(list.map((item) => ({ ...item, quantity: 1 })));
}

/**
 * Whether every product can go into the cart: the domain's own add rule is run on the current cart,
 * so a refusal (a full cart, a broken id) is known before anything is sent and nothing is half-added.
 */
export function canAddAll(cart: Cart, list: Favourites): boolean {
  let current = cart;
  for (const item of list) {
    const result = addToCart(current, favouriteAsProduct(item));
    if (!result.ok) return false;
    current = result.value;
  }
  return true;
}

/** Tells the shopper something went wrong in the way the spec asks (an alert). */
export type Alerter = (message: string) => void;
const windowAlert: Alerter = (message) => window.alert(message);

/** Copies text; resolves false when the browser refuses (no clipboard, no permission). */
export type Copier = (text: string) => Promise<boolean>;
const clipboardCopy: Copier = async (text) => {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
};

export interface FavouritesCollectionProps {
  readonly items: Favourites;
  /** The shared page: share is disabled and the list is not the visitor's own. */
  readonly shared: boolean;
  readonly onClear: () => void;
  readonly alert?: Alerter;
  readonly copy?: Copier;
}

export function FavouritesCollection({
  items,
  shared,
  onClear,
  alert = windowAlert,
  copy = clipboardCopy,
}: FavouritesCollectionProps) {
  const shop = useShopRuntime();
  const shareMachineFor = useUseCase(favouritesShare);
  const auth = useAuthView();
  const cart = useCart();
  const own = useFavourites();
  // Spec §4: a card's «В корзине» shows for 1 s after adding (the shell's feedback machine).
  const feedback = useActorRef(inCartFeedbackMachine);
  const feedbackShown = useSelector(feedback, (snapshot) => snapshot.context.shown);
  const addToCartWithFeedback = (product: ProductSummary) => {
    cartActorOf(shop).send({ type: 'cart.itemAdded', product });
    feedback.send({ type: 'feedback.shown', id: product.id });
  };
  // «Поделиться»: the share machine saves the snapshot, copies the link and says how it went.
  const copier = useRef(copy);
  copier.current = copy;
  const shareMachine = useMemo(() => shareMachineFor((text) => copier.current(text)), [shareMachineFor]);
  const share = useActorRef(shareMachine);
  const sharing = useSelector(share, (snapshot) => snapshot.hasTag('busy'));
  const sharedUrl = useSelector(share, (snapshot) =>
    snapshot.matches('ready') ? snapshot.context.url : null,
  );
  const linkCopied = useSelector(share, (snapshot) => snapshot.matches({ ready: 'copied' }));
  const shareFailure = useSelector(share, (snapshot) => snapshot.context.failure);
  const totals = favouritesTotals(items);

  const addAll = () => {
    if (!canAddAll(cart, items)) {
      alert(ADD_ALL_FAILED_MESSAGE);
      return;
    }
    const actor = cartActorOf(shop);
    for (const item of items) actor.send({ type: 'cart.itemAdded', product: favouriteAsProduct(item) });
  };

  const shareList = () =>
    share.send({
      type: 'share.requested',
      productIds: items.map((item) => item.id),
      origin: window.location.origin,
    });

  const toggleFavourite = (product: ProductSummary) => {
    const actor = favouritesActorOf(shop);
    if (isFavourite(own, product.id)) actor.send({ type: 'favourites.removed', productId: product.id });
    else actor.send({ type: 'favourites.added', item: product });
  };

  return (
    <div className={`${layout.page} ${styles.root}`}>
      <div className={styles.printHeader}>
        <strong>{SHOP_NAME}</strong> · {FAVOURITES_TITLE} · Бесплатная доставка от{' '}
        {formatPrice(FREE_DELIVERY_FROM)}
      </div>
      <div className={styles.head}>
        <div>
          <h1 className={layout.title}>{FAVOURITES_TITLE}</h1>
          <p className={layout.muted}>
            {items.length} {pluralizeProducts(items.length)}
          </p>
        </div>
        <div className={styles.actions}>
          <Button variant="secondary" size="s" onClick={shareList} disabled={shared || sharing}>
            Поделиться
          </Button>
          <Button variant="secondary" size="s" onClick={onClear}>
            Очистить всё
          </Button>
          <Button size="s" onClick={addAll}>
            Добавить всё в корзину
          </Button>
          <Button variant="ghost" size="s" onClick={() => window.print()}>
            Скачать PDF
          </Button>
        </div>
      </div>
      <div className={styles.body}>
        {sharedUrl !== null && (
          <div className={`${layout.notice.success} ${styles.noPrint}`} role="status">
            <p>
              {linkCopied ? 'Ссылка на подборку скопирована.' : 'Ссылка на подборку готова — скопируйте её:'}
            </p>
            <input
              className={styles.shareLink}
              readOnly
              value={sharedUrl}
              aria-label="Ссылка на подборку"
              onFocus={(event) => event.currentTarget.select()}
            />
          </div>
        )}
        {shareFailure !== null && (
          <p className={`${layout.notice.error} ${styles.noPrint}`} role="alert">
            {shareFailure}
          </p>
        )}
        <dl className={`${layout.totals} ${styles.summary}`}>
          <div className={layout.totalsRow}>
            <dt>Без скидки</dt>
            <dd>{formatPrice(totals.withoutDiscount)}</dd>
          </div>
          <div className={layout.totalsRow}>
            <dt>Со скидкой</dt>
            <dd>{formatPrice(totals.withDiscount)}</dd>
          </div>
          <div className={`${layout.totalsRow} ${layout.savings}`}>
            <dt>Экономия</dt>
            <dd>{formatPrice(totals.savings)}</dd>
          </div>
        </dl>
        {auth.status === 'guest' && <GuestPromo />}
      </div>
      <ProductGrid
        items={items}
        getKey={(item) => item.id}
        aria-label={FAVOURITES_TITLE}
        renderItem={(item) => {
          const product = favouriteAsProduct(item);
          return (
            <ProductCard
              product={product}
              isFavourite={isFavourite(own, item.id)}
              // Spec §4: «В корзине» for 1 s after adding, then the button again (not «in the cart» for good).
              inCart={feedbackShown[item.id] !== undefined}
              onToggleFavourite={toggleFavourite}
              onAddToCart={addToCartWithFeedback}
            />
          );
        }}
      />
    </div>
  );
}

function GuestPromo() {
  const here = useLocation({ select: (location) => location.pathname });
  return (
    <p className={`${layout.notice.info} ${styles.noPrint}`}>
      <Link to="/login" search={{ redirect: here }} className={layout.link}>
        Войдите
      </Link>
      , чтобы сохранить избранное в личном кабинете и видеть его на всех устройствах.
    </p>
  );
}

/** /favorites: the visitor's own list. */
export function OwnFavouritesView() {
  const shop = useShopRuntime();
  const items = useFavourites();
  if (items.length === 0) {
    return (
      <div className={layout.page}>
        <EmptyState
          headingLevel="h1"
          icon={<Heart size={40} />}
          title="В избранном пока пусто"
          text="Нажмите на сердечко на карточке товара, чтобы собрать подборку."
          actions={<ButtonLink href="/categories">Перейти в каталог</ButtonLink>}
        />
      </div>
    );
  }
  return (
    <FavouritesCollection
      items={items}
      shared={false}
      onClear={() => favouritesActorOf(shop).send({ type: 'favourites.cleared' })}
    />
  );
}

function SharedMessage({ children }: { children: ReactNode }) {
  return (
    <div className={layout.page}>
      <h1 className={layout.title}>{FAVOURITES_TITLE}</h1>
      <p className={layout.notice.warning} role="alert">
        {children}
      </p>
    </div>
  );
}

/** /favorites/share/{hash}: someone else's list, read-only apart from hiding it here. */
export function SharedFavouritesView({ list }: { list: SharedList }) {
  const [cleared, setCleared] = useState(false);
  if (list.kind === 'invalid') return <SharedMessage>{INVALID_SHARE_LINK_MESSAGE}</SharedMessage>;
  if (list.kind === 'missing' || list.items.length === 0 || cleared)
    return <SharedMessage>{SHARED_LIST_MISSING_MESSAGE}</SharedMessage>;
  // The shared snapshot is not the visitor's to delete: "clear all" only empties it on this screen.
  return <FavouritesCollection items={list.items} shared onClear={() => setCleared(true)} />;
}
