import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, type Slide } from '@shop/shared';
import { apiCaller, type TestHttpMethod } from '../../../test-support/http.js';
import {
  existingImageFiles,
  folderFiles,
  uploadedName,
  type FormFile,
} from '../../../test-support/multipart.js';
import { fieldMessages, multipartSender, pictureFile, signedInStaff, type SignedIn } from '../../../test-support/admin-forms.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { auditLog, slides } from '../../db/schema/index.js';
import { createSlide } from '../../seed/factories.js';

let ctx: TestContext;
const call = apiCaller(() => ctx.app);
let admin: SignedIn;
let moderator: SignedIn;
let customer: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, moderator, customer } = await signedInStaff(ctx));
});
afterAll(() => ctx.close());

const image = (format: 'png' | 'jpeg' = 'png', background?: string) => pictureFile('image', 'slide', format, background);

/** A form sent as multipart, by the administrator unless told. */
const sendForm = multipartSender(call, () => admin.token);

async function createViaApi(fields: Record<string, string>, files?: FormFile[]): Promise<Slide> {
  const reply = await sendForm('POST', '/api/slider', fields, files ?? [await image()]);
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().slide as Slide;
}

const LINK_INVALID =
  'The link must be an address starting with http:// or https://, or a site path starting with a single / ' +
  'such as /products, without spaces or backslashes (\\)';
const ARABIC_LINK_INVALID =
  'الرابط يجب أن يكون عنواناً يبدأ بـ http:// أو https://، أو مساراً في الموقع يبدأ بشرطة مائلة واحدة مثل ' +
  '/products، بلا مسافات ولا شرطة مائلة عكسية (\\)';

async function slideCount(): Promise<number> {
  const [result] = await ctx.database.db.select({ n: count() }).from(slides);
  return result!.n;
}

describe('permissions', () => {
  it('lets staff read every slide and only administrators write', async () => {
    const target = await createSlide(ctx.database.db, { title: 'محمية' });
    expect((await call('GET', '/api/slider/admin')).statusCode).toBe(401);
    expect((await call('GET', '/api/slider/admin', undefined, { token: customer.token })).statusCode).toBe(403);
    for (const who of [moderator, admin]) {
      const reply = await call('GET', '/api/slider/admin', undefined, { token: who.token });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['cache-control']).toBe('private, no-store');
    }
    const writes: Array<[TestHttpMethod, string]> = [
      ['POST', '/api/slider'],
      ['PUT', `/api/slider/${target.id}`],
      ['DELETE', `/api/slider/${target.id}`],
    ];
    for (const [method, url] of writes) {
      const payload = method === 'DELETE' ? undefined : { title: 'تغيير' };
      expect((await call(method, url, payload)).statusCode).toBe(401);
      for (const who of [customer, moderator]) {
        const reply = await call(method, url, payload, { token: who.token });
        expect(reply.statusCode, `${method} ${url}`).toBe(403);
        expect(reply.json().code).toBe('FORBIDDEN');
      }
    }
    const [stored] = await ctx.database.db.select().from(slides).where(eq(slides.id, target.id));
    expect(stored?.title).toBe('محمية');
  });
});

describe('slide writes', () => {
  it('creates a slide with its picture and English texts', async () => {
    const slide = await createViaApi({
      title: 'عرض الكهرمان',
      title_en: 'Amber offer',
      description: 'خصم على الكهرمان',
      description_en: 'Amber on sale',
      link_url: '/products?category=amber',
      sort_order: '3',
      is_active: '1',
    });
    expect(slide).toMatchObject({
      title: 'عرض الكهرمان',
      title_en: 'Amber offer',
      description: 'خصم على الكهرمان',
      description_en: 'Amber on sale',
      link_url: '/products?category=amber',
      sort_order: 3,
      is_active: true,
    });
    expect(slide.image).toMatch(/^\/uploads\/slider\/[0-9a-f]{32}\.webp$/);
    const served = await call('GET', slide.image);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const defaults = await createViaApi({ title: 'افتراضي', link_url: 'https://example.com/sale' });
    expect(defaults).toMatchObject({ sort_order: 0, is_active: true, title_en: null, link_url: 'https://example.com/sale' });
  });

  it('refuses a missing title, a bad link, a negative sort order and a missing image, creating nothing', async () => {
    const before = await slideCount();
    const filesBefore = folderFiles(ctx.config.uploadsDir, 'slider');
    const bad = await sendForm(
      'POST',
      '/api/slider',
      { title: ' ', link_url: 'javascript:alert(1)', sort_order: '-1' },
      [await image()],
      { lang: 'ar' },
    );
    expect(bad.statusCode).toBe(400);
    expect(fieldMessages(bad)).toEqual({
      title: 'عنوان الشريحة مطلوب',
      link_url: ARABIC_LINK_INVALID,
      sort_order: 'الترتيب يجب أن يكون رقماً صحيحاً من 0 إلى 99999',
    });
    for (const link of ['//evil.example', 'ftp://example.com', 'products', 'http://']) {
      const reply = await sendForm('POST', '/api/slider', { title: 'رابط', link_url: link });
      expect(fieldMessages(reply), link).toEqual({
        link_url: LINK_INVALID,
      });
    }
    const noImage = await sendForm('POST', '/api/slider', { title: 'بلا صورة' }, []);
    expect(noImage.statusCode).toBe(400);
    expect(fieldMessages(noImage)).toEqual({ image: 'A slide image is required' });
    const notAPicture = await sendForm('POST', '/api/slider', { title: 'صورة مزيفة' }, [
      { field: 'image', name: 'slide.png', type: 'image/png', data: Buffer.from('plain text') },
    ]);
    expect(Object.keys(fieldMessages(notAPicture))).toEqual(['image']);
    expect(await slideCount()).toBe(before);
    expect(folderFiles(ctx.config.uploadsDir, 'slider')).toEqual(filesBefore);
  });

  it('refuses a link a browser would take off the site, on create and on update, saving nothing', async () => {
    const slide = await createViaApi({ title: 'رابط آمن', link_url: '/products/1' });
    const before = await slideCount();
    const filesBefore = folderFiles(ctx.config.uploadsDir, 'slider');
    const offSite = [
      '/\\evil.example',
      '\\\\evil.example',
      '//evil.example',
      '/%5Cevil.example',
      '/%2F/evil.example',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'https://shop.example@evil.example',
      '/\tevil.example',
      'https:\\\\evil.example',
    ];
    for (const link of offSite) {
      const created = await sendForm('POST', '/api/slider', { title: 'خبيث', link_url: link }, [await image()]);
      expect(created.statusCode, link).toBe(400);
      expect(fieldMessages(created), link).toEqual({ link_url: LINK_INVALID });
      const updated = await call('PUT', `/api/slider/${slide.id}`, { title: 'تغيير', link_url: link }, { token: admin.token });
      expect(updated.statusCode, link).toBe(400);
      expect(updated.json().details, link).toEqual([{ field: 'link_url', message: LINK_INVALID }]);
    }
    const arabic = await call('PUT', `/api/slider/${slide.id}`, { link_url: '/\\evil.example' }, { token: admin.token, lang: 'ar' });
    expect(arabic.json().details).toEqual([{ field: 'link_url', message: ARABIC_LINK_INVALID }]);
    expect(await slideCount()).toBe(before);
    expect(folderFiles(ctx.config.uploadsDir, 'slider')).toEqual(filesBefore);
    const [stored] = await ctx.database.db.select().from(slides).where(eq(slides.id, slide.id));
    expect(stored).toMatchObject({ title: 'رابط آمن', link_url: '/products/1' });
    const kept = await call('PUT', `/api/slider/${slide.id}`, { link_url: 'http://example.com/sale?x=1' }, { token: admin.token });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().slide.link_url).toBe('http://example.com/sale?x=1');
  });

  it('changes only the fields sent and keeps the picture without a new one', async () => {
    const slide = await createViaApi({ title: 'قبل', description: 'وصف', link_url: '/products', sort_order: '5' });
    const reply = await call('PUT', `/api/slider/${slide.id}`, { title: 'بعد', link_url: '' }, { token: admin.token });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().slide).toEqual({
      ...slide,
      title: 'بعد',
      link_url: null,
    });
    const refused = await sendForm('PUT', `/api/slider/${slide.id}`, { title: '', sort_order: '1.5' });
    expect(fieldMessages(refused)).toEqual({
      title: 'Slide title is required',
      sort_order: 'The sort order must be a whole number from 0 to 99999',
    });
  });

  it('replaces the picture and removes the old files', async () => {
    const slide = await createViaApi({ title: 'تبديل' }, [await image('png', '#111111')]);
    const oldName = uploadedName(slide.image, 'slider');
    const reply = await sendForm('PUT', `/api/slider/${slide.id}`, { is_active: '0' }, [await image('jpeg', '#222222')]);
    expect(reply.statusCode).toBe(200);
    const newName = uploadedName(reply.json().slide.image, 'slider');
    expect(newName).not.toBe(oldName);
    expect(reply.json().slide.is_active).toBe(false);
    expect(existingImageFiles(ctx.config.uploadsDir, 'slider', oldName)).toEqual([]);
    expect(existingImageFiles(ctx.config.uploadsDir, 'slider', newName)).toHaveLength(IMAGE_WIDTHS.length);
  });

  it('deletes a slide and its picture', async () => {
    const slide = await createViaApi({ title: 'للحذف' });
    const filename = uploadedName(slide.image, 'slider');
    const reply = await call('DELETE', `/api/slider/${slide.id}`, undefined, { token: admin.token, lang: 'ar' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ success: true, message: 'تم حذف الشريحة بنجاح' });
    expect(existingImageFiles(ctx.config.uploadsDir, 'slider', filename)).toEqual([]);
    const again = await call('DELETE', `/api/slider/${slide.id}`, undefined, { token: admin.token });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Slide not found');
    const update = await sendForm('PUT', `/api/slider/${slide.id}`, { title: 'لا شيء' });
    expect(update.statusCode).toBe(404);
  });
});

describe('slide lists', () => {
  it('shows the public only active slides, in sort order; staff see all of them', async () => {
    await ctx.database.db.delete(slides);
    const third = await createViaApi({ title: 'ثالثة', sort_order: '2' });
    const first = await createViaApi({ title: 'أولى', sort_order: '0' });
    const hidden = await createViaApi({ title: 'مخفية', sort_order: '1', is_active: '0' });
    const second = await createViaApi({ title: 'ثانية', sort_order: '1' });
    const tie = await createViaApi({ title: 'ثانية أيضاً', sort_order: '1' });

    const publicList = await call('GET', '/api/slider');
    expect(publicList.statusCode).toBe(200);
    expect((publicList.json().slides as Slide[]).map((slide) => slide.id)).toEqual([
      first.id,
      second.id,
      tie.id,
      third.id,
    ]);
    const staffList = await call('GET', '/api/slider/admin', undefined, { token: moderator.token });
    expect((staffList.json().slides as Slide[]).map((slide) => slide.id)).toEqual([
      first.id,
      hidden.id,
      second.id,
      tie.id,
      third.id,
    ]);
    expect((staffList.json().slides as Slide[])[1]).toMatchObject({ is_active: false, title: 'مخفية' });
  });
});

describe('audit trail', () => {
  it('records each slide write with its actor and the changed fields', async () => {
    const slide = await createViaApi({ title: 'مؤرشفة', sort_order: '4' });
    await call('PUT', `/api/slider/${slide.id}`, { title: 'مؤرشفة 2', sort_order: 4 }, { token: admin.token });
    await call('DELETE', `/api/slider/${slide.id}`, undefined, { token: admin.token });
    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'slides'), eq(auditLog.entity_id, slide.id)))
      .orderBy(auditLog.id);
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update', 'delete']);
    for (const entry of entries) {
      expect(entry).toMatchObject({ actor_id: admin.user.id, actor_email: admin.user.email });
    }
    expect(entries[0]!.changes).toMatchObject({ title: { from: null, to: 'مؤرشفة' }, sort_order: { from: null, to: 4 } });
    expect(entries[1]!.changes).toEqual({ title: { from: 'مؤرشفة', to: 'مؤرشفة 2' } });
    expect(entries[2]!.changes).toMatchObject({ title: { from: 'مؤرشفة 2', to: null } });
  });
});
