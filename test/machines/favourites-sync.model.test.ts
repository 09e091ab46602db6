/**
 * Model-based property test of favourites sync (issue 5): random local changes, sign-in and logout,
 * server failures, latency and writes from a second tab against an in-memory server. Laws:
 * - the list written locally is the list the machine holds, and an added id is never lost locally by
 *   adding, signing in, waiting or a failing server;
 * - sign-in leaves the union of the server and local lists locally;
 * - when no server call failed since sign-in, the server holds exactly the local list once settled;
 * - logout restores the list from before sign-in.
 */
import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  type FavouritesServerChange,
  favouritesSyncMachine,
} from '../../src/application/machines/favourites-sync.machine';
import { type Favourites, favouriteIds, unionFavourites } from '../../src/domain/favourites';
import { flush } from './support/controlled-actor';

interface Model {
  clientId: number | null;
  preLogin: readonly number[] | null;
}

class World {
  readonly server = new Map<number, Set<number>>();
  local: Favourites = [];
  failing = false;
  /** Some change may be missing on the server: a call failed, or a second tab could not reach it. */
  serverMayLag = false;
  readonly clock = new SimulatedClock();
  readonly actor = createActor(
    favouritesSyncMachine.provide({
      actors: {
        loadServerFavourites: fromPromise<Favourites, { clientId: number }>(async ({ input, signal }) => {
          await this.call(signal);
          return [...this.serverSet(input.clientId)].map((id) => ({ id }));
        }),
        pushServerFavourites: fromPromise<void, { clientId: number; productIds: readonly number[] }>(
          async ({ input, signal }) => {
            await this.call(signal);
            for (const id of input.productIds) this.serverSet(input.clientId).add(id);
          },
        ),
        applyServerChange: fromPromise<void, { clientId: number; change: FavouritesServerChange }>(
          async ({ input, signal }) => {
            await this.call(signal);
            const set = this.serverSet(input.clientId);
            const { change } = input;
            if (change.kind === 'add') set.add(change.productId);
            else if (change.kind === 'remove') set.delete(change.productId);
            else set.clear();
          },
        ),
      },
      actions: {
        saveLocalFavourites: (_, { favourites }) => {
          this.local = favourites;
        },
        saveGuestBackup: () => undefined,
        notify: () => undefined,
      },
    }),
    { input: { localFavourites: [] }, clock: this.clock },
  );
  serverSet(clientId: number): Set<number> {
    let set = this.server.get(clientId);
    if (!set) {
      set = new Set();
      this.server.set(clientId, set);
    }
    return set;
  }
  /** 100 ms of simulated latency; a cancelled call never reaches the server. */
  async call(signal: AbortSignal): Promise<void> {
    await new Promise<void>((resolve, reject) =>
      this.clock.setTimeout(() => (signal.aborted ? reject(new Error('aborted')) : resolve()), 100),
    );
    if (this.failing) {
      this.serverMayLag = true;
      throw new Error('server down');
    }
  }
  async advance(ms: number): Promise<void> {
    await flush();
    this.clock.increment(ms);
    await flush();
  }
  ids(): number[] {
    return favouriteIds(this.actor.getSnapshot().context.favourites);
  }
}

type Command = fc.AsyncCommand<Model, World>;
const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

function keepsIds(world: World, before: readonly number[]): void {
  const after = new Set(world.ids());
  for (const id of before) expect(after.has(id)).toBe(true);
}
function localMatches(world: World): void {
  expect(favouriteIds(world.local)).toEqual(world.ids());
}

class Add implements Command {
  constructor(readonly id: number) {}
  check = () => true;
  async run(_: Model, world: World) {
    const before = world.ids();
    world.actor.send({ type: 'favourites.added', item: { id: this.id, name: `Товар ${this.id}` } });
    await flush();
    keepsIds(world, before);
    expect(world.ids()).toContain(this.id);
    localMatches(world);
  }
  toString = () => `add(${this.id})`;
}

class Remove implements Command {
  constructor(readonly id: number) {}
  check = () => true;
  async run(_: Model, world: World) {
    world.actor.send({ type: 'favourites.removed', productId: this.id });
    await flush();
    expect(world.ids()).not.toContain(this.id);
    localMatches(world);
  }
  toString = () => `remove(${this.id})`;
}

class Clear implements Command {
  check = () => true;
  async run(_: Model, world: World) {
    world.actor.send({ type: 'favourites.cleared' });
    await flush();
    expect(world.ids()).toEqual([]);
    localMatches(world);
  }
  toString = () => 'clear';
}

class OtherTab implements Command {
  constructor(readonly ids: readonly number[]) {}
  check = () => true;
  async run(model: Model, world: World) {
    world.local = this.ids.map((id) => ({ id }));
    world.actor.send({ type: 'favourites.storageChanged', favourites: world.local });
    // The other tab makes its own server calls, which reach the server only when it answers.
    if (model.clientId !== null) {
      if (world.failing) world.serverMayLag = true;
      else world.server.set(model.clientId, new Set(this.ids));
    }
    await flush();
    expect(world.ids()).toEqual([...this.ids]);
  }
  toString = () => `otherTab(${this.ids.join(',')})`;
}

class SignIn implements Command {
  constructor(readonly clientId: number) {}
  check = (model: Readonly<Model>) => model.clientId === null;
  async run(model: Model, world: World) {
    const before = world.ids();
    const serverBefore = [...world.serverSet(this.clientId)].map((id) => ({ id }));
    model.clientId = this.clientId;
    model.preLogin = before;
    world.serverMayLag = false;
    world.actor.send({ type: 'auth.changed', isAuthenticated: true, clientId: this.clientId });
    await world.advance(100);
    keepsIds(world, before);
    if (!world.failing) {
      expect(sorted(world.ids())).toEqual(
        sorted(
          favouriteIds(
            unionFavourites(
              serverBefore,
              before.map((id) => ({ id })),
            ),
          ),
        ),
      );
    }
    localMatches(world);
  }
  toString = () => `signIn(${this.clientId})`;
}

class SignOut implements Command {
  check = (model: Readonly<Model>) => model.clientId !== null;
  async run(model: Model, world: World) {
    world.actor.send({ type: 'auth.changed', isAuthenticated: false, clientId: null });
    await flush();
    expect(world.ids()).toEqual(model.preLogin);
    localMatches(world);
    model.clientId = null;
    model.preLogin = null;
  }
  toString = () => 'signOut';
}

class ToggleServer implements Command {
  check = () => true;
  async run(_: Model, world: World) {
    world.failing = !world.failing;
  }
  toString = () => 'toggleServer';
}

class Tick implements Command {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(_: Model, world: World) {
    const before = world.ids();
    await world.advance(this.ms);
    keepsIds(world, before);
  }
  toString = () => `tick(${this.ms})`;
}

class Settle implements Command {
  check = () => true;
  async run(model: Model, world: World) {
    const before = world.ids();
    for (let round = 0; round < 30; round += 1) await world.advance(100);
    keepsIds(world, before);
    localMatches(world);
    if (model.clientId !== null && !world.serverMayLag) {
      expect(sorted(world.serverSet(model.clientId))).toEqual(sorted(world.ids()));
    }
  }
  toString = () => 'settle';
}

const productId = fc.integer({ min: 1, max: 6 });
const commands = fc.commands(
  [
    productId.map((id) => new Add(id)),
    productId.map((id) => new Remove(id)),
    fc.constant(new Clear()),
    fc.uniqueArray(productId, { maxLength: 4 }).map((ids) => new OtherTab(ids)),
    fc.constantFrom(7, 8).map((clientId) => new SignIn(clientId)),
    fc.constant(new SignOut()),
    fc.constant(new ToggleServer()),
    fc.integer({ min: 20, max: 300 }).map((ms) => new Tick(ms)),
    fc.constant(new Settle()),
  ],
  { maxCommands: 40 },
);

test.prop([commands, fc.uniqueArray(productId, { maxLength: 4 })], { numRuns: 300 })(
  'favourites sync keeps local changes and converges with the server',
  async (cmds, serverIds) => {
    const world = new World();
    world.server.set(7, new Set(serverIds));
    world.actor.start();
    world.actor.send({ type: 'auth.changed', isAuthenticated: false, clientId: null });
    await fc.asyncModelRun(() => ({ model: { clientId: null, preLogin: null }, real: world }), cmds);
    expect(world.actor.getSnapshot().status).toBe('active');
    world.actor.stop();
  },
);
