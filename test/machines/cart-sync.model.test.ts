/**
 * Model-based property test of cart sync (issue 5): random sequences of local changes, sign-in and
 * logout, server failures and writes from a second tab, run against an in-memory server.
 * Laws checked after every command:
 * - the cart written locally is the cart the machine holds (the local change always stays);
 * - nothing added is ever lost locally by adding, signing in, waiting or a failing server;
 * - sign-in leaves mergeCarts(local, server) locally and, when the server answers, on the server;
 * - once the saves have settled and the last server call succeeded, the server holds the local cart;
 * - logout restores the guest cart backed up at sign-in.
 */
import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { type AnyActorRef, createActor, fromPromise, SimulatedClock } from 'xstate';
import { cartSyncMachine } from '../../src/application/machines/cart-sync.machine';
import { type Cart, cartQuantities, mergeCarts } from '../../src/domain/cart';
import { flush } from './support/controlled-actor';

interface Model {
  clientId: number | null;
  /** The guest cart at sign-in, as id → quantity. */
  backup: ReadonlyMap<number, number> | null;
}

class World {
  readonly server = new Map<number, Cart>();
  local: Cart = [];
  failing = false;
  lastCallOk = true;
  /** A second tab's write could not reach the server, so the server may lag until our next save. */
  knownStale = false;
  readonly clock = new SimulatedClock();
  readonly actor = createActor(
    cartSyncMachine.provide({
      actors: {
        loadServerCart: fromPromise<Cart, { clientId: number }>(async ({ input, signal }) => {
          await this.latency(signal);
          this.lastCallOk = !this.failing;
          if (this.failing) throw new Error('server down');
          return this.server.get(input.clientId) ?? [];
        }),
        saveServerCart: fromPromise<Cart, { clientId: number; cart: Cart }>(async ({ input, signal }) => {
          await this.latency(signal);
          this.lastCallOk = !this.failing;
          if (this.failing) throw new Error('server down');
          this.server.set(input.clientId, input.cart);
          this.knownStale = false;
          return input.cart;
        }),
      },
      actions: {
        saveLocalCart: (_, { cart }) => {
          this.local = cart;
        },
        saveGuestBackup: () => undefined,
        notify: () => undefined,
      },
    }),
    { input: { localCart: [] }, clock: this.clock },
  );
  /**
   * Every server call takes 100 ms of simulated time, so changes can arrive while one is in flight.
   * A call the machine cancels (its state was left) never reaches the server, as with an aborted fetch.
   */
  latency(signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) =>
      this.clock.setTimeout(() => (signal.aborted ? reject(new Error('aborted')) : resolve()), 100),
    );
  }
  async advance(ms: number): Promise<void> {
    await flush();
    this.clock.increment(ms);
    await flush();
  }
  cart(): Cart {
    return this.actor.getSnapshot().context.cart;
  }
  async settle(): Promise<void> {
    for (let round = 0; round < 6; round += 1) await this.advance(500);
  }
}

const asObject = (cart: Cart | ReadonlyMap<number, number>) =>
  Object.fromEntries(cart instanceof Map ? cart : cartQuantities(cart as Cart));
const ids = (cart: Cart) => new Set(cart.map((line) => line.id));

type Command = fc.AsyncCommand<Model, World>;

function keepsIds(world: World, before: Set<number>): void {
  const after = ids(world.cart());
  for (const id of before) expect(after.has(id)).toBe(true);
}

class Add implements Command {
  constructor(
    readonly id: number,
    readonly quantity: number,
  ) {}
  check = () => true;
  async run(_: Model, world: World) {
    const before = ids(world.cart());
    world.actor.send({
      type: 'cart.itemAdded',
      product: { id: this.id, name: `Товар ${this.id}` },
      quantity: this.quantity,
    });
    await flush();
    keepsIds(world, before);
    expect(ids(world.cart()).has(this.id)).toBe(true);
  }
  toString = () => `add(${this.id}×${this.quantity})`;
}

class SetQuantity implements Command {
  constructor(
    readonly id: number,
    readonly quantity: number,
  ) {}
  check = () => true;
  async run(_: Model, world: World) {
    world.actor.send({ type: 'cart.quantityChanged', id: this.id, quantity: this.quantity });
    await flush();
    if (this.quantity < 1) expect(ids(world.cart()).has(this.id)).toBe(false);
  }
  toString = () => `set(${this.id}=${this.quantity})`;
}

class Remove implements Command {
  constructor(readonly id: number) {}
  check = () => true;
  async run(_: Model, world: World) {
    world.actor.send({ type: 'cart.itemRemoved', id: this.id });
    await flush();
    expect(ids(world.cart()).has(this.id)).toBe(false);
  }
  toString = () => `remove(${this.id})`;
}

class Clear implements Command {
  check = () => true;
  async run(_: Model, world: World) {
    world.actor.send({ type: 'cart.cleared' });
    await flush();
    expect(world.cart()).toEqual([]);
  }
  toString = () => 'clear';
}

class OtherTab implements Command {
  constructor(readonly cart: Cart) {}
  check = () => true;
  async run(model: Model, world: World) {
    world.local = this.cart;
    world.actor.send({ type: 'cart.storageChanged', cart: this.cart });
    // The other tab saves its cart to the server itself, when the server answers.
    if (model.clientId !== null) {
      if (world.failing) world.knownStale = true;
      else world.server.set(model.clientId, this.cart);
    }
    await flush();
    expect(asObject(world.cart())).toEqual(asObject(this.cart));
  }
  toString = () => `otherTab(${JSON.stringify(asObject(this.cart))})`;
}

class SignIn implements Command {
  constructor(readonly clientId: number) {}
  check = (model: Readonly<Model>) => model.clientId === null;
  async run(model: Model, world: World) {
    const before = world.cart();
    const serverBefore = world.server.get(this.clientId) ?? [];
    model.backup = cartQuantities(before);
    model.clientId = this.clientId;
    world.actor.send({ type: 'auth.changed', isAuthenticated: true, clientId: this.clientId });
    // Load, then push when the merge differs.
    await world.advance(100);
    await world.advance(100);
    keepsIds(world, ids(before));
    if (!world.failing) {
      const expected = asObject(mergeCarts(before, serverBefore));
      expect(asObject(world.cart())).toEqual(expected);
      expect(asObject(world.server.get(this.clientId) ?? [])).toEqual(expected);
    }
  }
  toString = () => `signIn(${this.clientId})`;
}

class SignOut implements Command {
  check = (model: Readonly<Model>) => model.clientId !== null;
  async run(model: Model, world: World) {
    world.actor.send({ type: 'auth.changed', isAuthenticated: false, clientId: null });
    await flush();
    expect(asObject(world.cart())).toEqual(asObject(model.backup ?? new Map()));
    model.clientId = null;
    model.backup = null;
  }
  toString = () => 'signOut';
}

class ToggleServer implements Command {
  check = () => true;
  async run(_: Model, world: World) {
    const before = ids(world.cart());
    world.failing = !world.failing;
    keepsIds(world, before);
  }
  toString = () => 'toggleServer';
}

class Tick implements Command {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(_: Model, world: World) {
    const before = ids(world.cart());
    await world.advance(this.ms);
    keepsIds(world, before);
  }
  toString = () => `tick(${this.ms})`;
}

class Settle implements Command {
  check = () => true;
  async run(model: Model, world: World) {
    const before = ids(world.cart());
    await world.settle();
    keepsIds(world, before);
    if (model.clientId !== null && world.lastCallOk && !world.knownStale) {
      expect(asObject(world.server.get(model.clientId) ?? [])).toEqual(asObject(world.cart()));
    }
  }
  toString = () => 'settle';
}

const productId = fc.integer({ min: 1, max: 6 });
const storedCart = fc
  .uniqueArray(fc.record({ id: productId, quantity: fc.integer({ min: 1, max: 5 }) }), {
    selector: (line) => line.id,
  })
  .map((lines): Cart => lines);

const commands = fc.commands(
  [
    fc.tuple(productId, fc.integer({ min: 1, max: 3 })).map(([id, quantity]) => new Add(id, quantity)),
    fc
      .tuple(productId, fc.integer({ min: -1, max: 4 }))
      .map(([id, quantity]) => new SetQuantity(id, quantity)),
    productId.map((id) => new Remove(id)),
    fc.constant(new Clear()),
    storedCart.map((cart) => new OtherTab(cart)),
    fc.constantFrom(7, 8).map((clientId) => new SignIn(clientId)),
    fc.constant(new SignOut()),
    fc.constant(new ToggleServer()),
    fc.constant(new Settle()),
    fc.integer({ min: 50, max: 600 }).map((ms) => new Tick(ms)),
  ],
  { maxCommands: 40 },
);

test.prop([commands, fc.array(fc.tuple(fc.constantFrom(7, 8), storedCart), { maxLength: 2 })], {
  numRuns: 150,
})('cart sync keeps local changes and converges with the server', async (cmds, serverCarts) => {
  const world = new World();
  for (const [clientId, cart] of serverCarts) world.server.set(clientId, cart);
  world.actor.start();
  world.actor.send({ type: 'auth.changed', isAuthenticated: false, clientId: null });
  await fc.asyncModelRun(() => ({ model: { clientId: null, backup: null }, real: world }), cmds);
  // The local copy always equals what the machine holds.
  expect(asObject(world.local)).toEqual(asObject(world.cart()));
  expect((world.actor as AnyActorRef).getSnapshot().status).toBe('active');
  world.actor.stop();
});
