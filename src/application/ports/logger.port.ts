import type { PortToken } from './port-token';
import { portToken } from './port-token';

/**
 * Developer diagnostics (spec §8: polling errors, load failures and per-item viewed sync failures
 * "are only logged"; §5: a refused call "logs a warning"). Never shown to people.
 */
export interface LoggerPort {
  warn(message: string, details?: unknown): void;
  error(message: string, details?: unknown): void;
}

export const LOGGER_PORT: PortToken<LoggerPort> = portToken<LoggerPort>('LoggerPort');
