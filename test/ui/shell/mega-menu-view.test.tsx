import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CatalogueCategory } from '../../../src/application/ports/catalogue.port';
import { MegaMenu } from '../../../src/ui/shell/mega-menu-view';
import { renderWithRouter } from '../render-with-router';

afterEach(() => {
  cleanup();
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1024 });
});

function category(
  id: number,
  name: string,
  slug: string,
  parent: number | null,
  path: string,
): CatalogueCategory {
  return {
    id,
    name,
    slug,
    active: true,
    parent_id: parent,
    refs: [],
    path,
    level: path.split('/').length - 1,
    sort_order: id,
    image: null,
    description: '',
  };
}

const CATEGORIES: CatalogueCategory[] = [
  category(1, 'Мебель', 'mebel', null, 'mebel'),
  category(2, 'Кровати', 'krovati', 1, 'mebel/krovati'),
  category(3, 'Двуспальные кровати', 'dvuspalnye', 2, 'mebel/krovati/dvuspalnye'),
  category(4, 'Матрасы', 'matrasy', 1, 'mebel/matrasy'),
];

async function renderMenu(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  await renderWithRouter(<MegaMenu categories={CATEGORIES} />);
}

describe('the mega menu', () => {
  it('shows the matrasy banner when the pointer is on Матрасы, a leaf link, on a wide screen', async () => {
    await renderMenu(1440);
    await act(async () => {
      fireEvent.mouseEnter(screen.getByRole('button', { name: 'Мебель' }));
    });
    await act(async () => {
      fireEvent.mouseEnter(screen.getByRole('link', { name: 'Матрасы' }));
    });
    expect(screen.getByRole('link', { name: 'Матрас + наматрасник = скидка 10%' }).getAttribute('href')).toBe(
      '/category/mebel/matrasy',
    );
    await act(async () => {
      fireEvent.mouseEnter(screen.getByRole('button', { name: 'Кровати' }));
    });
    expect(screen.getByRole('link', { name: 'Кровать + матрас = скидка 20%' })).toBeTruthy();
  });

  it('up to 1200 px a mouse passing over an item selects nothing; a click does', async () => {
    await renderMenu(1024);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Мебель' }));
    });
    const beds = screen.getByRole('button', { name: 'Кровати' });
    await act(async () => {
      fireEvent.mouseEnter(beds);
    });
    expect(beds.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Двуспальные кровати' })).toBeNull();
    await act(async () => {
      fireEvent.click(beds);
    });
    expect(beds.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Двуспальные кровати' })).toBeTruthy();
  });
});
