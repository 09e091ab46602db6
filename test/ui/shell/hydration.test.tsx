import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { beginHydration, endHydration, useAfterHydration } from '../../../src/ui/shell/hydration';

declare global {
  // React's flag for tests that drive roots themselves with act().
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

/** Draws the visitor's value, the guest's while the page must look as the server drew it. */
function Probe({ drawn }: { drawn: string[] }) {
  const value = useAfterHydration('Корзина: 2 товара', 'Корзина');
  drawn.push(value);
  return <span>{value}</span>;
}

describe('what only the browser knows, around hydration (ui/shell/hydration.ts)', () => {
  afterEach(() => {
    endHydration();
    document.body.innerHTML = '';
  });

  it('hydrates the server’s neutral value without a mismatch, then shows the visitor’s', async () => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    beginHydration();
    const serverHtml = renderToString(<Probe drawn={[]} />);
    expect(serverHtml).toBe('<span>Корзина</span>');

    const host = document.createElement('div');
    host.innerHTML = serverHtml;
    document.body.append(host);
    const drawn: string[] = [];
    const mismatch = vi.fn();
    await act(async () => {
      hydrateRoot(host, <Probe drawn={drawn} />, { onRecoverableError: mismatch });
    });
    expect(mismatch).not.toHaveBeenCalled();
    expect(drawn).toEqual(['Корзина', 'Корзина: 2 товара']);
    expect(host.textContent).toBe('Корзина: 2 товара');
  });

  /** What a Probe draws in a page the browser draws on its own (createRoot, no server markup). */
  async function drawnByTheBrowser(): Promise<string[]> {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    const host = document.createElement('div');
    document.body.append(host);
    const drawn: string[] = [];
    await act(async () => {
      createRoot(host).render(<Probe drawn={drawn} />);
    });
    return drawn;
  }

  it('draws the visitor’s value at once in a page the browser draws on its own', async () => {
    expect(await drawnByTheBrowser()).toEqual(['Корзина: 2 товара']);
  });

  it('after the hydration is over, a newly mounted component skips the neutral value', async () => {
    beginHydration();
    endHydration();
    expect(await drawnByTheBrowser()).toEqual(['Корзина: 2 товара']);
  });
});
