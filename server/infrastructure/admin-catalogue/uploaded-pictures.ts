import { randomBytes } from 'node:crypto';
import type { ImageSource } from '../../../api/media';
import { type Sharp, sharp } from '../media/sharp-settings';

type ImageSourceValue = typeof ImageSource.Type;

import { type AdminRefusal, type PictureStore, refuse } from '../../application/admin-catalogue.port';
import { contentTypeOf, type FileStore } from '../../application/file-store.port';
import { IMAGE_FORMAT, IMAGE_WIDTHS, isImageKey } from '../seed/product-images';

/**
 * Pictures uploaded in the back office, through the same pipeline and naming as the demo catalogue
 * (seed/product-images.ts): `<key>-<width>.webp` for every IMAGE_WIDTHS width in the media store
 * (DATA_DIR/media or the shared bucket), so the media URLs, srcset and /media/ serving work unchanged;
 * AVIF files of the same widths are written beside them (`<key>-<width>.avif`) for browsers that take them.
 *
 * The type is decided by content (sharp reads the header), never by the file name or the declared
 * type: only JPEG, PNG and WebP are accepted. Every variant is rendered before the first is stored, and
 * on any failure every stored file of the picture is removed.
 */
const UPLOAD_PREFIX = 'upload/';
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** Decompression bombs: refuse pictures above 50 megapixels before decoding them. */
const MAX_INPUT_PIXELS = 50_000_000;
const AVIF_FORMAT = 'avif';

const INVALID_IMAGE_TYPE = 'Можно загрузить только изображения JPG, PNG или WEBP.';

function isUploadedKey(key: string): boolean {
  return key.startsWith(UPLOAD_PREFIX) && isImageKey(key);
}

/** AVIF files of an uploaded picture (the demo pictures have none). */
export function avifSources(key: string): ImageSourceValue[] {
  if (!isUploadedKey(key)) return [];
  return IMAGE_WIDTHS.map((width) => ({ width, url: `/media/${key}-${width}.${AVIF_FORMAT}` }));
}

export class RenderedPictureStore implements PictureStore {
  constructor(private readonly media: FileStore) {}

  private files(key: string): string[] {
    return IMAGE_WIDTHS.flatMap((width) => [
      `${key}-${width}.${IMAGE_FORMAT}`,
      `${key}-${width}.${AVIF_FORMAT}`,
    ]);
  }

  async ingest(
    bytes: Buffer,
    prefix: string,
  ): Promise<{ ok: true; picture: { key: string } } | AdminRefusal> {
    let format: string | undefined;
    try {
      const metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
      format = metadata.format;
      if (!metadata.width || !metadata.height) format = undefined;
    } catch {
      format = undefined;
    }
    if (format === undefined || !ACCEPTED_FORMATS.has(format)) {
      return refuse(415, 'invalid_image_type', INVALID_IMAGE_TYPE);
    }
    const safePrefix =
      prefix
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '') || 'picture';
    const key = `${UPLOAD_PREFIX}${safePrefix}-${randomBytes(6).toString('hex')}`;
    const rendered: { readonly file: string; readonly bytes: Buffer }[] = [];
    try {
      for (const width of IMAGE_WIDTHS) {
        const pipeline = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .resize({ width, withoutEnlargement: false, fit: 'inside' });
        for (const [extension, encode] of [
          [IMAGE_FORMAT, (image: Sharp) => image.webp({ quality: 80 })],
          [AVIF_FORMAT, (image: Sharp) => image.avif({ quality: 55, effort: 2 })],
        ] as const) {
          rendered.push({
            file: `${key}-${width}.${extension}`,
            bytes: await encode(pipeline.clone()).toBuffer(),
          });
        }
      }
    } catch {
      return refuse(415, 'invalid_image_type', INVALID_IMAGE_TYPE);
    }
    try {
      await Promise.all(rendered.map(({ file, bytes }) => this.media.put(file, bytes, contentTypeOf(file))));
    } catch (error) {
      // A store failure (the bucket unreachable) is the server's fault, not the picture's: no 415.
      await this.media.remove(this.files(key)).catch(() => undefined);
      throw error;
    }
    return { ok: true, picture: { key } };
  }

  async remove(key: string): Promise<void> {
    if (!isUploadedKey(key)) return;
    await this.media.remove(this.files(key));
  }
}
