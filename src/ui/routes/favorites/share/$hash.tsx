import { createFileRoute } from '@tanstack/react-router';
import { sharedFavourites } from '../../../../application/queries/shared-favourites.query';
import { ClientHead } from '../../-client/client-head';
import { FAVOURITES_TITLE, SharedFavouritesView } from '../../-client/favourites-view';

export const Route = createFileRoute('/favorites/share/$hash')({
  loader: ({ context, params, abortController }) =>
    context.shop.resolve(sharedFavourites)(params.hash, { signal: abortController.signal }),
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
