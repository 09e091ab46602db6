import type { ClockPort } from '../application/ports/clock.port';

/** What routes receive from the composition root: services behind ports, never adapters. */
export interface RouterContext {
  clock: ClockPort;
}
