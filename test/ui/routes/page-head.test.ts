import { describe, expect, it } from 'vitest';
import { parsePageParam, parseSearchParams } from '../../../src/application/queries/page-params';
import { imageSrcSet } from '../../../src/ui/routes/-components/image-sources';
import { applyPageHead, jsonLdText, pageHeadTags } from '../../../src/ui/routes/-components/page-head';

describe('pageHeadTags', () => {
  it('builds title, cut description, robots, canonical and Open Graph for a page', () => {
    const tags = pageHeadTags(
      {
        title: 'Диваны',
        description: 'слово '.repeat(60),
        path: '/category/mebel/divany?page=2',
        image: '/media/a.webp',
      },
      'https://shop.example',
    );
    expect(tags.title).toBe('Диваны — Дом и Стиль');
    expect(tags.names.description?.length).toBeLessThanOrEqual(158);
    expect(tags.names.description?.endsWith('…')).toBe(true);
    expect(tags.names.robots).toBe('index,follow');
    expect(tags.canonical).toBe('https://shop.example/category/mebel/divany?page=2');
    expect(tags.properties['og:image']).toBe('https://shop.example/media/a.webp');
    expect(tags.properties['og:locale']).toBe('ru_RU');
  });

  it('marks private paths noindex,nofollow by the spec rule', () => {
    expect(pageHeadTags({ title: 'x', description: '', path: '/cart' }, '').names.robots).toBe(
      'noindex,nofollow',
    );
  });

  it('updates the tags of index.html in place instead of adding duplicates', () => {
    document.head.innerHTML =
      '<meta name="description" content="old"><meta property="og:image" content="old">';
    applyPageHead(
      pageHeadTags({ title: 'Доставка', description: 'Как мы возим', path: '/pages/delivery' }, 'https://s'),
    );
    applyPageHead(
      pageHeadTags({ title: 'Оплата', description: 'Как платить', path: '/pages/payment' }, 'https://s'),
    );
    expect(document.title).toBe('Оплата — Дом и Стиль');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Как платить',
    );
    expect(document.head.querySelector('meta[property="og:image"]')).toBeNull();
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
  });

  it('escapes "<" in JSON-LD so no value can close the script element', () => {
    expect(jsonLdText({ name: '</script><script>alert(1)</script>' })).not.toContain('<');
  });
});

describe('small route decoders', () => {
  it('builds a srcset from the image widths and skips unusable entries', () => {
    expect(
      imageSrcSet({
        sources: [
          { width: 320, url: '/a-320.webp' },
          { width: 0, url: '/bad.webp' },
          { width: 640, url: ' ' },
          { width: 1024, url: '/a,b.webp' },
        ],
      }),
    ).toBe('/a-320.webp 320w, /a%2Cb.webp 1024w');
    expect(imageSrcSet(null)).toBeUndefined();
  });

  it('reads q and page of /search and page of the content lists', () => {
    expect(parseSearchParams({ q: '  диван  ', page: '3' })).toEqual({ q: 'диван', page: 3 });
    expect(parseSearchParams({ q: '   ', page: 3 })).toEqual({});
    expect(parseSearchParams({ q: 123 })).toEqual({ q: '123' });
    expect(parsePageParam({ page: '-1' })).toEqual({});
    expect(parsePageParam({ page: 2.5 })).toEqual({});
    expect(parsePageParam({ page: 7 })).toEqual({ page: 7 });
  });
});
