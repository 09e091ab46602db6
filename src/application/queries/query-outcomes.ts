import { isPortFailure } from '../ports/port-failure';

/**
 * How the page queries read the catalogue and content ports. They know no router: a page that does
 * not exist is a `PageNotFound`, which the route loaders turn into the router's not-found page
 * (src/ui/routes/-components/route-data.ts); any other failure propagates to the route's error view.
 */
export class PageNotFound extends Error {
  override readonly name = 'PageNotFound';
  constructor(what: string) {
    super(`Страница не найдена: ${what}`);
  }
}

function isNotFoundFailure(error: unknown): boolean {
  return isPortFailure(error) && error.status === 404;
}

/** Awaits a port call; a 404 answer becomes PageNotFound (spec §2 "any other path"), anything else is rethrown. */
export async function orPageNotFound<T>(call: Promise<T>, what: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isNotFoundFailure(error)) throw new PageNotFound(what);
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
