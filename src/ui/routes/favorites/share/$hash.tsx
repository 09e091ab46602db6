import { createFileRoute } from '@tanstack/react-router';
import { ClientHead } from '../../-client/client-head';
import { FAVOURITES_TITLE, SharedFavouritesView, type SharedList } from '../../-client/favourites-view';
import { favouritesPortOf } from '../../-client/shop-hooks';

/** The contract's share hash: 16–64 URL-safe characters. Anything else never reaches the server. */
const SHARE_HASH = /^[A-Za-z0-9_-]{16,64}$/;

export const Route = createFileRoute('/favorites/share/$hash')({
  loader: async ({ context, params, abortController }): Promise<SharedList> => {
    const hash = params.hash.trim();
    if (!SHARE_HASH.test(hash)) return { kind: 'invalid' };
    const port = favouritesPortOf(context.services);
    if (port === null) return { kind: 'missing' };
    try {
      const items = await port.getShared(hash, { signal: abortController.signal });
      return items.length === 0 ? { kind: 'missing' } : { kind: 'ready', items };
    } catch {
      return { kind: 'missing' };
    }
  },
  component: SharedFavouritesPage,
});

function SharedFavouritesPage() {
  const list = Route.useLoaderData();
  return (
    <>
      <ClientHead title={FAVOURITES_TITLE} />
      <SharedFavouritesView list={list} />
    </>
  );
}
