import type { Favourites } from '../../domain/favourites';
import { FAVOURITES_PANEL_ITEMS, FAVOURITES_PANEL_NAME_LIMIT } from '../../domain/text-cut';
import { ButtonLink } from './button';
import { MiniPanel } from './mini-panel';

export interface FavouritesPanelProps {
  readonly items: Favourites;
  readonly onRemove: (id: number) => void;
}

/** The header's hover favourites panel (spec §9: 6 items, names cut at 30 characters, '+N товаров...'). */
export function FavouritesPanel({ items, onRemove }: FavouritesPanelProps) {
  return (
    <MiniPanel
      title="Избранное"
      emptyText="В избранном пока ничего нет"
      items={items}
      shownLimit={FAVOURITES_PANEL_ITEMS}
      nameLimit={FAVOURITES_PANEL_NAME_LIMIT}
      removeLabel={(name) => `Удалить из избранного: ${name}`}
      onRemove={onRemove}
      actions={
        <ButtonLink href="/favorites" variant="secondary" fullWidth>
          Перейти в избранное
        </ButtonLink>
      }
    />
  );
}
