import sharp from 'sharp';

/**
 * sharp as the server uses it (issue 27, item 6; docs/performance.md «Memory»): libvips's operation
 * cache is off. By default it keeps up to 50 MB of decoded images and 100 operations in case the same
 * picture is processed again — which the server never does (the first start renders each demo picture
 * once, an upload is processed once), so it only held resident memory after the first start.
 */
sharp.cache(false);

export type { Sharp } from 'sharp';
export { sharp };
