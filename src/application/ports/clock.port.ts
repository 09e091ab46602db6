import type { PortToken } from './port-token';
import { portToken } from './port-token';

/** Time as the application sees it; machines and use cases never read Date.now() directly. */
export interface ClockPort {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const CLOCK_PORT: PortToken<ClockPort> = portToken<ClockPort>('ClockPort');
