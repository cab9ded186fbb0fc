import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { saveStoreSettings, createSlide } from '../../seed/factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('health', () => {
  it('reports the process alive and the database ready', async () => {
    expect((await ctx.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
  });
});

describe('errors', () => {
  it('answers unknown API routes with the envelope in Arabic by default', async () => {
    const response = await ctx.app.inject('/api/nope');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'المسار المطلوب غير موجود' });
  });

  it('follows Accept-Language and the lang cookie', async () => {
    const english = await ctx.app.inject({ url: '/api/nope', headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(english.json().message).toBe('This API route does not exist');
    const cookie = await ctx.app.inject({ url: '/api/nope', headers: { 'accept-language': 'en', cookie: 'lang=ar' } });
    expect(cookie.json().message).toBe('المسار المطلوب غير موجود');
  });
});

describe('settings', () => {
  it('falls back to the defaults when nothing is set', async () => {
    const response = await ctx.app.inject('/api/settings');
    expect(response.statusCode).toBe(200);
    const { settings } = response.json();
    expect(settings.currency_symbol).toBe('KD');
    expect(settings.store_name).toBe('متجر السبح');
    expect(settings.address).toBe('الكويت');
    expect(settings.phone_number).toBeNull();
  });

  it('returns saved settings with the logo as an upload path', async () => {
    await saveStoreSettings(ctx.database.db, { store_name: 'سبح الكويت', phone_number: '+96550000000', logo: 'logo.webp' });
    const { settings } = (await ctx.app.inject('/api/settings')).json();
    expect(settings.store_name).toBe('سبح الكويت');
    expect(settings.phone_number).toBe('+96550000000');
    expect(settings.logo).toBe('/uploads/settings/logo.webp');
  });
});

describe('slider', () => {
  it('lists only active slides in sort order', async () => {
    await createSlide(ctx.database.db, { title: 'ثانية', sort_order: 2 });
    await createSlide(ctx.database.db, { title: 'أولى', sort_order: 1 });
    await createSlide(ctx.database.db, { title: 'مخفية', sort_order: 0, is_active: false });
    const { slides } = (await ctx.app.inject('/api/slider')).json();
    expect(slides.map((slide: { title: string }) => slide.title)).toEqual(['أولى', 'ثانية']);
    expect(slides[0].image).toMatch(/^\/uploads\/slider\//);
  });
});

describe('uploads', () => {
  it('answers a missing image with 404', async () => {
    const response = await ctx.app.inject('/uploads/products/missing.webp');
    expect(response.statusCode).toBe(404);
  });
});
