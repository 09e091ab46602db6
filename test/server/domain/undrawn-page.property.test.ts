import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  CRAWLER_RETRY_AFTER_SECONDS,
  RENDER_DEADLINE_MS,
  undrawnPageAnswer,
  visitorOf,
} from '../../../server/domain/undrawn-page';

/** The crawlers' own User-Agent tokens, as their documentation gives them. */
const CRAWLER_TOKENS = [
  'Googlebot/2.1',
  'Google-InspectionTool/1.0',
  'Storebot-Google/1.0',
  'YandexBot/3.0',
  'YandexMobileBot/3.0',
  'YandexImages/3.0',
  'YandexRenderResourcesBot/1.0',
  'bingbot/2.0',
  'Mail.RU_Bot/2.0',
  'DuckDuckBot/1.1',
  'Applebot/0.1',
  'Baiduspider/2.0',
  'PetalBot',
  'SeznamBot/4.0',
];

/** Pieces of browsers' User-Agent strings: none names a robot. */
const BROWSER_PIECES = [
  'Mozilla/5.0',
  '(Windows NT 10.0; Win64; x64)',
  '(Linux; Android 13; SM-A536B)',
  '(iPhone; CPU iPhone OS 17_5 like Mac OS X)',
  'AppleWebKit/537.36',
  '(KHTML, like Gecko)',
  'Chrome/126.0.0.0',
  'YaBrowser/24.6.0.0',
  'Mobile',
  'Safari/537.36',
  'Firefox/127.0',
  'Edg/126.0',
];

describe('a public page drawn without its content (server/domain/undrawn-page.ts)', () => {
  test.prop([fc.constantFrom(...CRAWLER_TOKENS), fc.string(), fc.string(), fc.boolean()])(
    'takes any User-Agent carrying a search crawler token, in any case, for a crawler',
    (token, before, after, upper) => {
      const agent = `${before}${upper ? token.toUpperCase() : token.toLowerCase()}${after}`;
      expect(visitorOf(agent)).toBe('crawler');
    },
  );

  test.prop([fc.array(fc.constantFrom(...BROWSER_PIECES), { maxLength: 8 })])(
    "takes a browser's User-Agent, or none, for a person",
    (pieces) => {
      expect(visitorOf(pieces.join(' '))).toBe('person');
      expect(visitorOf(undefined)).toBe('person');
    },
  );

  test.prop([fc.constantFrom('person' as const, 'crawler' as const)])(
    'is never indexable, and only a crawler is asked to come back later',
    (visitor) => {
      const answer = undrawnPageAnswer(visitor);
      expect(answer.robots).toBe('noindex,nofollow');
      if (visitor === 'crawler') {
        expect(answer).toEqual({
          status: 503,
          robots: 'noindex,nofollow',
          retryAfterSeconds: CRAWLER_RETRY_AFTER_SECONDS,
        });
      } else {
        // A person's browser draws the page from the loading screen: a 503 would only show an error.
        expect(answer).toEqual({ status: 200, robots: 'noindex,nofollow', retryAfterSeconds: null });
      }
    },
  );

  it('gives a crawler, which reads no loading screen, at least as long as a person to load the page', () => {
    expect(RENDER_DEADLINE_MS.crawler).toBeGreaterThanOrEqual(RENDER_DEADLINE_MS.person);
    expect(CRAWLER_RETRY_AFTER_SECONDS).toBeGreaterThan(0);
  });
});
