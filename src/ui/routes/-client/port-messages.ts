import { isPortFailure } from '../../../application/ports/port-failure';

/** What a failed call says to the shopper: one text for machines and views alike. */
export { failureMessage } from '../../../application/ports/failure-message';

/** The contract's error code of a refused request, when there is one. */
export function failureCode(error: unknown): string | null {
  return isPortFailure(error) ? (error.code ?? null) : null;
}

export function failureStatus(error: unknown): number | null {
  return isPortFailure(error) ? (error.status ?? null) : null;
}
