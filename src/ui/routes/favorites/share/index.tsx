import { createFileRoute } from '@tanstack/react-router';
import { ClientHead } from '../../-client/client-head';
import { FAVOURITES_TITLE, SharedFavouritesView } from '../../-client/favourites-view';

/** A share link without its hash (spec §8: 'Некорректная ссылка.'). */
export const Route = createFileRoute('/favorites/share/')({
  component: () => (
    <>
      <ClientHead title={FAVOURITES_TITLE} />
      <SharedFavouritesView list={{ kind: 'invalid' }} />
    </>
  ),
});
