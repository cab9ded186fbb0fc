import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { IMAGE_WIDTHS, imageVariantName } from '@shop/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { createLocalFileStorage, type FileStorage } from '../../lib/file-storage/index.js';
import {
  copyImage,
  imagePixels,
  MAX_IMAGE_DIMENSION,
  removeImage,
  storeBitmap,
  storeImage,
  storedImageFiles,
  toBitmap,
} from './service.js';

let uploadsDir: string;
let files: FileStorage;
beforeAll(async () => {
  uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-media-'));
  files = createLocalFileStorage(uploadsDir);
});
afterAll(async () => {
  await fs.rm(uploadsDir, { recursive: true, force: true });
});

const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];

function gradientPng(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#c46a12"/><stop offset="1" stop-color="#1e7d4f"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function filesIn(folder: string): Promise<string[]> {
  return existsSync(path.join(uploadsDir, folder))
    ? (await fs.readdir(path.join(uploadsDir, folder))).sort()
    : [];
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('storeImage', () => {
  it('stores a PNG as WebP at every width under a random name', async () => {
    const filename = await storeImage(await gradientPng(1500, 1000), 'products', files);
    expect(filename).toMatch(/^[0-9a-f]{32}\.webp$/);

    const expectedNames = IMAGE_WIDTHS.map((width) =>
      width === largest ? filename : imageVariantName(filename, width),
    );
    expect(storedImageFiles(filename)).toEqual(expectedNames);
    for (const width of IMAGE_WIDTHS) {
      const name = width === largest ? filename : imageVariantName(filename, width);
      const metadata = await sharp(path.join(uploadsDir, 'products', name)).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.width).toBe(width);
      expect(metadata.height).toBe(Math.round((width * 1000) / 1500));
    }

    const second = await storeImage(await gradientPng(1500, 1000), 'products', files);
    expect(second).not.toBe(filename);
  });

  it('never enlarges a small image but still writes every width name', async () => {
    const filename = await storeImage(await gradientPng(200, 120), 'categories', files);
    for (const name of storedImageFiles(filename)) {
      const metadata = await sharp(path.join(uploadsDir, 'categories', name)).metadata();
      expect(metadata.width).toBe(200);
      expect(metadata.height).toBe(120);
    }
  });

  it('turns a photo upright and strips its metadata', async () => {
    // A landscape JPEG whose EXIF says "rotate 90° clockwise to view", as phones write them.
    const photo = await sharp(await gradientPng(800, 400))
      .jpeg()
      .withExif({ IFD0: { Copyright: 'private camera data' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const filename = await storeImage(photo, 'slider', files);
    const stored = await sharp(path.join(uploadsDir, 'slider', filename)).metadata();
    expect(stored.width).toBe(400);
    expect(stored.height).toBe(800);
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
  });

  it('rejects bytes that are not an image, and writes nothing', async () => {
    const garbage = Buffer.from('this is definitely not a picture \u0000\u0001\u0002', 'utf8');
    const error = await rejection(storeImage(garbage, 'settings', files));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.messageKey).toBe('error.image_invalid');
    expect(error.details).toEqual([{ field: 'image', message: 'error.image_invalid' }]);

    expect((await rejection(storeImage(Buffer.alloc(0), 'settings', files))).messageKey).toBe(
      'error.image_invalid',
    );
    const truncated = (await gradientPng(400, 400)).subarray(0, 300);
    expect((await rejection(storeImage(truncated, 'settings', files))).code).toBe(
      'VALIDATION_ERROR',
    );
    expect(await filesIn('settings')).toEqual([]);
  });

  it('rejects SVG documents', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    expect((await rejection(storeImage(svg, 'settings', files))).messageKey).toBe(
      'error.image_invalid',
    );
  });

  it('rejects absurd dimensions', async () => {
    const strip = await sharp({
      create: { width: MAX_IMAGE_DIMENSION + 1, height: 4, channels: 3, background: '#000' },
    })
      .png()
      .toBuffer();
    const error = await rejection(storeImage(strip, 'products', files));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.messageKey).toBe('error.image_too_large');
  });
});

describe('imagePixels', () => {
  it("reads an upload's pixels from its header, and counts nothing that storeImage refuses as no picture", async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } }).png().toBuffer();
    expect(await imagePixels(png)).toBe(1200);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="90000" height="90000"></svg>');
    expect(await imagePixels(svg)).toBe(0);
    expect(await imagePixels(Buffer.from('plain text'))).toBe(0);
    expect(await imagePixels(Buffer.alloc(0))).toBe(0);
  });
});

describe('storeBitmap', () => {
  it('stores drawn pixels like an upload, narrowing a wide banner to the largest width', async () => {
    const bitmap = await toBitmap(sharp(await gradientPng(1600, 600)));
    const filename = await storeBitmap(bitmap, 'slider', files, { effort: 1 });
    expect(filename).toMatch(/^[0-9a-f]{32}\.webp$/);
    const sizes = await Promise.all(
      storedImageFiles(filename).map(async (name) => {
        const metadata = await sharp(path.join(uploadsDir, 'slider', name)).metadata();
        return [metadata.format, metadata.width, metadata.height];
      }),
    );
    expect(sizes).toEqual(
      IMAGE_WIDTHS.map((width) => ['webp', width, Math.round((width * 600) / 1600)]),
    );
  });
});

describe('removeImage', () => {
  it('deletes the image with its width variants', async () => {
    const filename = await storeImage(await gradientPng(1000, 1000), 'categories', files);
    const folder = path.join(uploadsDir, 'categories');
    expect(storedImageFiles(filename).every((name) => existsSync(path.join(folder, name)))).toBe(
      true,
    );
    await removeImage(filename, 'categories', files);
    expect(storedImageFiles(filename).some((name) => existsSync(path.join(folder, name)))).toBe(
      false,
    );
  });

  it('ignores names it did not make', async () => {
    await expect(
      removeImage('../../etc/passwd', 'categories', files),
    ).resolves.toBeUndefined();
  });
});

describe('copyImage', () => {
  it('copies every width under a new name that removing the original leaves alone', async () => {
    const original = await storeImage(await gradientPng(1000, 800), 'products', files);
    const copy = await copyImage(original, 'products', files);
    expect(copy).toMatch(/^[0-9a-f]{32}\.webp$/);
    expect(copy).not.toBe(original);
    await removeImage(original, 'products', files);
    const folder = path.join(uploadsDir, 'products');
    expect(storedImageFiles(copy!).every((name) => existsSync(path.join(folder, name)))).toBe(true);
    await removeImage(copy!, 'products', files);
  });

  it('keeps a name it did not make (never removed), and copies nothing of a missing image', async () => {
    expect(await copyImage('legacy-photo.jpg', 'products', files)).toBe('legacy-photo.jpg');
    const before = await filesIn('products');
    expect(await copyImage('0123456789abcdef0123456789abcdef.webp', 'products', files)).toBeUndefined();
    expect(await filesIn('products')).toEqual(before);
  });
});
