import { notFound } from '@tanstack/react-router';
import { PageNotFound } from '../../../application/queries/query-outcomes';

/**
 * A route loader's run of an application page query (src/application/queries): the query's
 * PageNotFound becomes TanStack's notFound() (the not-found page with HTTP 404 on the server), any
 * other failure goes on to the route's error view.
 */
export async function routeQuery<T>(query: Promise<T>): Promise<T> {
  try {
    return await query;
  } catch (error) {
    if (error instanceof PageNotFound) throw notFound();
    throw error;
  }
}
