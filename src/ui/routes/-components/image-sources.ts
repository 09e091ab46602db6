import type { ImageData } from '../../../application/ports/media.model';

/**
 * srcset for a picture from the API's image data ('url 320w, url 640w'); undefined when the image
 * offers no widths (the plain `src` is then enough). Entries with a bad width or an empty URL are
 * skipped; commas in a URL are percent-encoded so they cannot split the list.
 */
export function imageSrcSet(image: Pick<ImageData, 'sources'> | null | undefined): string | undefined {
  const entries = (image?.sources ?? [])
    .filter((source) => Number.isSafeInteger(source.width) && source.width > 0 && source.url.trim() !== '')
    .map((source) => `${source.url.trim().replace(/,/g, '%2C').replace(/\s/g, '%20')} ${source.width}w`);
  return entries.length === 0 ? undefined : entries.join(', ');
}

/** The seeded photographs are 4:3; frames use object-fit, so a picture of another shape still fits. */
const PHOTO_RATIO = { width: 4, height: 3 } as const;

/** Intrinsic size for width/height attributes so a photo reserves its box before it loads. */
export function photoSize(width: number): { width: number; height: number } {
  return { width, height: Math.round((width * PHOTO_RATIO.height) / PHOTO_RATIO.width) };
}
