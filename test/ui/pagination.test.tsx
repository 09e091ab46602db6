import { fc, test } from '@fast-check/vitest';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Pagination, pageSlots } from '../../src/ui/components/pagination';
import { renderWithRouter } from './render-with-router';

afterEach(cleanup);

describe('pageSlots', () => {
  it('keeps the first, last and current pages with gaps between', () => {
    expect(pageSlots(1, 1)).toEqual([1]);
    expect(pageSlots(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    // A gap of one page is shown as that page rather than '…'.
    expect(pageSlots(3, 10)).toEqual([1, 2, 3, 4, 'gap', 10]);
    expect(pageSlots(99, 3)).toEqual([1, 2, 3]);
  });

  test.prop([fc.integer({ min: -5, max: 300 }), fc.integer({ min: -5, max: 300 })])(
    'lists increasing pages within 1…total, with first, last and the clamped current page and no double gaps',
    (current, total) => {
      const slots = pageSlots(current, total);
      const last = Math.max(1, total);
      const page = Math.min(last, Math.max(1, current));
      const pages = slots.filter((slot): slot is number => slot !== 'gap');
      expect(pages[0]).toBe(1);
      expect(pages[pages.length - 1]).toBe(last);
      expect(pages).toContain(page);
      pages.forEach((n, i) => {
        if (i > 0) expect(n).toBeGreaterThan(pages[i - 1] ?? 0);
      });
      slots.forEach((slot, i) => {
        if (slot === 'gap') expect(slots[i + 1]).not.toBe('gap');
      });
    },
  );

  test.prop([fc.double(), fc.double()])('is total for any numbers', (current, total) => {
    expect(pageSlots(current, total).length).toBeGreaterThan(0);
  });
});

describe('Pagination', () => {
  it('links pages through the given href builder and marks the current page', async () => {
    await renderWithRouter(
      <Pagination current={2} total={5} hrefFor={(page) => `/category/mebel?page=${page}`} />,
    );
    expect(screen.getByRole('navigation', { name: 'Страницы' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Страница 2' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Следующая страница' }).getAttribute('href')).toBe(
      '/category/mebel?page=3',
    );
    expect(screen.getByRole('link', { name: 'Предыдущая страница' }).getAttribute('href')).toBe(
      '/category/mebel?page=1',
    );
  });

  it('renders nothing for a single page', async () => {
    await renderWithRouter(<Pagination current={1} total={1} hrefFor={() => '/'} />);
    expect(screen.queryByRole('navigation', { name: 'Страницы' })).toBeNull();
  });
});
