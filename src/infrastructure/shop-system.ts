import type { DependencyContainer } from 'tsyringe';
import { type Actor, createActor, fromPromise } from 'xstate';
import { composeRequestText } from '../../shared-rules/request-text-rule';
import { adminCountersMachine } from '../application/machines/admin-counters.machine';
import {
  type AuthCheckAnswer,
  type AuthStateChange,
  authMachine,
} from '../application/machines/auth.machine';
import { cartSyncMachine } from '../application/machines/cart-sync.machine';
import { cityMachine } from '../application/machines/city.machine';
import { clientCountersMachine } from '../application/machines/client-counters.machine';
import { consultationModalMachine } from '../application/machines/consultation-modal.machine';
import {
  type FavouritesServerChange,
  favouritesSyncMachine,
} from '../application/machines/favourites-sync.machine';
import { feedbackModalMachine } from '../application/machines/feedback-modal.machine';
import { recentlyViewedMachine } from '../application/machines/recently-viewed.machine';
import type {
  ClientContacts,
  RequestSubmitInput,
  RequestSubmitResult,
} from '../application/machines/request-modal.machine';
import { type ShopSystemInput, shopSystemMachine } from '../application/machines/shop-system.machine';
import { type SubscribeOutcome, subscribeMachine } from '../application/machines/subscribe.machine';
import { ANALYTICS_PORT } from '../application/ports/analytics.port';
import { AUTH_PORT } from '../application/ports/auth.port';
import { CART_PORT } from '../application/ports/cart.port';
import { CART_COOKIE_PORT, type CartCookiePort } from '../application/ports/cart-cookie.port';
import { CLIENTS_PORT } from '../application/ports/clients.port';
import { CLOCK_PORT } from '../application/ports/clock.port';
import { COOKIES_PORT, type CookiesPort } from '../application/ports/cookies.port';
import { FAVOURITES_PORT } from '../application/ports/favourites.port';
import { GEO_PORT } from '../application/ports/geo.port';
import {
  KEY_VALUE_STORAGE_PORT,
  type KeyValueStoragePort,
} from '../application/ports/key-value-storage.port';
import { LOGGER_PORT } from '../application/ports/logger.port';
import { NAVIGATION_PORT } from '../application/ports/navigation.port';
import { NOTIFICATIONS_SUMMARY_PORT } from '../application/ports/notifications-summary.port';
import { NOTIFIER_PORT } from '../application/ports/notifier.port';
import { isPortFailure } from '../application/ports/port-failure';
import type { PortToken } from '../application/ports/port-token';
import { REQUESTS_PORT, type RequestPayload } from '../application/ports/requests.port';
import {
  ADMIN_COUNTERS_SLOT,
  ADMIN_LAST_SEEN_SLOT,
  CART_SLOT,
  CLIENT_COUNTERS_SLOT,
  CLIENT_LAST_SEEN_SLOT,
  FAVOURITES_SLOT,
  GUEST_CART_BACKUP_SLOT,
  GUEST_FAVOURITES_BACKUP_SLOT,
  RECENTLY_VIEWED_SLOT,
} from '../application/ports/storage-slots';
import { SUBSCRIBE_PORT } from '../application/ports/subscribe.port';
import { VIEWED_PORT } from '../application/ports/viewed.port';
import { cartChanges } from '../domain/analytics';
import type { Cart } from '../domain/cart';
import type { ContactFormValues } from '../domain/contact-form-validation';
import type { Favourites } from '../domain/favourites';
import type {
  AdminCounterKey,
  ClientCounterKey,
  ClientResetType,
  Counters,
  ServerTotals,
} from '../domain/notification-counters';
import type { RecentlyViewed } from '../domain/recently-viewed';
import type { MachineInspect } from './machine-inspector';

/**
 * The machines of src/application/machines with their actors and actions provided from ports.
 * Machines name what they need in `setup()`; this file is where those names meet real adapters
 * (tests provide stubs the same way). It is part of the composition root.
 */

/** Things only the running system or the views can do for a machine. */
export interface ShopMachineHooks {
  /** Sends `auth.refreshRequested` to the running auth actor. */
  readonly refreshAuth: () => void;
  /** Sends `auth.tempPasswordIssued` to the running auth actor. */
  readonly reportTempPassword: (tempPassword: string) => void;
  /** Moves focus into an open dialog; the view registers the element. */
  readonly focusDialog: (dialog: 'consultationModal' | 'feedbackModal') => void;
  /** Announces an auth change to the page (spec §4: window event authStateChanged). */
  readonly announceAuthState: (change: AuthStateChange) => void;
  /** The subscribe block's auth-success callback (spec §4: closing success or subscribed). */
  readonly authSucceeded: () => void;
}

/** The city machine's start input from the cookies (spec §4 "City": "Detected from the cookie"). */
export function cityInputFrom(cookies: CookiesPort): { cookieCity: string | null; confirmed: boolean } {
  const confirmed = cookies.get('geoConfirmed');
  return { cookieCity: cookies.get('geoCity'), confirmed: confirmed !== null && confirmed !== '' };
}

function port<T>(from: DependencyContainer, token: PortToken<T>): T {
  return from.resolve<T>(token);
}

const SUBJECTS = { consultation: 'Заявка на консультацию', feedback: 'Сообщение с сайта' } as const;
/**
 * The composed text of a request (spec §3: "composed lines: source, phone, email, flags, comment or
 * message"), in the wording of shared-rules/request-text-rule.ts, which the server reads back into fields.
 */
export function composeRequestPayload(input: RequestSubmitInput): RequestPayload {
  const values: ContactFormValues = input.values;
  const email = values.email?.trim() ?? '';
  const text = composeRequestText({
    source: input.form,
    phone: values.phone ?? null,
    email,
    clientId: input.clientId,
    attachment: input.form === 'consultation' ? Boolean(values.attachment) : null,
    comment: values.comment ?? null,
  });
  return { subject: SUBJECTS[input.form], text, email };
}

function attachmentOf(values: ContactFormValues): Blob | null {
  const file = values.attachment;
  return typeof Blob !== 'undefined' && file instanceof Blob ? file : null;
}

/** The cart machine's events that are the shopper's own change of the cart. */
const SHOPPER_CART_CHANGES: ReadonlySet<string> = new Set([
  'cart.itemAdded',
  'cart.quantityChanged',
  'cart.itemRemoved',
  'cart.cleared',
]);

/**
 * Saves the cart where the browser keeps it, and mirrors its ids and quantities into the cart cookie,
 * so the next cart page the server draws shows these lines (docs/architecture.md «The cart page drawn
 * by the server»). Every save of the cart goes through here.
 */
function saveCart(storage: KeyValueStoragePort, cartCookie: CartCookiePort, cart: Cart): void {
  storage.write(CART_SLOT, cart);
  cartCookie.write(cart);
}

export function provideShopMachines(from: DependencyContainer, hooks: ShopMachineHooks) {
  const auth = port(from, AUTH_PORT);
  const cart = port(from, CART_PORT);
  const favourites = port(from, FAVOURITES_PORT);
  const clients = port(from, CLIENTS_PORT);
  const requests = port(from, REQUESTS_PORT);
  const storage = port(from, KEY_VALUE_STORAGE_PORT);
  const cartCookie = port(from, CART_COOKIE_PORT);
  const notifier = port(from, NOTIFIER_PORT);
  const geo = port(from, GEO_PORT);
  const cookies = port(from, COOKIES_PORT);
  const navigation = port(from, NAVIGATION_PORT);
  const subscriptions = port(from, SUBSCRIBE_PORT);
  const logger = port(from, LOGGER_PORT);
  const summaries = port(from, NOTIFICATIONS_SUMMARY_PORT);
  const clock = port(from, CLOCK_PORT);
  const readClock = fromPromise<number, void>(async () => clock.now());
  const viewed = port(from, VIEWED_PORT);
  const analytics = port(from, ANALYTICS_PORT);
  // Web analytics hears what the shopper changed in the cart (issue 26, item 4): the difference from
  // the cart as last written, for the shopper's own changes only (not a merge, another tab or an order).
  let reportedCart: Cart = storage.read(CART_SLOT);
  const reportCartChange = (eventType: string, cart: Cart) => {
    if (SHOPPER_CART_CHANGES.has(eventType)) {
      const { added, removed } = cartChanges(reportedCart, cart);
      analytics.addedToCart(added);
      analytics.removedFromCart(removed);
    }
    reportedCart = cart;
  };

  const submitRequest = fromPromise<RequestSubmitResult, RequestSubmitInput>(async ({ input, signal }) => {
    const payload = composeRequestPayload(input);
    return input.form === 'consultation'
      ? requests.sendConsultation({ ...payload, attachment: attachmentOf(input.values) }, { signal })
      : requests.sendFeedback(payload, { signal });
  });
  const loadClientContacts = fromPromise<ClientContacts, { clientId: number }>(async ({ input, signal }) =>
    clients.getContact(input.clientId, { signal }),
  );
  const modalActions = (dialog: 'consultationModal' | 'feedbackModal') => ({
    focusDialog: () => hooks.focusDialog(dialog),
    reportTempPassword: (_: unknown, params: { tempPassword: string }) =>
      hooks.reportTempPassword(params.tempPassword),
    refreshAuth: () => hooks.refreshAuth(),
  });

  return {
    auth: authMachine.provide({
      actors: {
        checkAuth: fromPromise<AuthCheckAnswer, void>(({ signal }) => auth.checkAuth({ signal })),
        logout: fromPromise<void, void>(({ signal }) => auth.logout({ signal })),
      },
      actions: {
        announceAuthState: (_, change: AuthStateChange) => hooks.announceAuthState(change),
      },
    }),
    cartSync: cartSyncMachine.provide({
      actors: {
        loadServerCart: fromPromise<Cart, { clientId: number }>(({ input, signal }) =>
          cart.load(input.clientId, { signal }),
        ),
        saveServerCart: fromPromise<Cart, { clientId: number; cart: Cart }>(({ input, signal }) =>
          cart.save(input.clientId, input.cart, { signal }),
        ),
      },
      actions: {
        saveLocalCart: ({ event }, params: { cart: Cart }) => {
          saveCart(storage, cartCookie, params.cart);
          reportCartChange(event.type, params.cart);
        },
        saveGuestBackup: (_, params: { cart: Cart | null }) =>
          params.cart === null
            ? storage.remove(GUEST_CART_BACKUP_SLOT)
            : storage.write(GUEST_CART_BACKUP_SLOT, params.cart),
        notify: (_, params: { message: string }) => {
          notifier.show('error', params.message);
        },
      },
    }),
    favouritesSync: favouritesSyncMachine.provide({
      actors: {
        loadServerFavourites: fromPromise<Favourites, { clientId: number }>(({ input, signal }) =>
          favourites.list(input.clientId, { signal }),
        ),
        // Spec §4: local-only items are pushed; one call per product, in order.
        pushServerFavourites: fromPromise<void, { clientId: number; productIds: readonly number[] }>(
          async ({ input, signal }) => {
            for (const productId of input.productIds) {
              await favourites.add(input.clientId, productId, { signal });
            }
          },
        ),
        applyServerChange: fromPromise<void, { clientId: number; change: FavouritesServerChange }>(
          async ({ input, signal }) => {
            const { change, clientId } = input;
            if (change.kind === 'add') await favourites.add(clientId, change.productId, { signal });
            else if (change.kind === 'remove')
              await favourites.remove(clientId, change.productId, { signal });
            else await favourites.clear(clientId, { signal });
          },
        ),
      },
      actions: {
        saveLocalFavourites: (_, params: { favourites: Favourites }) =>
          storage.write(FAVOURITES_SLOT, params.favourites),
        saveGuestBackup: (_, params: { favourites: Favourites | null }) =>
          params.favourites === null
            ? storage.remove(GUEST_FAVOURITES_BACKUP_SLOT)
            : storage.write(GUEST_FAVOURITES_BACKUP_SLOT, params.favourites),
        notify: (_, params: { message: string }) => {
          notifier.show('error', params.message);
        },
      },
    }),
    consultationModal: consultationModalMachine.provide({
      actors: { submitRequest, loadClientContacts },
      actions: modalActions('consultationModal'),
    }),
    feedbackModal: feedbackModalMachine.provide({
      actors: { submitRequest, loadClientContacts },
      actions: modalActions('feedbackModal'),
    }),
    adminCounters: adminCountersMachine.provide({
      actors: {
        // Spec §8: polling errors are only logged; the machine keeps its counts and polls again.
        fetchSummary: fromPromise<ServerTotals<AdminCounterKey>, { since: number }>(
          async ({ input, signal }) => {
            try {
              return await summaries.adminSummary(input.since, { signal });
            } catch (error) {
              logger.warn('Admin unread summary failed', error);
              throw error;
            }
          },
        ),
        readClock,
        // Admin resets stay local (spec §4: only client resets notify the server).
        resetOnServer: fromPromise<void, { group: 'orders' | 'requests' }>(async () => undefined),
      },
      actions: {
        persistCounters: (_, params: { accumulated: Counters<AdminCounterKey>; lastSeen: number | null }) => {
          storage.write(ADMIN_COUNTERS_SLOT, params.accumulated);
          storage.write(ADMIN_LAST_SEEN_SLOT, params.lastSeen);
        },
      },
    }),
    clientCounters: clientCountersMachine.provide({
      actors: {
        fetchSummary: fromPromise<ServerTotals<ClientCounterKey>, { since: number }>(
          async ({ input, signal }) => {
            try {
              return await summaries.clientSummary(input.since, { signal });
            } catch (error) {
              logger.warn('Client unread summary failed', error);
              throw error;
            }
          },
        ),
        readClock,
        resetOnServer: fromPromise<void, { group: ClientResetType }>(({ input, signal }) =>
          summaries.resetClient(input.group, { signal }),
        ),
      },
      actions: {
        persistCounters: (
          _,
          params: { accumulated: Counters<ClientCounterKey>; lastSeen: number | null },
        ) => {
          storage.write(CLIENT_COUNTERS_SLOT, params.accumulated);
          storage.write(CLIENT_LAST_SEEN_SLOT, params.lastSeen);
        },
      },
    }),
    recentlyViewed: recentlyViewedMachine.provide({
      actors: {
        // Spec §8: per-item viewed sync failures are only logged; the machine goes on with the next.
        sendViewed: fromPromise<void, { productId: number }>(async ({ input, signal }) => {
          try {
            await viewed.add(input.productId, { signal });
          } catch (error) {
            logger.warn(`Viewed product ${input.productId} was not sent`, error);
            throw error;
          }
        }),
        clearServerViewed: fromPromise<void, void>(async ({ signal }) => {
          try {
            await viewed.clear({ signal });
          } catch (error) {
            logger.warn('Viewed list was not cleared on the server', error);
            throw error;
          }
        }),
        loadServerViewed: fromPromise<RecentlyViewed, void>(({ signal }) => viewed.list({ signal })),
      },
      actions: {
        saveLocalViewed: (_, params: { viewed: RecentlyViewed }) =>
          storage.write(RECENTLY_VIEWED_SLOT, params.viewed),
        removeLocalViewed: () => storage.remove(RECENTLY_VIEWED_SLOT),
      },
    }),
    city: cityMachine.provide({
      actors: {
        // Spec §8: a geo failure is only logged and leaves the city empty (the machine's part).
        detectCity: fromPromise<string | null, void>(async ({ signal }) => {
          try {
            return await geo.detectCity({ signal });
          } catch (error) {
            logger.warn('City detection failed', error);
            throw error;
          }
        }),
      },
      actions: {
        storeCity: (_, params: { city: string }) => cookies.set('geoCity', params.city),
        storeConfirmation: () => cookies.set('geoConfirmed', 'true'),
        reloadPage: () => navigation.reload(),
      },
    }),
    subscribe: subscribeMachine.provide({
      actors: {
        // Spec §4: a 403 is the machine's `forbidden` answer (server message or the default), not a failure.
        subscribe: fromPromise<SubscribeOutcome, { email: string }>(async ({ input, signal }) => {
          try {
            const answer = await subscriptions.subscribe(input.email, { signal });
            return { status: answer.status, promoCode: answer.promoCode, tempPassword: null };
          } catch (error) {
            if (isPortFailure(error) && error.status === 403) {
              return { status: 'forbidden', message: error.serverMessage ?? null };
            }
            throw error;
          }
        }),
      },
      actions: {
        notifyAuthSuccess: () => hooks.authSucceeded(),
        navigate: (_, params: { to: string }) => navigation.navigate(params.to),
      },
    }),
  };
}

type ShopMachines = ReturnType<typeof provideShopMachines>;

/** The page's system: the application's `shopSystemMachine` with every child provided from ports. */
function provideShopSystem(machines: ShopMachines) {
  return shopSystemMachine.provide({
    actors: {
      auth: machines.auth,
      cartSync: machines.cartSync,
      favouritesSync: machines.favouritesSync,
      recentlyViewed: machines.recentlyViewed,
      adminCounters: machines.adminCounters,
      clientCounters: machines.clientCounters,
      city: machines.city,
    },
  });
}

type ShopSystemActor = Actor<ReturnType<typeof provideShopSystem>>;

export interface ShopSystem {
  /** Every machine with its ports provided; the modals and subscribe are created by their views. */
  readonly machines: ShopMachines;
  /**
   * The running system. Views reach a child through `actor.getSnapshot().children.<id>` (auth,
   * cartSync, favouritesSync, recentlyViewed, adminCounters, clientCounters, city).
   */
  readonly actor: ShopSystemActor;
  /** Starts the system when it was created with `deferStart` (once; later calls do nothing). */
  readonly start: () => void;
  /** Stops the system and removes the listeners; for tests and hot reload. */
  readonly stop: () => void;
}

export interface ShopSystemOptions {
  /** The Stately inspector (development, `?inspect`); see machine-inspector.ts. */
  readonly inspect?: MachineInspect;
  /** Where window events go (authStateChanged); null in tests without a DOM. */
  readonly events?: Pick<Window, 'dispatchEvent'> | null;
  /** Lets the views move focus into a dialog; until set, focusing does nothing. */
  readonly focusDialog?: (dialog: 'consultationModal' | 'feedbackModal') => void;
  /**
   * Create the machines but start them only on `start()`: the browser hydrating a server-drawn page
   * renders from their initial snapshots (the children exist before the start, and events sent to them
   * wait in their mailboxes), and starts them after, in a task of their own (src/main.tsx).
   */
  readonly deferStart?: boolean;
}

/** What the children start from: storage (decoded by the slots), cookies and the clock. */
function readShopSystemInput(from: DependencyContainer): ShopSystemInput {
  const storage = port(from, KEY_VALUE_STORAGE_PORT);
  const startedAt = port(from, CLOCK_PORT).now();
  return {
    cart: { localCart: storage.read(CART_SLOT), localBackup: storage.read(GUEST_CART_BACKUP_SLOT) },
    favourites: {
      localFavourites: storage.read(FAVOURITES_SLOT),
      localBackup: storage.read(GUEST_FAVOURITES_BACKUP_SLOT),
    },
    viewed: { localViewed: storage.read(RECENTLY_VIEWED_SLOT) },
    adminCounters: {
      accumulated: storage.read(ADMIN_COUNTERS_SLOT),
      lastSeen: storage.read(ADMIN_LAST_SEEN_SLOT),
      startedAt,
    },
    clientCounters: {
      accumulated: storage.read(CLIENT_COUNTERS_SLOT),
      lastSeen: storage.read(CLIENT_LAST_SEEN_SLOT),
      startedAt,
    },
    city: cityInputFrom(port(from, COOKIES_PORT)),
  };
}

/**
 * Starts the page's actor system once (src/application/machines/shop-system.machine.ts): auth, cart
 * sync, favourites sync, recently viewed, the city and the admin and client unread counters, which
 * talk through events only. Here the browser joins in: another tab's change of 'cart' or
 * 'favorites' becomes the child's `storageChanged` event, and every auth change is dispatched as
 * the window event `authStateChanged` (spec §4).
 */
export function startShopSystem(from: DependencyContainer, options: ShopSystemOptions = {}): ShopSystem {
  const storage = port(from, KEY_VALUE_STORAGE_PORT);
  const events =
    options.events === undefined ? (typeof window === 'undefined' ? null : window) : options.events;
  let root: ShopSystemActor | null = null;
  const authChild = () => root?.getSnapshot().children.auth;

  const machines = provideShopMachines(from, {
    refreshAuth: () => authChild()?.send({ type: 'auth.refreshRequested' }),
    reportTempPassword: (tempPassword) =>
      authChild()?.send({ type: 'auth.tempPasswordIssued', tempPassword }),
    focusDialog: (dialog) => options.focusDialog?.(dialog),
    authSucceeded: () => authChild()?.send({ type: 'auth.refreshRequested' }),
    announceAuthState: (change) => {
      if (events !== null && typeof CustomEvent !== 'undefined') {
        events.dispatchEvent(new CustomEvent('authStateChanged', { detail: change }));
      }
    },
  });
  const actor = createActor(provideShopSystem(machines), {
    input: readShopSystemInput(from),
    ...(options.inspect === undefined ? {} : { inspect: options.inspect }),
  });
  root = actor;

  const stopCartTabs = storage.onExternalChange(CART_SLOT, (cart) =>
    actor.getSnapshot().children.cartSync?.send({ type: 'cart.storageChanged', cart }),
  );
  const stopFavouriteTabs = storage.onExternalChange(FAVOURITES_SLOT, (list) =>
    actor
      .getSnapshot()
      .children.favouritesSync?.send({ type: 'favourites.storageChanged', favourites: list }),
  );
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    actor.start();
    // The cookie follows the stored cart from the page's start too: a cart kept from before the cookie
    // existed, or one whose cookie ran out its 30 days, is drawn by the server again from the next
    // visit (after hydration, which must find the cookie the request carried).
    const cartSync = actor.getSnapshot().children.cartSync;
    if (cartSync !== undefined) port(from, CART_COOKIE_PORT).write(cartSync.getSnapshot().context.cart);
  };
  if (options.deferStart !== true) start();

  return {
    machines,
    actor,
    start,
    stop: () => {
      stopCartTabs();
      stopFavouriteTabs();
      actor.stop();
    },
  };
}
