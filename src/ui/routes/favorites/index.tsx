import { createFileRoute } from '@tanstack/react-router';
import { ClientHead } from '../-client/client-head';
import { FAVOURITES_TITLE, OwnFavouritesView } from '../-client/favourites-view';

export const Route = createFileRoute('/favorites/')({
  component: FavouritesPage,
});

function FavouritesPage() {
  return (
    <>
      <ClientHead title={FAVOURITES_TITLE} />
      <OwnFavouritesView />
    </>
  );
}
