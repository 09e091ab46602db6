import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NOT_FOUND_HEAD, NotFoundPage } from '../../../src/ui/routes/-components/not-found-page';
import { pageHeadTags } from '../../../src/ui/routes/-components/page-head';
import { renderWithRouter } from '../render-with-router';

afterEach(cleanup);
beforeEach(() => {
  document.head.innerHTML = '<meta name="robots" content="index,follow">';
  document.title = '';
});

function meta(name: string): string | null {
  return document.head.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? null;
}

describe('NotFoundPage', () => {
  it('titles the page, describes it in Russian and keeps it out of search engines', async () => {
    await renderWithRouter(<NotFoundPage />, '/mebel/net-takoy');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Страница не найдена');
    expect(document.title).toBe('Страница не найдена — Дом и Стиль');
    expect(meta('description')).toBe(NOT_FOUND_HEAD.description);
    expect(meta('robots')).toBe('noindex,nofollow');
    expect(document.head.querySelectorAll('meta[name="robots"]')).toHaveLength(1);
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${window.location.origin}/mebel/net-takoy`,
    );
  });
});

describe('pageHeadTags robots', () => {
  it('lets a page force robots over the path rule, which decides otherwise', () => {
    const forced = pageHeadTags(
      { title: 'x', description: '', path: '/category/mebel', robots: 'noindex,nofollow' },
      '',
    );
    expect(forced.names.robots).toBe('noindex,nofollow');
    expect(pageHeadTags({ title: 'x', description: '', path: '/category/mebel' }, '').names.robots).toBe(
      'index,follow',
    );
  });
});
