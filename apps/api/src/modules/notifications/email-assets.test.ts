import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreSettings } from '@shop/shared';
import { apiCaller } from '../../../test-support/http.js';
import { uploadedName } from '../../../test-support/multipart.js';
import { multipartSender, pictureFile, signedInStaff, type SignedIn } from '../../../test-support/admin-forms.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { EMAIL_LOGO_PATH, emailLogoUrl } from './email-assets.js';

let ctx: TestContext;
const call = apiCaller(() => ctx.app);
let admin: SignedIn;
const sendForm = multipartSender(call, () => admin.token);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin } = await signedInStaff(ctx));
});
afterAll(() => ctx.close());

async function publicSettings(): Promise<StoreSettings> {
  return (await call('GET', '/api/settings')).json().settings as StoreSettings;
}

/** A wide logo (600×300), so the e-mail copy must be made smaller. */
async function wideLogo() {
  const file = await pictureFile('logo', 'logo', 'jpeg', '#135');
  return { ...file, data: await sharp(file.data).resize(600, 300, { fit: 'fill' }).jpeg().toBuffer() };
}

describe(`GET ${EMAIL_LOGO_PATH}`, () => {
  it('is a 404 with the error envelope while the store has no logo', async () => {
    expect((await publicSettings()).logo).toBeNull();
    const reply = await call('GET', EMAIL_LOGO_PATH, undefined, { lang: 'ar' });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('serves the current logo as a PNG any mail client may load from another origin', async () => {
    const saved = await sendForm('POST', '/api/settings', {}, [await wideLogo()]);
    expect(saved.statusCode, saved.body).toBe(200);
    const logo = (saved.json().settings as StoreSettings).logo!;

    // The stored logo is WebP and same-origin only: that is why mail needs its own copy.
    const stored = await call('GET', logo);
    expect(stored.headers['content-type']).toBe('image/webp');
    expect(stored.headers['cross-origin-resource-policy']).toBe('same-origin');

    // The address the e-mails use reaches this route.
    const url = new URL(emailLogoUrl('https://shop.example.com', logo)!);
    expect(url.pathname).toBe(EMAIL_LOGO_PATH);
    const reply = await call('GET', `${url.pathname}${url.search}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('image/png');
    expect(reply.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(reply.headers['cache-control']).toBe('public, max-age=86400');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.rawPayload.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    const picture = await sharp(reply.rawPayload).metadata();
    expect(picture.format).toBe('png');
    // 600×300 fitted into 400×128: 256×128, the proportions kept.
    expect([picture.width, picture.height]).toEqual([256, 128]);

    // Served again from memory, identical.
    const again = await call('GET', EMAIL_LOGO_PATH);
    expect(again.rawPayload.equals(reply.rawPayload)).toBe(true);
  });

  it('follows a new logo, and is a 404 again once the logo is removed', async () => {
    const before = (await call('GET', EMAIL_LOGO_PATH)).rawPayload;
    const replaced = await sendForm('POST', '/api/settings', {}, [await pictureFile('logo', 'logo', 'png', '#fa0')]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    const after = await call('GET', EMAIL_LOGO_PATH);
    expect(after.statusCode).toBe(200);
    expect(after.rawPayload.equals(before)).toBe(false);

    const removed = await sendForm('POST', '/api/settings', { remove_logo: '1' });
    expect(removed.json().settings.logo).toBeNull();
    expect((await call('GET', EMAIL_LOGO_PATH)).statusCode).toBe(404);
  });

  it('is a 404, not a failure, when the logo file has gone from the disk', async () => {
    const saved = await sendForm('POST', '/api/settings', {}, [await pictureFile('logo', 'logo', 'png', '#0af')]);
    const name = uploadedName(saved.json().settings.logo, 'settings');
    fs.rmSync(path.join(ctx.config.uploadsDir, 'settings', name));
    const reply = await call('GET', EMAIL_LOGO_PATH);
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});

describe('emailLogoUrl', () => {
  it('points a stored logo at the PNG route, versioned by the file, and keeps an absolute address', () => {
    expect(emailLogoUrl('https://shop.example.com', '/uploads/settings/0123456789abcdef0123456789abcdef.webp')).toBe(
      'https://shop.example.com/email-assets/logo.png?v=0123456789abcdef0123456789abcdef',
    );
    expect(emailLogoUrl('https://shop.example.com', 'https://cdn.example.com/logo.png')).toBe('https://cdn.example.com/logo.png');
    expect(emailLogoUrl('https://shop.example.com', null)).toBeNull();
    expect(emailLogoUrl('https://shop.example.com', '/uploads/products/x.webp')).toBeNull();
  });
});
