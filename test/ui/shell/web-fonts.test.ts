import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WEB_FONTS_LOADED_SLOT } from '../../../src/application/ports/storage-slots';
import { loadWebFonts, WEB_FONT_FAMILY, WEB_FONTS_ATTRIBUTE } from '../../../src/ui/shell/web-fonts';

/** jsdom has no Font Loading API: a document whose `fonts.load` answers as told. */
function withFonts(load: (font: string, text: string) => Promise<unknown[]>): Document {
  Object.defineProperty(document, 'fonts', { value: { load }, configurable: true });
  return document;
}

describe('the shop’s typeface after the app has taken over (ui/shell/web-fonts.ts)', () => {
  afterEach(() => {
    document.documentElement.removeAttribute(WEB_FONTS_ATTRIBUTE);
    Reflect.deleteProperty(document, 'fonts');
  });

  it('loads Manrope for Russian and Latin text, then lets the page use it and remembers', async () => {
    const load = vi.fn(async () => [{}, {}]);
    const remember = vi.fn();
    const loading = loadWebFonts(withFonts(load), remember);
    // Not before the files are there: one swap, with both.
    expect(document.documentElement.hasAttribute(WEB_FONTS_ATTRIBUTE)).toBe(false);
    await loading;
    expect(load).toHaveBeenCalledWith(`400 1em "${WEB_FONT_FAMILY}"`, expect.stringMatching(/[а-я].*[a-z]/i));
    expect(document.documentElement.hasAttribute(WEB_FONTS_ATTRIBUTE)).toBe(true);
    expect(remember).toHaveBeenCalledOnce();
  });

  it('lets the page use it without remembering when nothing loaded or the load failed', async () => {
    const remember = vi.fn();
    await loadWebFonts(
      withFonts(async () => []),
      remember,
    );
    expect(document.documentElement.hasAttribute(WEB_FONTS_ATTRIBUTE)).toBe(true);
    document.documentElement.removeAttribute(WEB_FONTS_ATTRIBUTE);
    await expect(
      loadWebFonts(
        withFonts(async () => Promise.reject(new Error('сеть'))),
        remember,
      ),
    ).rejects.toThrow('сеть');
    expect(document.documentElement.hasAttribute(WEB_FONTS_ATTRIBUTE)).toBe(true);
    expect(remember).not.toHaveBeenCalled();
  });

  it('does nothing when the early script already let Manrope in', async () => {
    document.documentElement.setAttribute(WEB_FONTS_ATTRIBUTE, '');
    const load = vi.fn(async () => [{}]);
    const remember = vi.fn();
    await loadWebFonts(withFonts(load), remember);
    expect(load).not.toHaveBeenCalled();
    expect(remember).not.toHaveBeenCalled();
  });

  it('sets the attribute in a browser without the Font Loading API', async () => {
    const remember = vi.fn();
    await loadWebFonts(document, remember);
    expect(document.documentElement.hasAttribute(WEB_FONTS_ATTRIBUTE)).toBe(true);
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
