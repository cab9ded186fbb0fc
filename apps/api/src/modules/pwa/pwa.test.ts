import icoEndec from 'ico-endec';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_BACKGROUND_COLOR, BRAND_THEME_COLOR } from '@shop/shared';
import { multipartSender, pictureFile, signedInStaff, type SignedIn } from '../../../test-support/admin-forms.js';
import { apiCaller } from '../../../test-support/http.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { saveStoreSettings } from '../../seed/factories.js';
import { APP_ICONS, FAVICON_SIZES, logoFileKey, renderAppIcon } from './app-icons.js';
import { shortNameOf, type WebManifest } from './manifest.js';

let ctx: TestContext;
const call = apiCaller(() => ctx.app);
let admin: SignedIn;

beforeAll(async () => {
  // Settings kept in memory for a minute: a new logo must still reach the icons at once.
  ctx = await createTestApp({ CATALOG_CACHE_SECONDS: '60' });
  await saveStoreSettings(ctx.database.db, {
    store_name: 'مسابح الكويت',
    store_description: 'سبح أصلية من الكهرمان',
    store_name_en: 'Kuwait Prayer Beads',
    store_description_en: 'Genuine amber prayer beads',
  });
  ({ admin } = await signedInStaff(ctx));
});
afterAll(() => ctx.close());

async function manifest(query = ''): Promise<WebManifest> {
  const reply = await call('GET', `/manifest.webmanifest${query}`);
  expect(reply.statusCode).toBe(200);
  expect(reply.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
  return reply.json<WebManifest>();
}

async function iconPixels(url: string) {
  const reply = await call('GET', url);
  expect(reply.statusCode).toBe(200);
  expect(reply.headers['content-type']).toBe('image/png');
  const image = sharp(reply.rawPayload);
  const meta = await image.metadata();
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const offset = (y * info.width + x) * info.channels;
    return [...data.subarray(offset, offset + 3)];
  };
  return { meta, at, bytes: reply.rawPayload };
}

describe('GET /manifest.webmanifest', () => {
  it('describes the Arabic app from the store settings', async () => {
    const app = await manifest();
    expect(app).toMatchObject({
      id: '/',
      name: 'مسابح الكويت',
      short_name: 'مسابح الكويت',
      description: 'سبح أصلية من الكهرمان',
      lang: 'ar',
      dir: 'rtl',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: BRAND_THEME_COLOR,
      background_color: BRAND_BACKGROUND_COLOR,
    });
    const icons = app.icons.map((icon) => `${icon.sizes} ${icon.purpose} ${icon.type}`);
    expect(icons).toEqual([
      '192x192 any image/png',
      '512x512 any image/png',
      '192x192 maskable image/png',
      '512x512 maskable image/png',
    ]);
    for (const icon of app.icons) expect(icon.src).toMatch(/^\/app-icons\/[\w-]+\.png\?v=[0-9a-f]{12}$/);
  });

  it('describes the English app with ?lang=en, under the same id and scope, starting at /en', async () => {
    const app = await manifest('?lang=en');
    expect(app).toMatchObject({
      id: '/',
      name: 'Kuwait Prayer Beads',
      short_name: 'Kuwait',
      description: 'Genuine amber prayer beads',
      lang: 'en',
      dir: 'ltr',
      start_url: '/en',
      scope: '/',
    });
  });

  it('refuses a language the shop does not speak with a clear 400, in the envelope', async () => {
    const reply = await call('GET', '/manifest.webmanifest?lang=fr');
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });
});

describe('GET /app-icons/:file', () => {
  it('serves every icon as an opaque PNG of its size', async () => {
    for (const icon of APP_ICONS) {
      const { meta } = await iconPixels(`/app-icons/${icon.file}`);
      expect(meta.format).toBe('png');
      expect([meta.width, meta.height]).toEqual([icon.size, icon.size]);
      expect(meta.hasAlpha).toBe(false);
    }
  });

  it('answers an unknown or malicious name with the 404 envelope', async () => {
    for (const url of ['/app-icons/icon-64.png', '/app-icons/..%2F..%2Fpackage.json', '/app-icons/%00']) {
      const reply = await call('GET', url);
      expect(reply.statusCode, url).toBe(404);
      expect(reply.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('draws the new logo as soon as the back office saves it, with a new version in the manifest', async () => {
    const before = await manifest();
    const defaultIcon = await iconPixels('/app-icons/maskable-512.png');
    // The default mark: the shop's green circle in the middle.
    expect(defaultIcon.at(256, 256)).not.toEqual([255, 255, 255]);

    const sendForm = multipartSender(call, () => admin.token);
    const saved = await sendForm('POST', '/api/settings', {}, [await pictureFile('logo', 'logo', 'png', '#000000')]);
    expect(saved.statusCode).toBe(200);

    const after = await manifest();
    expect(after.icons[0]!.src).not.toBe(before.icons[0]!.src);
    const icon = await iconPixels('/app-icons/maskable-512.png');
    expect(icon.bytes.equals(defaultIcon.bytes)).toBe(false);
    // The black logo sits in the middle, inside the maskable safe circle; the corners stay white.
    expect(icon.at(256, 256)).toEqual([0, 0, 0]);
    expect(icon.at(20, 20)).toEqual([255, 255, 255]);
  });
});

describe('GET /favicon.ico', () => {
  /** The favicon's images, each with its PNG's size and the colour of its middle pixel. */
  async function faviconImages() {
    const reply = await call('GET', '/favicon.ico');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('image/x-icon');
    expect(reply.headers['cache-control']).toBe('public, max-age=86400');
    return Promise.all(
      icoEndec.decode(reply.rawPayload).map(async (entry) => {
        const image = sharp(entry.imageData);
        const meta = await image.metadata();
        const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
        const middle = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
        return { type: entry.imageType, format: meta.format, size: [meta.width, meta.height], middle: [...data.subarray(middle, middle + 3)] };
      }),
    );
  }

  it('is an icon of the logo in the sizes of a tab and a shortcut, redrawn when the logo changes', async () => {
    const before = await faviconImages();
    expect(before.map((image) => [image.type, image.format, image.size])).toEqual(
      FAVICON_SIZES.map((size) => ['png', 'png', [size, size]]),
    );

    const sendForm = multipartSender(call, () => admin.token);
    const saved = await sendForm('POST', '/api/settings', {}, [await pictureFile('logo', 'logo', 'png', '#ff0000')]);
    expect(saved.statusCode).toBe(200);
    const after = await faviconImages();
    expect(after.map((image) => image.size)).toEqual(before.map((image) => image.size));
    // Red, give or take the scaling's rounding, where the previous mark was not.
    const isRed = ([red, green, blue]: number[]) => red! > 240 && green! < 16 && blue! < 16;
    for (const image of after) expect(image.middle, `${image.size[0]} px`).toSatisfy(isRed);
    expect(before[2]!.middle).not.toSatisfy(isRed);
  });
});

describe('drawing the icons', () => {
  const black = () =>
    sharp({ create: { width: 300, height: 300, channels: 3, background: '#000' } }).png().toBuffer();

  it('keeps a maskable logo inside the central circle of 80% diameter', async () => {
    const maskable = APP_ICONS.find((icon) => icon.file === 'maskable-512.png')!;
    const png = await renderAppIcon(await black(), maskable);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const radius = 0.4 * 512;
    for (let y = 0; y < 512; y += 4) {
      for (let x = 0; x < 512; x += 4) {
        const dark = data[(y * info.width + x) * info.channels]! < 128;
        if (dark) expect(Math.hypot(x - 256, y - 256)).toBeLessThanOrEqual(radius);
      }
    }
  });

  it('gives an "any" icon a larger logo than a maskable one', async () => {
    const any = await sharp(await renderAppIcon(await black(), APP_ICONS[1]!)).raw().toBuffer();
    const maskable = await sharp(await renderAppIcon(await black(), APP_ICONS[3]!)).raw().toBuffer();
    const darkShare = (pixels: Buffer) => pixels.filter((value) => value < 128).length / pixels.length;
    expect(darkShare(any)).toBeGreaterThan(darkShare(maskable) * 1.5);
  });

  it('reads only a stored settings picture as the logo', () => {
    expect(logoFileKey('/uploads/settings/abc.webp')).toBe('settings/abc.webp');
    expect(logoFileKey(null)).toBeNull();
    expect(logoFileKey('/uploads/products/abc.webp')).toBeNull();
    expect(logoFileKey('/uploads/settings/..%2F..%2Fsecret')).toBeNull();
    expect(logoFileKey('/uploads/settings/.hidden')).toBeNull();
    expect(logoFileKey('/uploads/settings/%E0%A4%A')).toBeNull();
  });

  it('shortens a long name for the home screen at a word boundary', () => {
    expect(shortNameOf('متجر السبح')).toBe('متجر السبح');
    expect(shortNameOf('Kuwait Prayer Beads')).toBe('Kuwait');
    expect(shortNameOf('Supercalifragilistic')).toBe('Supercalifra');
  });
});
