import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CollageTile, collageHref } from '../../src/ui/components/collage-tile';
import { NewsCard, newsDate } from '../../src/ui/components/news-card';
import { renderWithRouter } from './render-with-router';

afterEach(cleanup);

describe('CollageTile', () => {
  it('hides its image when the image fails to load, keeping the label', async () => {
    const { container } = await renderWithRouter(
      <CollageTile tile={{ name: 'Спальня', slug: 'po-komnatam/spalnya', image: '/missing.jpg' }} />,
    );
    const image = container.querySelector('img');
    if (!image) throw new Error('no image');
    expect(image.hidden).toBe(false);
    fireEvent.error(image);
    expect(image.hidden).toBe(true);
    expect(screen.getByRole('link', { name: 'Спальня' })).toBeTruthy();
  });

  it('links to its own href, else to /category/{slug}', () => {
    expect(collageHref({ slug: 'mebel/divany' })).toBe('/category/mebel/divany');
    expect(collageHref({ slug: 'mebel/divany', href: '/pages/news' })).toBe('/pages/news');
    expect(collageHref({ slug: 'mebel', href: '   ' })).toBe('/category/mebel');
  });
});

describe('NewsCard', () => {
  it('links its title and shows the date in Russian', async () => {
    await renderWithRouter(
      <NewsCard
        item={{
          title: 'Новая коллекция',
          href: '/news/novaya-kollekciya',
          publishedAt: '2026-03-12T10:00:00Z',
        }}
      />,
    );
    expect(screen.getByRole('link', { name: 'Новая коллекция' }).getAttribute('href')).toBe(
      '/news/novaya-kollekciya',
    );
    expect(screen.getByText(/12 марта 2026/)).toBeTruthy();
  });

  it('treats a missing or broken date as no date', () => {
    expect(newsDate(undefined)).toBeNull();
    expect(newsDate('')).toBeNull();
    expect(newsDate('not a date')).toBeNull();
    render(<p>{newsDate('2026-01-01') ?? ''}</p>);
    expect(screen.getByText(/2026/)).toBeTruthy();
  });
});
