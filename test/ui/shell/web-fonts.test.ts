import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WEB_FONTS_LOADED_SLOT } from '../../../src/application/ports/storage-slots';
import {
  loadWebFontsForNextPage,
  WEB_FONT_FAMILY,
  WEB_FONTS_ATTRIBUTE,
} from '../../../src/ui/shell/web-fonts';

/** jsdom has no Font Loading API: a document whose `fonts.load` answers as told. */
function withFonts(load: (font: string, text: string) => Promise<unknown[]>): Document {
  Object.defineProperty(document, 'fonts', { value: { load }, configurable: true });
  return document;
}

/** A router stand-in: the page changes when the test says so. */
function pageChanges() {
  const listeners = new Set<() => void>();
  return {
    onPageChange: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    change: () => {
      for (const listener of [...listeners]) listener();
    },
    get listening() {
      return listeners.size;
    },
  };
}

function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

const switched = () => document.documentElement.hasAttribute(WEB_FONTS_ATTRIBUTE);

describe('the shop’s typeface after the app has taken over (ui/shell/web-fonts.ts)', () => {
  afterEach(() => {
    document.documentElement.removeAttribute(WEB_FONTS_ATTRIBUTE);
    Reflect.deleteProperty(document, 'fonts');
    Reflect.deleteProperty(document, 'visibilityState');
  });

  it('fetches Manrope for Russian and Latin text, remembers, and switches only at the next page change', async () => {
    const load = vi.fn(async () => [{}, {}]);
    const remember = vi.fn();
    const pages = pageChanges();
    await loadWebFontsForNextPage(withFonts(load), { remember, onPageChange: pages.onPageChange });
    expect(load).toHaveBeenCalledWith(`400 1em "${WEB_FONT_FAMILY}"`, expect.stringMatching(/[а-я].*[a-z]/i));
    expect(remember).toHaveBeenCalledOnce();
    // Not under the visitor's eyes: the page they read keeps its layout.
    expect(switched()).toBe(false);
    pages.change();
    expect(switched()).toBe(true);
    expect(pages.listening).toBe(0);
  });

  it('switches when the tab is hidden, and stops listening for page changes', async () => {
    const pages = pageChanges();
    await loadWebFontsForNextPage(
      withFonts(async () => [{}]),
      { remember: vi.fn(), onPageChange: pages.onPageChange },
    );
    setVisibility('visible');
    expect(switched()).toBe(false);
    setVisibility('hidden');
    expect(switched()).toBe(true);
    expect(pages.listening).toBe(0);
  });

  it('does not remember when nothing loaded or the fetch failed, and still switches at the next page', async () => {
    const remember = vi.fn();
    const empty = pageChanges();
    await loadWebFontsForNextPage(
      withFonts(async () => []),
      { remember, onPageChange: empty.onPageChange },
    );
    empty.change();
    expect(switched()).toBe(true);
    document.documentElement.removeAttribute(WEB_FONTS_ATTRIBUTE);

    const failed = pageChanges();
    await expect(
      loadWebFontsForNextPage(
        withFonts(async () => Promise.reject(new Error('сеть'))),
        { remember, onPageChange: failed.onPageChange },
      ),
    ).rejects.toThrow('сеть');
    expect(switched()).toBe(false);
    failed.change();
    expect(switched()).toBe(true);
    expect(remember).not.toHaveBeenCalled();
  });

  it('does nothing when the early script already switched', async () => {
    document.documentElement.setAttribute(WEB_FONTS_ATTRIBUTE, '');
    const load = vi.fn(async () => [{}]);
    const pages = pageChanges();
    await loadWebFontsForNextPage(withFonts(load), { remember: vi.fn(), onPageChange: pages.onPageChange });
    expect(load).not.toHaveBeenCalled();
    expect(pages.listening).toBe(0);
  });

  it('switches at the next page in a browser without the Font Loading API', async () => {
    const remember = vi.fn();
    const pages = pageChanges();
    await loadWebFontsForNextPage(document, { remember, onPageChange: pages.onPageChange });
    expect(switched()).toBe(false);
    pages.change();
    expect(switched()).toBe(true);
    expect(remember).not.toHaveBeenCalled();
  });

  it('reads the remembered flag from any stored text, true only for what it writes', () => {
    expect(WEB_FONTS_LOADED_SLOT.decode(WEB_FONTS_LOADED_SLOT.encode(true))).toBe(true);
    expect(WEB_FONTS_LOADED_SLOT.decode(WEB_FONTS_LOADED_SLOT.encode(false))).toBe(false);
    fc.assert(
      fc.property(fc.option(fc.string(), { nil: null }), (raw) => {
        expect(WEB_FONTS_LOADED_SLOT.decode(raw)).toBe(raw === '1');
      }),
    );
  });

  it('shares its storage key and attribute with index.html’s early script', async () => {
    const { readFileSync } = await import('node:fs');
    const html = readFileSync('index.html', 'utf8');
    expect(html).toContain(`getItem('${WEB_FONTS_LOADED_SLOT.key}') === '1'`);
    expect(html).toContain(`html.setAttribute('${WEB_FONTS_ATTRIBUTE}', '')`);
  });
});
