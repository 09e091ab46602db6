import type { LoggerPort } from '../../application/ports/logger.port';
import { PortFailure } from '../../application/ports/port-failure';

/**
 * Spec §5 "Call preconditions": cart read/write and orders by client need a positive numeric
 * clientId, favourites a numeric one; otherwise a warning is logged and nothing is sent.
 */
export function isPositiveClientId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/** Logs the warning and gives the rejection a refused call resolves to. */
export function refuseCall(logger: LoggerPort, message: string): PortFailure {
  logger.warn(message);
  return new PortFailure({ kind: 'precondition', message });
}
