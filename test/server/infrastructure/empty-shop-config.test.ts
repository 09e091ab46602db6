import { describe, expect, it } from 'vitest';
import { readAccountsConfig } from '../../../server/infrastructure/accounts.config';
import { readConfig } from '../../../server/infrastructure/config';
import { REQUIRED_PAGE_SLUGS, REQUIRED_PAGES } from '../../../server/infrastructure/seed/required-pages';

/** Issue 24, item 9: SEED_PRODUCTS=0 is an empty shop, with no newsletter code unless one is set. */
describe('the empty shop’s configuration', () => {
  const subscribeCode = (env: NodeJS.ProcessEnv) => {
    const result = readAccountsConfig(env);
    if (!result.ok) throw new Error(result.message);
    return result.config.subscribePromoCode;
  };

  it('accepts SEED_PRODUCTS=0 and keeps 600 as the default of `npm start`', () => {
    const empty = readConfig({ SEED_PRODUCTS: '0' });
    expect(empty.ok && empty.config.seedProducts).toBe(0);
    const demo = readConfig({});
    expect(demo.ok && demo.config.seedProducts).toBe(600);
  });

  it('gives HOME10 for a subscription in the demo, no code in an empty shop, the configured one always', () => {
    expect(subscribeCode({})).toBe('HOME10');
    expect(subscribeCode({ SEED_PRODUCTS: '600' })).toBe('HOME10');
    expect(subscribeCode({ SEED_PRODUCTS: '0' })).toBeNull();
    expect(subscribeCode({ SEED_PRODUCTS: '0', SUBSCRIBE_PROMO_CODE: 'welcome5' })).toBe('WELCOME5');
  });

  it('seeds every required page, each with a title and a body', () => {
    expect(REQUIRED_PAGES.map((page) => page.slug).sort()).toEqual([...REQUIRED_PAGE_SLUGS].sort());
    for (const page of REQUIRED_PAGES) {
      expect(page.title.length).toBeGreaterThan(0);
      expect(page.bodyHtml.length).toBeGreaterThan(100);
    }
  });
});
