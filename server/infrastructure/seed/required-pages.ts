import { CONSENT_DOCUMENT_SLUGS } from '../../../shared-rules/consent-rule';
import type { DemoStaticPage } from './demo-content.types';
import { DEMO_STATIC_PAGES } from './demo-static-pages';

/**
 * The static pages an empty shop (SEED_PRODUCTS=0) starts with: what a Russian shop selling at a
 * distance must publish — who the seller is and how to reach it (contacts; Law on Consumer Protection,
 * art. 9 and 26.1), delivery, payment, returns and warranty (Rules of distance selling, Government
 * Decree 2463), the personal-data policy and the consent documents the forms ask for — personal data
 * and, apart from it, marketing mail (152-FZ, art. 9 and 18.1; docs/privacy.md), and the terms of sale. They start as the spec's texts with the spec's default contact details:
 * editable templates the administrator must check before opening (the start-up log says so).
 * Marketing and service pages (professionals, support, how-to-order, gift-cards, installment) describe
 * offers a shop may not make: it writes them itself (docs/operations.md, «Empty production start»).
 */
export const REQUIRED_PAGE_SLUGS = [
  'contacts',
  'delivery',
  'payment',
  'trust',
  'privacy',
  'terms',
  'consent',
  'marketing-consent',
] as const;

export const REQUIRED_PAGES: readonly DemoStaticPage[] = DEMO_STATIC_PAGES.filter((page) =>
  (REQUIRED_PAGE_SLUGS as readonly string[]).includes(page.slug),
);

/**
 * The documents consent records point at (shared-rules/consent-rule.ts CONSENT_DOCUMENT_SLUGS): every
 * start adds the missing ones, so a shop seeded before a document existed gets it too.
 */
export const CONSENT_PAGES: readonly DemoStaticPage[] = DEMO_STATIC_PAGES.filter((page) =>
  Object.values(CONSENT_DOCUMENT_SLUGS).includes(page.slug),
);
