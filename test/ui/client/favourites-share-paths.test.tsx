import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { favouritesShareMachine } from '../../../src/application/machines/favourites-share.machine';
import { PortFailure } from '../../../src/application/ports/port-failure';
import { FavouritesCollection } from '../../../src/ui/routes/-client/favourites-view';
import { clientPorts, GUEST, LAMP, SOFA, startTestShop } from './client-test-support';
import { renderWithShop } from './render-with-shop';

/**
 * «Поделиться» on the favourites page driven along the favourites-share machine's own paths: the
 * button is pressed, the favourites port answers or fails, the clipboard takes the link or refuses,
 * and after every step the page must show what the machine's state says.
 */

afterEach(cleanup);

const HASH = 'AbCdEfGhIjKlMnOpQrStUv';
// jsdom's origin, which the page puts in front of the shared list's path.
const ORIGIN = 'http://localhost:3000';

const modelEvents: AnyEventObject[] = [
  { type: 'share.requested', productIds: [SOFA.id, LAMP.id], origin: ORIGIN },
  { type: 'xstate.done.actor.createLink', output: HASH },
  {
    type: 'xstate.error.actor.createLink',
    error: new PortFailure({
      kind: 'bad-request',
      status: 429,
      message: 'slow',
      serverMessage: 'Слишком часто',
    }),
  },
  { type: 'xstate.done.actor.copyLink', output: true },
  { type: 'xstate.done.actor.copyLink', output: false },
  { type: 'xstate.error.actor.copyLink', error: new Error('clipboard denied') },
];

interface Pending<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

type ModelState = SnapshotFrom<typeof favouritesShareMachine>;

function expectPageToShow(state: ModelState) {
  const button = screen.getByRole('button', { name: 'Поделиться' }) as HTMLButtonElement;
  expect(button.disabled).toBe(state.hasTag('busy'));
  const link = screen.queryByRole('textbox', { name: 'Ссылка на подборку' }) as HTMLInputElement | null;
  const status = screen.queryByRole('status');
  if (state.matches('ready')) {
    expect(link?.value).toBe(`${ORIGIN}/favorites/share/${HASH}`);
    expect(status?.textContent).toContain(
      state.matches({ ready: 'copied' })
        ? 'Ссылка на подборку скопирована.'
        : 'Ссылка на подборку готова — скопируйте её:',
    );
  } else {
    expect(link).toBeNull();
    expect(status).toBeNull();
  }
  expect(screen.queryByRole('alert')?.textContent ?? null).toBe(state.context.failure);
}

describe('«Поделиться» along the favourites-share machine’s paths', () => {
  it('shows every state the machine reaches, on every way there', async () => {
    const paths = [
      ...getShortestPaths(favouritesShareMachine, { events: modelEvents as never[] }),
      ...getSimplePaths(favouritesShareMachine, {
        events: modelEvents as never[],
        serializeState: (snapshot) => JSON.stringify(snapshot.value),
      }),
    ];
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    expect([...reached].sort()).toEqual(
      ['"copying"', '"creating"', '"failed"', '"idle"', '{"ready":"copied"}', '{"ready":"shown"}'].sort(),
    );

    for (const path of paths) {
      const shares: Pending<string>[] = [];
      const copies: Pending<boolean>[] = [];
      const shared: (readonly number[] | null)[] = [];
      const services = clientPorts(
        { answer: GUEST },
        {
          favourites: {
            share: (productIds) => {
              shared.push(productIds);
              return new Promise<string>((resolve, reject) => shares.push({ resolve, reject }));
            },
          },
        },
      );
      const test = startTestShop(services, { localFavourites: [SOFA, LAMP] });
      await renderWithShop(
        <FavouritesCollection
          items={[SOFA, LAMP]}
          shared={false}
          onClear={() => undefined}
          copy={() => new Promise<boolean>((resolve, reject) => copies.push({ resolve, reject }))}
        />,
        services,
        test.shop,
      );
      let presses = 0;
      for (const step of path.steps) {
        const event = step.event as AnyEventObject & { output?: unknown; error?: unknown };
        await act(async () => {
          if (event.type === 'share.requested') {
            presses += 1;
            fireEvent.click(screen.getByRole('button', { name: 'Поделиться' }));
          } else if (event.type === 'xstate.done.actor.createLink')
            shares.shift()?.resolve(String(event.output));
          else if (event.type === 'xstate.error.actor.createLink') shares.shift()?.reject(event.error);
          else if (event.type === 'xstate.done.actor.copyLink')
            copies.shift()?.resolve(event.output === true);
          else if (event.type === 'xstate.error.actor.copyLink') copies.shift()?.reject(event.error);
        });
        await waitFor(() => expectPageToShow(step.state as ModelState));
      }
      // Every press saved the list as it is, once.
      expect(shared).toEqual(Array.from({ length: presses }, () => [SOFA.id, LAMP.id]));
      cleanup();
    }
  }, 60_000);
});
