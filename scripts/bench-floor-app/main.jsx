// The stack's floor (issue 27, item 1): the smallest app that uses each binding library the way the
// shop does — react-dom hydrating a root, TanStack Router with a loader, a link and intent preloading,
// an xstate machine read through @xstate/react, and a tsyringe container with the same Reflect
// polyfill. scripts/bench-floor.ts builds it with the installed versions and compares its first path
// with the shop's. Plain JSX: the shop's own router registration (src/ui/router.ts) would type its links.
import '@abraham/reflection';
import {
  createRootRoute,
  createRoute,
  createRouter,
  Link,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { container } from 'tsyringe';
import { assign, setup } from 'xstate';

const GREETING = Symbol('greeting');
const app = container.createChildContainer();
app.register(GREETING, { useValue: 'Дом и Стиль' });

const counterMachine = setup({}).createMachine({
  context: { count: 0 },
  on: { add: { actions: assign({ count: ({ context }) => context.count + 1 }) } },
});

function Counter() {
  const actor = useActorRef(counterMachine);
  const count = useSelector(actor, (snapshot) => snapshot.context.count);
  return (
    <button type="button" onClick={() => actor.send({ type: 'add' })}>
      {count}
    </button>
  );
}

const rootRoute = createRootRoute({
  component: () => (
    <>
      <Link to="/">{app.resolve(GREETING)}</Link> <Link to="/about">О нас</Link>
      <Counter />
      <Outlet />
    </>
  ),
});
const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  loader: () => Promise.resolve({ title: 'Главная' }),
  component: function Home() {
    return <h1>{homeRoute.useLoaderData().title}</h1>;
  },
});
const aboutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/about',
  component: () => <h1>О нас</h1>,
});
const router = createRouter({
  routeTree: rootRoute.addChildren([homeRoute, aboutRoute]),
  defaultPreload: 'intent',
});

const root = document.getElementById('root');
if (root !== null) {
  hydrateRoot(
    root,
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
