import { describe, expect, it } from 'vitest';
import type { CrawlerSource } from '../../../server/application/crawler-files.port';
import { CrawlerFilesService, MARKET_FEED_TTL_MS } from '../../../server/application/crawler-files.service';
import type { FeedOffer } from '../../../server/domain/yml-feed';
import { ymlOffers, ymlStructureProblems } from '../../support/yml-structure';

/** An in-memory catalogue of `count` offers that records the pages the feed asked for. */
function catalogue(count: number) {
  const pages: { afterId: number; limit: number }[] = [];
  let price = 1000;
  const offers = (): FeedOffer[] =>
    Array.from({ length: count }, (_, index) => ({
      id: index + 1,
      slug: `tovar-${index + 1}`,
      name: `Стул ${index + 1}`,
      price,
      oldPrice: null,
      categoryId: 1,
      stock: null,
      backorderAllowed: false,
      pictureUrls: [],
      vendor: '',
      vendorCode: `SKU-${index + 1}`,
      description: '',
      country: '',
      specs: {},
      typePrefix: '',
      dimensions: null,
    }));
  const source: CrawlerSource = {
    countVisibleProducts: async () => count,
    productEntries: async () => [],
    categoryEntries: async () => [],
    contentEntries: async () => [],
    feedCategories: async () => [{ id: 1, parentId: null, name: 'Стулья' }],
    feedOffersAfter: async (afterId, limit) => {
      pages.push({ afterId, limit });
      return offers()
        .filter((offer) => offer.id > afterId)
        .slice(0, limit);
    },
  };
  return {
    source,
    pages,
    setPrice: (value: number) => {
      price = value;
    },
  };
}

async function read(pieces: AsyncIterable<string>): Promise<{ body: string; pieces: number }> {
  let body = '';
  let count = 0;
  for await (const piece of pieces) {
    body += piece;
    count += 1;
  }
  return { body, pieces: count };
}

describe('the market feed service', () => {
  it('streams a large catalogue page by page and keeps every offer', async () => {
    const shop = catalogue(1234);
    const feed = new CrawlerFilesService(shop.source, { name: 'Дом и Стиль', company: 'Дом и Стиль' });
    const { body, pieces } = await read(feed.marketFeed('https://shop.test'));
    expect(ymlStructureProblems(body)).toEqual([]);
    expect(ymlOffers(body).size).toBe(1234);
    expect(shop.pages.map((page) => page.afterId)).toEqual([0, 500, 1000]);
    expect(Math.max(...shop.pages.map((page) => page.limit))).toBe(500);
    // head, three pages, tail: never the whole catalogue in one piece.
    expect(pieces).toBe(5);
  });

  it('serves the built feed for a minute, and rebuilds after it or after a catalogue change', async () => {
    const shop = catalogue(3);
    let now = Date.parse('2026-11-27T12:00:00Z');
    const feed = new CrawlerFilesService(
      shop.source,
      { name: 'Дом и Стиль', company: 'Дом и Стиль' },
      () => new Date(now),
    );
    const price = async () =>
      ymlOffers((await read(feed.marketFeed('https://shop.test'))).body)
        .get('1')
        ?.children.find((child) => child.name === 'price')?.text;
    expect(await price()).toBe('1000');
    shop.setPrice(2000);
    now += MARKET_FEED_TTL_MS - 1;
    expect(await price()).toBe('1000');
    now += 1;
    expect(await price()).toBe('2000');
    shop.setPrice(3000);
    feed.invalidateFeed();
    expect(await price()).toBe('3000');
  });
});
