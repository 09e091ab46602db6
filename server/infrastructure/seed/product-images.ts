/**
 * Renders the demo content's pictures locally (nothing is downloaded): each DemoImage becomes WebP files
 * in IMAGE_WIDTHS for responsive srcset, drawn as SVG (image-svg.ts) and rasterised with sharp.
 * Products share a pool of pictures per kind, so the first start renders a few hundred files, not
 * thousands; files that already exist are kept, so later starts render nothing.
 */
import { availableParallelism } from 'node:os';
import { contentTypeOf, type FileStore } from '../../application/file-store.port';
import { sharp } from '../media/sharp-settings';
import type { DemoImage } from './demo-content.types';
import { buildImageSvg, IMAGE_SHAPE_RATIO, PRODUCT_PLACEHOLDER_SVG } from './image-svg';

/** Widths every picture is rendered in (pixels); heights follow the picture's shape. */
export const IMAGE_WIDTHS = [320, 640, 1024] as const;
type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export const IMAGE_FORMAT = 'webp';
/** Relative path of the product placeholder (an SVG, written by renderDemoImages). */
export const PRODUCT_PLACEHOLDER_PATH = 'placeholder/product.svg';

const IMAGE_KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

/** True for keys such as 'product/sofa-03': lower-case latin segments, no dots, no leading slash. */
export function isImageKey(key: string): boolean {
  return key.length > 0 && key.length <= 160 && IMAGE_KEY.test(key);
}

function isImageWidth(width: number): width is ImageWidth {
  return (IMAGE_WIDTHS as readonly number[]).includes(width);
}

/**
 * Path of a rendered file relative to the images directory ('product/sofa-03-640.webp'), or null for a
 * key or width that renderDemoImages never produces (so a hostile key can never escape the directory).
 */
export function imageRelativePath(key: string, width: number): string | null {
  if (!isImageKey(key) || !isImageWidth(width)) return null;
  return `${key}-${width}.${IMAGE_FORMAT}`;
}

/**
 * Like imageRelativePath, but total: an invalid key or width falls back to the product placeholder, so
 * a URL builder can always produce a working address.
 */
export function imageFileName(key: string, width: number): string {
  return imageRelativePath(key, width) ?? PRODUCT_PLACEHOLDER_PATH;
}

/** Pixel height of a picture of `shape` rendered at `width`. */
export function imageHeight(shape: DemoImage['shape'], width: number): number {
  return Math.max(1, Math.round(width / IMAGE_SHAPE_RATIO[shape]));
}

/**
 * A srcset attribute value for a key under a URL prefix ('/media' → '/media/product/sofa-03-320.webp 320w,
 * …'), or null for an invalid key.
 */
export function imageSrcset(key: string, urlPrefix: string): string | null {
  if (!isImageKey(key)) return null;
  const prefix = urlPrefix.endsWith('/') ? urlPrefix.slice(0, -1) : urlPrefix;
  return IMAGE_WIDTHS.map((width) => `${prefix}/${key}-${width}.${IMAGE_FORMAT} ${width}w`).join(', ');
}

export interface RenderDemoImagesOptions {
  /** Widths to render; IMAGE_WIDTHS by default. Widths outside IMAGE_WIDTHS are ignored. */
  widths?: readonly number[];
  /** Files rendered at the same time; the number of CPUs by default. */
  concurrency?: number;
  /** Render even when the file exists. */
  force?: boolean;
  /** WebP quality 1–100; 80 by default. */
  quality?: number;
}

export interface RenderDemoImagesResult {
  rendered: number;
  skipped: number;
  /** Keys that are not valid image keys and were not rendered. */
  invalidKeys: string[];
}

interface Task {
  image: DemoImage;
  width: ImageWidth;
  file: string;
}

/**
 * Renders every image of `content.images` into the media store (DATA_DIR/media or the shared bucket)
 * and writes the product placeholder SVG. The store writes whole files, so an interrupted run never
 * leaves a truncated picture that a later run would keep.
 */
export async function renderDemoImages(
  files: FileStore,
  content: { images: readonly DemoImage[] },
  options: RenderDemoImagesOptions = {},
): Promise<RenderDemoImagesResult> {
  const widths = (options.widths ?? IMAGE_WIDTHS).filter(isImageWidth);
  const quality = Math.min(100, Math.max(1, Math.round(options.quality ?? 80)));
  const concurrency = Math.max(1, Math.min(16, Math.floor(options.concurrency ?? availableParallelism())));
  const invalidKeys: string[] = [];
  const tasks: Task[] = [];
  const seen = new Set<string>();
  for (const image of content.images) {
    if (!isImageKey(image.key)) {
      invalidKeys.push(image.key);
      continue;
    }
    if (seen.has(image.key)) continue;
    seen.add(image.key);
    for (const width of widths) {
      tasks.push({ image, width, file: `${image.key}-${width}.${IMAGE_FORMAT}` });
    }
  }

  await files.put(
    PRODUCT_PLACEHOLDER_PATH,
    Buffer.from(PRODUCT_PLACEHOLDER_SVG),
    contentTypeOf(PRODUCT_PLACEHOLDER_PATH),
  );

  let rendered = 0;
  let skipped = 0;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const task = tasks[next++] as Task;
      if (options.force !== true && (await files.has(task.file))) {
        skipped++;
        continue;
      }
      const svg = buildImageSvg(task.image, task.width);
      // Opaque pictures: dropping the alpha channel and using the fastest WebP effort keeps the whole
      // first-start render to seconds; smooth gradients gain almost nothing from slower effort levels.
      const bytes = await sharp(Buffer.from(svg)).removeAlpha().webp({ quality, effort: 0 }).toBuffer();
      await files.put(task.file, bytes, contentTypeOf(task.file));
      rendered++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(1, tasks.length)) }, worker));
  return { rendered, skipped, invalidKeys };
}
