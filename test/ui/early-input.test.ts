import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replayEarlyInput } from '../../src/ui/early-input-replay';

/** index.html's inline script, run as the browser runs it: before the page's own scripts. */
const CAPTURE_SCRIPT = (() => {
  const html = readFileSync('index.html', 'utf8');
  const match = /<script id="early-input">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('index.html has no early-input script');
  return match[1];
})();

const SERVER_PAGE = `
  <header><button type="button" aria-label="Открыть меню">☰</button></header>
  <main>
    <article><h2>Диван</h2><button type="button">В корзину</button></article>
    <article><h2>Кресло</h2><button type="button">В корзину</button></article>
    <form><input name="email" value="a@b.ru"><button type="submit">Подписаться</button></form>
    <a href="#catalogue">Каталог</a>
  </main>`;

describe('taps before the app is ready', () => {
  let root: HTMLElement;
  let listeners: (() => void)[];

  beforeEach(() => {
    document.documentElement.removeAttribute('data-app');
    document.body.innerHTML = `<div id="root"><!--app-->${SERVER_PAGE}<!--/app--></div>`;
    root = document.getElementById('root') as HTMLElement;
    listeners = [];
    // The inline script adds document listeners; they are removed after each test by replacing them.
    const add = document.addEventListener.bind(document);
    document.addEventListener = ((type: string, listener: EventListener, options?: boolean) => {
      add(type, listener, options);
      listeners.push(() => document.removeEventListener(type, listener, options));
    }) as typeof document.addEventListener;
    new Function(CAPTURE_SCRIPT)();
    document.addEventListener = add;
  });
  afterEach(() => {
    for (const remove of listeners) remove();
    window.__earlyInput = undefined;
  });

  /** What the app does when it takes over: draws the same page anew with its handlers, then is ready. */
  function appTakesOver(page = SERVER_PAGE): string[] {
    const calls: string[] = [];
    root.innerHTML = page;
    for (const button of root.querySelectorAll('button[type="button"]')) {
      button.addEventListener('click', () =>
        calls.push(`${button.closest('article')?.querySelector('h2')?.textContent ?? 'меню'}`),
      );
    }
    root.querySelector('form')?.addEventListener('submit', (event) => {
      event.preventDefault();
      calls.push('подписка');
    });
    document.documentElement.dataset.app = 'ready';
    return calls;
  }

  it('holds a tap on a server-drawn button and replays it on the same control of the app', () => {
    const early = root.querySelectorAll('article button')[1] as HTMLButtonElement;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    early.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(early.dataset.earlyInput).toBe('held');
    const calls = appTakesOver();
    expect(replayEarlyInput(window, root)).toEqual({ replayed: 1, dropped: 0 });
    expect(calls).toEqual(['Кресло']);
  });

  it('holds a form submit and replays it as a submit, keeping what was typed by the app', () => {
    const form = root.querySelector('form') as HTMLFormElement;
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    const calls = appTakesOver();
    expect(replayEarlyInput(window, root).replayed).toBe(1);
    expect(calls).toEqual(['подписка']);
  });

  it('finds the control when the app put something above it (the city banner)', () => {
    (root.querySelector('header button') as HTMLButtonElement).click();
    const calls = appTakesOver(`<div role="region">Ваш город — Москва?</div>${SERVER_PAGE}`);
    expect(replayEarlyInput(window, root)).toEqual({ replayed: 1, dropped: 0 });
    expect(calls).toEqual(['меню']);
  });

  it('drops a held tap whose control is gone or changed, and lets links and later taps through', () => {
    (root.querySelector('article button') as HTMLButtonElement).click();
    const link = new MouseEvent('click', { bubbles: true, cancelable: true });
    root.querySelector('a')?.dispatchEvent(link);
    expect(link.defaultPrevented).toBe(false);
    const calls = appTakesOver('<main><p>Страница изменилась</p></main>');
    expect(replayEarlyInput(window, root)).toEqual({ replayed: 0, dropped: 1 });
    expect(calls).toEqual([]);
    const later = new MouseEvent('click', { bubbles: true, cancelable: true });
    root.querySelector('p')?.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
    expect(replayEarlyInput(window, root)).toEqual({ replayed: 0, dropped: 0 });
  });

  it('ignores a damaged queue instead of throwing', () => {
    window.__earlyInput = [{ kind: 'click', path: [-1], tag: 'BUTTON', name: 'x' }, 'мусор', null];
    expect(replayEarlyInput(window, root)).toEqual({ replayed: 0, dropped: 3 });
    window.__earlyInput = { not: 'a list' };
    expect(replayEarlyInput(window, root)).toEqual({ replayed: 0, dropped: 0 });
  });
});
