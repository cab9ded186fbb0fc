import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, type StoreSettings } from '@shop/shared';
import { apiCaller, type CallOptions } from '../../../test-support/http.js';
import {
  existingImageFiles,
  folderFiles,
  uploadedName,
  type FormFile,
} from '../../../test-support/multipart.js';
import { fieldMessages, multipartSender, pictureFile, signedInStaff, type SignedIn } from '../../../test-support/admin-forms.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { auditLog, storeSettings } from '../../db/schema/index.js';
import { saveStoreSettings } from '../../seed/factories.js';

let ctx: TestContext;
const call = apiCaller(() => ctx.app);
let admin: SignedIn;
let moderator: SignedIn;
let customer: SignedIn;

const initial = {
  store_name: 'مسبحة الكويت',
  store_description: 'سبح أصلية',
  email: 'shop@example.com',
  address: 'الكويت، حولي',
  phone_number: '+965 2222 3333',
  whatsapp_number: '96550001111',
  currency_symbol: 'KD',
};

beforeAll(async () => {
  // Settings are kept in memory for a minute: a save must still show at once.
  ctx = await createTestApp({ CATALOG_CACHE_SECONDS: '60' });
  await saveStoreSettings(ctx.database.db, initial);
  ({ admin, moderator, customer } = await signedInStaff(ctx));
});
afterAll(() => ctx.close());

const logo = (format: 'png' | 'jpeg' = 'png', background = '#0a0') => pictureFile('logo', 'logo', format, background);

const sendForm = multipartSender(call, () => admin.token);
const save = (fields: Record<string, string>, files: FormFile[] = [], options: CallOptions = {}) =>
  sendForm('POST', '/api/settings', fields, files, options);

async function publicSettings(): Promise<StoreSettings> {
  const reply = await call('GET', '/api/settings');
  expect(reply.statusCode).toBe(200);
  return reply.json().settings as StoreSettings;
}

async function storedRow() {
  const [row] = await ctx.database.db.select().from(storeSettings).where(eq(storeSettings.id, 1));
  return row!;
}

describe('POST /api/settings', () => {
  it('is refused without a session, to customers and to moderators', async () => {
    expect((await call('POST', '/api/settings', { store_name: 'x' })).statusCode).toBe(401);
    for (const who of [customer, moderator]) {
      const reply = await call('POST', '/api/settings', { store_name: 'مغير' }, { token: who.token });
      expect(reply.statusCode).toBe(403);
      expect(reply.json().code).toBe('FORBIDDEN');
    }
    expect((await storedRow()).store_name).toBe(initial.store_name);
  });

  it('saves with a logo, and the public settings show it at once despite the cache', async () => {
    // Warm the cache first.
    expect((await publicSettings()).store_name).toBe(initial.store_name);
    const reply = await save(
      {
        store_name: 'مسبحة الخليج',
        store_name_en: 'Gulf Misbaha',
        store_description: 'أجود السبح',
        store_description_en: 'The finest prayer beads',
        email: 'hello@gulf.example',
        address: 'الكويت، السالمية',
        address_en: '  Salmiya, Kuwait ',
        phone_number: '+965 (2) 555-1234',
        whatsapp_number: '٩٦٥٥٠٠٠٢٢٢٢',
      },
      [await logo('png')],
    );
    expect(reply.statusCode, reply.body).toBe(200);
    const saved = reply.json().settings as StoreSettings;
    expect(saved).toMatchObject({
      store_name: 'مسبحة الخليج',
      store_name_en: 'Gulf Misbaha',
      store_description: 'أجود السبح',
      store_description_en: 'The finest prayer beads',
      email: 'hello@gulf.example',
      address: 'الكويت، السالمية',
      address_en: 'Salmiya, Kuwait',
      phone_number: '+965 (2) 555-1234',
      whatsapp_number: '96550002222',
      currency_symbol: 'KD',
    });
    expect(saved.logo).toMatch(/^\/uploads\/settings\/[0-9a-f]{32}\.webp$/);
    const served = await call('GET', saved.logo!);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(existingImageFiles(ctx.config.uploadsDir, 'settings', uploadedName(saved.logo, 'settings'))).toHaveLength(
      IMAGE_WIDTHS.length,
    );
    expect(await publicSettings()).toEqual(saved);
  });

  it('changes only the fields sent; an empty field clears it', async () => {
    const before = await publicSettings();
    const reply = await call('POST', '/api/settings', { phone_number: '', store_name_en: 'Gulf Beads' }, { token: admin.token });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().settings).toEqual({ ...before, phone_number: null, store_name_en: 'Gulf Beads' });
    expect(await publicSettings()).toEqual({ ...before, phone_number: null, store_name_en: 'Gulf Beads' });
  });

  it('refuses an invalid email, phone and WhatsApp number in Arabic, each on its field, changing nothing', async () => {
    const before = await storedRow();
    const reply = await save(
      {
        store_name: '',
        email: 'not-an-address',
        phone_number: '12-34',
        whatsapp_number: '+965 5000 abcd',
      },
      [],
      { lang: 'ar' },
    );
    expect(reply.statusCode).toBe(400);
    expect(reply.json().code).toBe('VALIDATION_ERROR');
    expect(fieldMessages(reply)).toEqual({
      store_name: 'اسم المتجر مطلوب',
      email: 'يرجى إدخال بريد إلكتروني صحيح',
      phone_number:
        'رقم الهاتف غير صحيح: من 8 إلى 15 رقماً، ويُسمح بالمسافات والشرطات والأقواس وعلامة + في أوله',
      whatsapp_number:
        'رقم الواتساب غير صحيح: من 8 إلى 15 رقماً، ويُسمح بالمسافات والشرطات والأقواس وعلامة + في أوله',
    });
    const english = await save({ phone_number: '1234567890123456', whatsapp_number: '965+50001111' });
    expect(fieldMessages(english)).toEqual({
      phone_number: 'Enter a valid phone number: 8 to 15 digits; spaces, hyphens, parentheses and a leading + are allowed',
      whatsapp_number:
        'Enter a valid WhatsApp number: 8 to 15 digits; spaces, hyphens, parentheses and a leading + are allowed',
    });
    expect(await storedRow()).toEqual(before);
  });

  it('refuses a file that is not a picture on the logo field, storing nothing', async () => {
    const before = await storedRow();
    const filesBefore = folderFiles(ctx.config.uploadsDir, 'settings');
    const reply = await save({ store_name: 'بشعار مزيف' }, [
      { field: 'logo', name: 'logo.png', type: 'image/png', data: Buffer.from('not an image') },
    ]);
    expect(reply.statusCode).toBe(400);
    expect(fieldMessages(reply)).toEqual({
      logo: 'The file is not an image in a supported format (JPEG, PNG, WebP, GIF or AVIF)',
    });
    expect(await storedRow()).toEqual(before);
    expect(folderFiles(ctx.config.uploadsDir, 'settings')).toEqual(filesBefore);
  });

  it('replaces the logo and removes the old files; remove_logo drops it', async () => {
    const oldName = uploadedName((await publicSettings()).logo, 'settings');
    const replaced = await save({}, [await logo('jpeg', '#00f')]);
    const newName = uploadedName(replaced.json().settings.logo, 'settings');
    expect(newName).not.toBe(oldName);
    expect(existingImageFiles(ctx.config.uploadsDir, 'settings', oldName)).toEqual([]);
    expect(existingImageFiles(ctx.config.uploadsDir, 'settings', newName)).toHaveLength(IMAGE_WIDTHS.length);

    const removed = await save({ remove_logo: '1' });
    expect(removed.json().settings.logo).toBeNull();
    expect(existingImageFiles(ctx.config.uploadsDir, 'settings', newName)).toEqual([]);
    expect((await publicSettings()).logo).toBeNull();
  });

  it('records each save in the audit trail with its actor and changed fields', async () => {
    await save({ store_name: 'مسبحة مؤرشفة', address: 'الكويت، السالمية' });
    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'settings'))
      .orderBy(auditLog.id);
    for (const entry of entries) {
      expect(entry).toMatchObject({
        entity_id: 1,
        action: 'update',
        actor_id: admin.user.id,
        actor_email: admin.user.email,
      });
    }
    // Every successful save above, and nothing for the refused ones.
    expect(entries).toHaveLength(5);
    expect(entries[0]!.changes).toMatchObject({
      store_name: { from: 'مسبحة الكويت', to: 'مسبحة الخليج' },
      store_name_en: { from: null, to: 'Gulf Misbaha' },
    });
    // The address was sent again unchanged: only the name is recorded.
    expect(entries.at(-1)!.changes).toEqual({ store_name: { from: 'مسبحة الخليج', to: 'مسبحة مؤرشفة' } });
  });
});
