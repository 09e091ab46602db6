import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** A @font-face block reduced to what matters: its file name and its unicode range. */
function faces(css: string): { file: string; range: string }[] {
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map((match) => {
    const body = match[1] ?? '';
    return {
      file: /url\(([^)]*)\)/.exec(body)?.[1]?.split('/').at(-1) ?? '',
      range: (/unicode-range:\s*([^;]*);/.exec(body)?.[1] ?? '').replace(/\s+/g, ''),
    };
  });
}

describe('the shop’s Manrope faces', () => {
  const ours = faces(readFileSync('src/ui/theme/fonts/manrope.css', 'utf8'));
  const fontsource = faces(readFileSync('node_modules/@fontsource-variable/manrope/wght.css', 'utf8'));

  it('are Fontsource’s faces, with «₽» moved out of latin-ext into its own face', () => {
    expect(ours.slice(0, -1).map((face) => face.file)).toEqual(fontsource.map((face) => face.file));
    for (const [index, face] of fontsource.entries()) {
      const expected = face.file.includes('latin-ext')
        ? face.range.replace('U+20AD-20C0', 'U+20AD-20BC,U+20BE-20C0')
        : face.range;
      expect(ours[index]?.range, face.file).toBe(expected);
    }
    expect(ours.at(-1)).toEqual({ file: 'manrope-rouble-wght.woff2', range: 'U+20BD' });
  });

  it('keep the rouble file small enough for Vite to inline it (under 4 kB)', () => {
    expect(readFileSync('src/ui/theme/fonts/manrope-rouble-wght.woff2').byteLength).toBeLessThan(4096);
  });
});
