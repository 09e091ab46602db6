/**
 * The spec's breakpoints (§9: 768, 1000, 1183, 1200 px) and media queries built from them.
 * "Up to" is inclusive, as the spec words it ("Mobile header (width up to 768)").
 * Use these strings in vanilla-extract `'@media': { [media.upToMobile]: { … } }` blocks — never a
 * literal pixel width in a component.
 */
const breakpoints = { mobile: 768, tablet: 1000, narrowDesktop: 1183, desktop: 1200 } as const;

const upTo = (px: number) => `screen and (max-width: ${px}px)`;
const above = (px: number) => `screen and (min-width: ${px + 1}px)`;

export const media = {
  upToMobile: upTo(breakpoints.mobile),
  aboveMobile: above(breakpoints.mobile),
  upToTablet: upTo(breakpoints.tablet),
  aboveTablet: above(breakpoints.tablet),
  upToNarrowDesktop: upTo(breakpoints.narrowDesktop),
  aboveNarrowDesktop: above(breakpoints.narrowDesktop),
  upToDesktop: upTo(breakpoints.desktop),
  aboveDesktop: above(breakpoints.desktop),
  reducedMotion: '(prefers-reduced-motion: reduce)',
} as const;
