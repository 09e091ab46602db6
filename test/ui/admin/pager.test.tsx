import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Pager } from '../../../src/ui/admin/pager';
import { renderAdminView } from './catalogue-test-support';

afterEach(cleanup);

/** axe `label-in-name`: what a link shows is part of what it is called. */
function expectVisibleTextInName(link: HTMLElement) {
  const visible = (link.textContent ?? '').trim();
  const name = link.getAttribute('aria-label') ?? visible;
  expect(name.toLowerCase()).toContain(visible.toLowerCase());
}

describe('admin pager', () => {
  it('names the arrows and the pages in Russian and marks the current page, not as a link', async () => {
    await renderAdminView(
      <Pager page={5} limit={20} total={200} hrefFor={(page) => `/admin/products?page=${page}`} />,
      [],
      '/admin/products?page=5',
    );
    const pager = screen.getByRole('navigation', { name: 'Страницы' });
    expect(pager.textContent).toContain('Показаны 81–100 из 200');
    expect(within(pager).getByRole('link', { name: 'Предыдущая страница' }).getAttribute('href')).toBe(
      '/admin/products?page=4',
    );
    expect(within(pager).getByRole('link', { name: 'Следующая страница' }).getAttribute('href')).toBe(
      '/admin/products?page=6',
    );
    const numbered = within(pager)
      .getAllByRole('link')
      .filter((link) => /^Страница \d+$/.test(link.getAttribute('aria-label') ?? ''));
    expect(numbered.map((link) => link.textContent)).toEqual(['1', '4', '6', '10']);
    for (const link of within(pager).getAllByRole('link')) {
      expectVisibleTextInName(link);
      expect(link.getAttribute('aria-current')).toBeNull();
    }
    const current = pager.querySelector('[aria-current="page"]');
    expect(current?.tagName).toBe('SPAN');
    expect(current?.textContent).toBe('Страница\u00a05');
  });

  it('says «более чем» when the server stopped counting, and still offers the next pages', async () => {
    await renderAdminView(
      <Pager page={1} limit={25} total={10_000} totalCapped hrefFor={(page) => `/x?page=${page}`} />,
      [],
    );
    const pager = screen.getByRole('navigation', { name: 'Страницы' });
    expect(pager.textContent).toContain('Показаны 1–25 из более чем 10000');
    expect(within(pager).getByRole('link', { name: 'Следующая страница' }).getAttribute('href')).toBe(
      '/x?page=2',
    );
    expect(within(pager).getByRole('link', { name: 'Страница 400' })).toBeTruthy();
  });

  it('shows no arrow past either end, and no numbers for a single page', async () => {
    await renderAdminView(<Pager page={1} limit={20} total={30} hrefFor={(page) => `/x?page=${page}`} />, []);
    expect(screen.queryByRole('link', { name: 'Предыдущая страница' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Страница 2' })).toBeTruthy();
    cleanup();
    await renderAdminView(<Pager page={1} limit={20} total={7} hrefFor={(page) => `/x?page=${page}`} />, []);
    expect(screen.getByRole('navigation', { name: 'Страницы' }).textContent).toBe('Показаны 1–7 из 7');
    expect(screen.queryAllByRole('link')).toEqual([]);
  });
});
