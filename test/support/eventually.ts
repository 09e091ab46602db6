import { vi } from 'vitest';

/**
 * How long a test waits for a condition before it gives up: a ceiling for something that never
 * happens, not a timing. It is far above what any real wait takes on a saturated machine (a lazy
 * chunk transformed on first use, a render behind busy cores), and below the projects' test timeout
 * (vite.config.ts), so a failure names the condition rather than the test's clock. The library
 * defaults (1 s for vi.waitFor and Testing Library) were what made tests fail under load (issue 24,
 * item 13).
 */
export const CONDITION_LIMIT_MS = 30_000;

/**
 * Resolves once `assertion` passes (re-checked after every few milliseconds of other work), with its
 * value: for conditions nothing announces (storage written, a fake server asked). Conditions with an
 * event of their own are awaited on it (xstate's `waitFor` on an actor, Testing Library's `findBy…`).
 */
export function eventually<T>(assertion: () => T | Promise<T>): Promise<T> {
  return vi.waitFor(assertion, { timeout: CONDITION_LIMIT_MS, interval: 10 });
}
