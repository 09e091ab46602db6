import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The installable-app files: the manifest and the icons it names ship from public/ with the build. */
describe('web app manifest', () => {
  const manifest: unknown = JSON.parse(readFileSync('public/manifest.webmanifest', 'utf8'));
  const document = readFileSync('index.html', 'utf8');
  const head = document.slice(0, document.indexOf('</head>'));

  it('names the shop in Russian and starts at the home page', () => {
    expect(manifest).toMatchObject({
      name: 'Дом и Стиль — мебель, декор и техника для дома',
      short_name: 'Дом и Стиль',
      lang: 'ru',
      start_url: '/',
      display: 'standalone',
    });
  });

  it('offers 192 and 512 px icons, maskable ones too, and every named icon exists', () => {
    const icons = (manifest as { icons: { src: string; sizes: string; purpose?: string }[] }).icons;
    for (const size of ['192x192', '512x512']) {
      expect(icons.some((icon) => icon.sizes === size && icon.purpose === undefined)).toBe(true);
      expect(icons.some((icon) => icon.sizes === size && icon.purpose === 'maskable')).toBe(true);
    }
    for (const icon of icons) expect(existsSync(join('public', icon.src)), icon.src).toBe(true);
  });

  it('is linked from the document head with the page icon, not from the page body', () => {
    expect(head).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(head).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml" />');
    expect(head).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />');
    expect(document.slice(document.indexOf('<body>'))).not.toContain('rel="icon"');
  });
});
