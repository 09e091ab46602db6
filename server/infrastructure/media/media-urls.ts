import type { Image } from '../../../api/media';

/**
 * Turns an image key ('product/sofa-03') into the URLs of its rendered sizes under /media/. The files
 * are written at seed time by the image renderer into DATA_DIR/media with the same naming.
 */
export interface MediaUrls {
  image(key: string, alt: string): Image;
  /** The default (card-sized) URL of a key. */
  url(key: string): string;
}

export function createMediaUrls(options: {
  readonly widths: readonly number[];
  readonly defaultWidth: number;
  readonly fileName: (key: string, width: number) => string;
}): MediaUrls {
  const widths = [...options.widths].sort((a, b) => a - b);
  const url = (key: string, width: number) => `/media/${options.fileName(key, width)}`;
  return {
    image: (key, alt) => ({
      url: url(key, options.defaultWidth),
      alt,
      sources: widths.map((width) => ({ width, url: url(key, width) })),
    }),
    url: (key) => url(key, options.defaultWidth),
  };
}
