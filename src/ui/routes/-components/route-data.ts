import { notFound } from '@tanstack/react-router';
import { isPortFailure } from '../../../application/ports/port-failure';

/**
 * How route loaders read the catalogue and content ports: a 404 answer is the not-found page
 * (spec §2 "any other path"); any other failure propagates to the route's error view.
 */
function isNotFoundFailure(error: unknown): boolean {
  return isPortFailure(error) && error.status === 404;
}

/** Awaits a port call; a 404 becomes TanStack's notFound(), anything else is rethrown. */
export async function orNotFound<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isNotFoundFailure(error)) throw notFound();
    throw error;
  }
}

/**
 * Optional page furniture (SEO text, popular tags, recommendations): a failure leaves it out —
 * spec §8 "product/category load failures … are only logged".
 */
export async function orFallback<T>(call: Promise<T>, fallback: T): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!isNotFoundFailure(error)) console.warn('Необязательный блок страницы не загрузился', error);
    return fallback;
  }
}
