/**
 * A small seeded pseudo-random generator (mulberry32) and the helpers the demo generator needs.
 * The demo content must be reproducible from its seed, so nothing here touches Math.random or the clock.
 */

import { groupedDigits } from '../../../shared-rules/money-rule';
import { pluralRu as pluralForm } from '../../../shared-rules/plural-rule';
import { suggestSlug } from '../../../shared-rules/slug-rule';

export interface DemoRandom {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** `count` distinct elements (fewer if the list is shorter), in random order. */
  sample<T>(items: readonly T[], count: number): T[];
}

export function createDemoRandom(seed: number): DemoRandom {
  // Any number is accepted: non-finite seeds fall back to 0, fractions are folded into 32 bits.
  let state = Number.isFinite(seed) ? Math.trunc(seed) >>> 0 : 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new RangeError('pick() needs a non-empty list');
      return item;
    },
    sample<T>(items: readonly T[], count: number): T[] {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(0, i);
        const a = copy[i] as T;
        copy[i] = copy[j] as T;
        copy[j] = a;
      }
      return copy.slice(0, Math.max(0, count));
    },
  };
}

/** Latin kebab-case slug of a Russian (or mixed) text: 'Диван «Осло», велюр' → 'divan-oslo-velyur'. */
export function slugify(text: string): string {
  return suggestSlug(text);
}

/** Russian plural form for a count: plural(2, 'коробка', 'коробки', 'коробок') → 'коробки'. */
export function pluralRu(count: number, one: string, few: string, many: string): string {
  return pluralForm(Math.trunc(count), [one, few, many]);
}

/** Groups thousands with a no-break space, as prices are written in Russian: 30000 → '30 000'. */
export function formatRoubles(value: number): string {
  return groupedDigits(String(Math.trunc(value)));
}
