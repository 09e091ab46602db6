/**
 * How long a page's own meta title and description may be (the SEO texts of the home page and the
 * categories, issue 25 item 13): the back office's counters and the contract read the same numbers.
 * A longer description is still cut to about 157 characters in the head (page-indexing-rule.ts).
 */
export const SEO_META_LIMITS = { title: 70, description: 300 } as const;
