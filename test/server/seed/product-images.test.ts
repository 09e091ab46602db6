import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskFileStore } from '../../../server/infrastructure/file-store/disk-file-store';
import type {
  DemoImage,
  DemoImageKind,
  DemoImageShape,
} from '../../../server/infrastructure/seed/demo-content.types';
import { buildImageSvg, IMAGE_SHAPE_RATIO } from '../../../server/infrastructure/seed/image-svg';
import {
  IMAGE_WIDTHS,
  imageFileName,
  imageHeight,
  imageRelativePath,
  imageSrcset,
  isImageKey,
  PRODUCT_PLACEHOLDER_PATH,
  renderDemoImages,
} from '../../../server/infrastructure/seed/product-images';

const SHAPES = Object.keys(IMAGE_SHAPE_RATIO) as DemoImageShape[];
const KINDS: DemoImageKind[] = [
  'sofa',
  'armchair',
  'chair',
  'bed',
  'mattress',
  'table',
  'coffee-table',
  'console',
  'dresser',
  'wardrobe',
  'shelf',
  'lamp',
  'chandelier',
  'vase',
  'mirror',
  'clock',
  'frame',
  'plant',
  'rug',
  'textile',
  'pillow',
  'tableware',
  'cookware',
  'appliance',
  'fridge',
  'bath',
  'sink',
  'outdoor',
  'room',
];

describe('image paths', () => {
  it('maps a key and a rendered width to a relative WebP path', () => {
    expect(imageRelativePath('product/sofa-03', 640)).toBe('product/sofa-03-640.webp');
    expect(imageFileName('category/krovati', 320)).toBe('category/krovati-320.webp');
  });

  it.each([
    ['../etc/passwd', 320],
    ['/product/sofa-01', 320],
    ['product//sofa', 320],
    ['product/Sofa-01', 320],
    ['product/sofa-01.webp', 320],
    ['product/sofa-', 320],
    ['', 320],
    ['product/sofa-01', 500],
    ['product/sofa-01', Number.NaN],
    ['a'.repeat(200), 320],
  ])('rejects %j at width %s', (key, width) => {
    expect(imageRelativePath(key, width)).toBeNull();
    expect(imageFileName(key, width)).toBe(PRODUCT_PLACEHOLDER_PATH);
  });

  it('builds a srcset over every width', () => {
    expect(imageSrcset('tile/divany', '/media/')).toBe(
      IMAGE_WIDTHS.map((w) => `/media/tile/divany-${w}.webp ${w}w`).join(', '),
    );
    expect(imageSrcset('../x', '/media')).toBeNull();
    expect(isImageKey('article/kak-vybrat-matras')).toBe(true);
  });
});

describe('buildImageSvg', () => {
  it('rasterises every kind in every shape at the shape ratio', async () => {
    for (const shape of SHAPES) {
      for (const [index, kind] of KINDS.entries()) {
        const image: DemoImage = { key: `t/${kind}`, kind, shape, variant: index, alt: kind };
        const svg = buildImageSvg(image, 64);
        expect(buildImageSvg(image, 64)).toBe(svg);
        const meta = await sharp(Buffer.from(svg)).metadata();
        expect([meta.width, meta.height], `${kind} ${shape}`).toEqual([64, imageHeight(shape, 64)]);
      }
    }
  });

  it('varies the picture with the variant', () => {
    const base: DemoImage = { key: 'product/sofa-01', kind: 'sofa', shape: 'product', variant: 0, alt: '' };
    expect(buildImageSvg(base, 320)).not.toBe(buildImageSvg({ ...base, variant: 1 }, 320));
  });
});

describe('renderDemoImages', () => {
  let dir = '';
  const images: DemoImage[] = SHAPES.map((shape, i) => ({
    key: `${shape}/sample-${i + 1}`,
    kind: KINDS[i * 4] as DemoImageKind,
    shape,
    variant: i,
    alt: shape,
  }));

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'demo-images-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('renders every image in every width as WebP of the right size, plus the placeholder', {
    timeout: 60_000,
  }, async () => {
    const result = await renderDemoImages(new DiskFileStore(dir), { images }, { concurrency: 2 });
    expect(result).toEqual({ rendered: images.length * IMAGE_WIDTHS.length, skipped: 0, invalidKeys: [] });
    for (const image of images) {
      for (const width of IMAGE_WIDTHS) {
        const meta = await sharp(join(dir, imageRelativePath(image.key, width) ?? '')).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.width).toBe(width);
        expect(meta.height).toBe(imageHeight(image.shape, width));
      }
    }
    const placeholder = await readFile(join(dir, PRODUCT_PLACEHOLDER_PATH), 'utf8');
    expect(placeholder.startsWith('<svg')).toBe(true);
    expect((await sharp(Buffer.from(placeholder)).metadata()).format).toBe('svg');
  });

  it('skips files that already exist and leaves no temporary files', async () => {
    const before = (await stat(join(dir, 'product/sample-1-320.webp'))).mtimeMs;
    const result = await renderDemoImages(new DiskFileStore(dir), { images });
    expect(result.rendered).toBe(0);
    expect(result.skipped).toBe(images.length * IMAGE_WIDTHS.length);
    expect((await stat(join(dir, 'product/sample-1-320.webp'))).mtimeMs).toBe(before);
    const files = await readdir(dir, { recursive: true });
    expect(files.some((f) => f.endsWith('.tmp'))).toBe(false);
  });

  it('reports invalid keys without writing outside the directory', async () => {
    const hostile: DemoImage = { key: '../escape', kind: 'sofa', shape: 'product', variant: 0, alt: '' };
    const result = await renderDemoImages(new DiskFileStore(dir), { images: [hostile] }, { widths: [320] });
    expect(result).toEqual({ rendered: 0, skipped: 0, invalidKeys: ['../escape'] });
    await expect(stat(join(dir, '..', 'escape-320.webp'))).rejects.toThrow();
  });

  it('renders only the requested widths and re-renders with force', async () => {
    const result = await renderDemoImages(
      new DiskFileStore(dir),
      { images: images.slice(0, 1) },
      { widths: [320, 777], force: true },
    );
    expect(result).toEqual({ rendered: 1, skipped: 0, invalidKeys: [] });
  });
});
