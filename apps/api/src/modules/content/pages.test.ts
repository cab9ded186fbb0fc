import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminContentPage, AdminStorefrontLayout, ContentPage, StorefrontLayout } from '@shop/shared';
import { apiCaller } from '../../../test-support/http.js';
import { fieldMessages, signedInStaff, type SignedIn } from '../../../test-support/admin-forms.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { auditLog } from '../../db/schema/index.js';
import { DEFAULT_LAYOUT, DEFAULT_PAGES } from './page-defaults.js';

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

const publicPage = async (slug: string, lang: 'ar' | 'en') => {
  const reply = await call('GET', `/api/pages/${slug}`, undefined, { lang });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().page as ContentPage;
};

const publicLayout = async (lang: 'ar' | 'en') => {
  const reply = await call('GET', '/api/storefront-layout', undefined, { lang });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().layout as StorefrontLayout;
};

const pageInput = (overrides: Partial<Record<'title_ar' | 'title_en' | 'body_ar' | 'body_en', string>> = {}) => ({
  title_ar: 'سياسة الخصوصية الجديدة',
  title_en: 'The new privacy policy',
  body_ar: '<p>نص عربي</p>',
  body_en: '<p>English text</p>',
  ...overrides,
});

const layoutInput = (): Omit<AdminStorefrontLayout, 'updated_at'> => structuredClone(DEFAULT_LAYOUT);

describe('before any edit', () => {
  it('shows the shop’s own pages and layout, and the editor opens with them', async () => {
    const privacy = await publicPage('privacy', 'en');
    expect(privacy).toMatchObject({ slug: 'privacy', title: 'Privacy Policy', updated_at: null });
    expect(privacy.body).toContain('<h2>Information we collect</h2>');
    expect((await publicPage('return-policy', 'ar')).title).toBe('سياسة الإرجاع');

    const listed = await call('GET', '/api/admin/pages', undefined, { token: admin.token });
    expect(listed.statusCode).toBe(200);
    const pages = listed.json().pages as AdminContentPage[];
    expect(pages.map((page) => page.slug)).toEqual(['privacy', 'terms', 'return-policy']);
    expect(pages[1]).toMatchObject({ ...DEFAULT_PAGES.terms, updated_at: null });

    const layout = await publicLayout('ar');
    expect(layout.footer_links.map((link) => link.href)).toEqual(['/products', '/categories', '/track', '/return-policy', '/privacy', '/terms']);
    expect(layout.home_sections.every((section) => section.visible)).toBe(true);
    expect(layout.hero.text).toBeNull();
  });

  it('answers 404 for a page that is not one of them', async () => {
    const reply = await call('GET', '/api/pages/about', undefined, { lang: 'ar' });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toMatchObject({ code: 'NOT_FOUND', message: 'الصفحة غير موجودة' });
    const put = await call('PUT', '/api/admin/pages/about', pageInput(), { token: admin.token });
    expect(put.statusCode).toBe(404);
  });
});

describe('permissions', () => {
  it('lets only administrators read and save the editor’s content', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/admin/pages', undefined],
      ['PUT', '/api/admin/pages/terms', pageInput()],
      ['GET', '/api/admin/storefront-layout', undefined],
      ['PUT', '/api/admin/storefront-layout', layoutInput()],
    ] as const) {
      expect((await call(method, url, body)).statusCode, url).toBe(401);
      expect((await call(method, url, body, { token: customer.token })).statusCode, url).toBe(403);
      expect((await call(method, url, body, { token: moderator.token })).statusCode, url).toBe(403);
    }
    // None of the refused saves changed anything.
    expect((await publicPage('terms', 'en')).updated_at).toBeNull();
  });
});

describe('saving a page', () => {
  it('shows the saved page in each language, records the change and drops the kept copy', async () => {
    // Read once so the storefront's copy is kept.
    await publicPage('privacy', 'ar');
    const saved = await call('PUT', '/api/admin/pages/privacy', pageInput(), { token: admin.token });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().page).toMatchObject({ slug: 'privacy', ...pageInput() });

    expect(await publicPage('privacy', 'ar')).toMatchObject({ title: 'سياسة الخصوصية الجديدة', body: '<p>نص عربي</p>' });
    const english = await publicPage('privacy', 'en');
    expect(english).toMatchObject({ title: 'The new privacy policy', body: '<p>English text</p>' });
    expect(english.updated_at).not.toBeNull();

    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'content_pages'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ action: 'update', actor_id: admin.user.id });
    expect(entry!.changes).toMatchObject({
      title_en: { from: 'Privacy Policy', to: 'The new privacy policy' },
      body_en: { to: '<p>English text</p>' },
    });
  });

  it('strips what could run in the shopper’s browser', async () => {
    const payloads = [
      '<p>one</p><script>alert(1)</script>',
      '<p>two<img src="x" onerror="alert(1)"></p>',
      '<p><a href="javascript:alert(1)">three</a></p>',
      '<p style="background:url(javascript:alert(1))">four</p>',
      '<p>five</p><iframe src="https://evil.example"></iframe>',
      '<p>six</p><svg onload="alert(1)"><circle r="2"></circle></svg>',
      '<p onclick="alert(1)">seven</p><a href="https://example.com" onmouseover="alert(1)">eight</a>',
    ];
    const saved = await call(
      'PUT',
      '/api/admin/pages/terms',
      pageInput({ body_ar: payloads.join(''), body_en: payloads.join('') }),
      { token: admin.token },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const expected =
      '<p>one</p><p>two</p><p>three</p><p>four</p><p>five</p><p>six</p><p>seven</p>' +
      '<a href="https://example.com" rel="noopener noreferrer">eight</a>';
    expect(saved.json().page.body_en).toBe(expected);
    const shown = await publicPage('terms', 'ar');
    expect(shown.body).toBe(expected);
    expect(shown.body).not.toMatch(/script|onerror|onload|onclick|javascript:|style|iframe|svg/i);
  });

  it('refuses a body left without text, and bad fields, in the admin’s language, changing nothing', async () => {
    const before = await publicPage('return-policy', 'en');
    const empty = await call('PUT', '/api/admin/pages/return-policy', pageInput({ body_en: '<script>alert(1)</script><p> </p>' }), {
      token: admin.token,
      lang: 'ar',
    });
    expect(empty.statusCode).toBe(400);
    expect(fieldMessages(empty).body_en).toContain('لم يبق من نص الصفحة شيء');

    const noTitle = await call('PUT', '/api/admin/pages/return-policy', pageInput({ title_en: '  ' }), { token: admin.token });
    expect(noTitle.statusCode).toBe(400);
    expect(fieldMessages(noTitle).title_en).toBe('The page title is required');

    const tooLong = await call('PUT', '/api/admin/pages/return-policy', pageInput({ title_ar: 'ا'.repeat(121) }), { token: admin.token });
    expect(fieldMessages(tooLong).title_ar).toBe('The page title must be at most 120 characters');

    const notText = await call('PUT', '/api/admin/pages/return-policy', { ...pageInput(), body_ar: 12 }, { token: admin.token });
    expect(notText.statusCode).toBe(400);
    const missing = await call('PUT', '/api/admin/pages/return-policy', { title_ar: 'x' }, { token: admin.token });
    expect(missing.statusCode).toBe(400);
    const notJson = await call('PUT', '/api/admin/pages/return-policy', 'not json', {
      token: admin.token,
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);

    expect(await publicPage('return-policy', 'en')).toEqual(before);
  });
});

describe('saving the layout', () => {
  it('orders and hides the home sections, replaces the footer links and the hero’s texts', async () => {
    await publicLayout('en');
    const input = layoutInput();
    input.footer_links = [
      { label_ar: 'واتساب', label_en: 'WhatsApp', href: 'https://wa.me/96500000000' },
      { label_ar: 'تتبّع طلبك', label_en: 'Track your order', href: '/track' },
    ];
    input.home_sections = [
      { key: 'featured', visible: true },
      { key: 'slider', visible: true },
      { key: 'categories', visible: true },
      { key: 'latest', visible: false },
      { key: 'signup', visible: true },
    ];
    input.hero = { kicker_ar: 'سبح العيد', kicker_en: 'Eid prayer beads', text_ar: null, text_en: 'Gifts for Eid' };
    const saved = await call('PUT', '/api/admin/storefront-layout', input, { token: admin.token });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().layout).toMatchObject(input);

    expect(await publicLayout('en')).toEqual({
      footer_links: [
        { label: 'WhatsApp', href: 'https://wa.me/96500000000' },
        { label: 'Track your order', href: '/track' },
      ],
      home_sections: input.home_sections,
      hero: { kicker: 'Eid prayer beads', text: 'Gifts for Eid' },
    });
    expect((await publicLayout('ar')).hero).toEqual({ kicker: 'سبح العيد', text: null });

    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'storefront_layout'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry!.changes).toMatchObject({ hero_kicker_en: { from: 'Authentic prayer beads from Kuwait', to: 'Eid prayer beads' } });
  });

  it('refuses unsafe links, a section twice or missing, and too many links', async () => {
    const before = await publicLayout('en');
    for (const href of ['javascript:alert(1)', '//evil.example', '/\\evil.example', 'data:text/html,x', 'ftp://x.example', '']) {
      const input = layoutInput();
      input.footer_links[0]!.href = href;
      const reply = await call('PUT', '/api/admin/storefront-layout', input, { token: admin.token });
      expect(reply.statusCode, href).toBe(400);
      expect(fieldMessages(reply)['footer_links.0.href'], href).toMatch(/^The link must be a path of the shop/);
    }
    const twice = layoutInput();
    twice.home_sections[1] = { key: 'slider', visible: false };
    const refusedTwice = await call('PUT', '/api/admin/storefront-layout', twice, { token: admin.token, lang: 'ar' });
    expect(refusedTwice.statusCode).toBe(400);
    expect(fieldMessages(refusedTwice).home_sections).toBe('أقسام الصفحة الرئيسية يجب أن تضم كل قسم مرة واحدة');

    const missing = layoutInput();
    missing.home_sections.pop();
    expect((await call('PUT', '/api/admin/storefront-layout', missing, { token: admin.token })).statusCode).toBe(400);

    const many = layoutInput();
    many.footer_links = Array.from({ length: 13 }, () => ({ label_ar: 'ر', label_en: 'l', href: '/products' }));
    const refusedMany = await call('PUT', '/api/admin/storefront-layout', many, { token: admin.token });
    expect(fieldMessages(refusedMany).footer_links).toBe('The footer can hold at most 12 links');

    const unknownSection = layoutInput() as unknown as { home_sections: Array<{ key: string; visible: boolean }> };
    unknownSection.home_sections[0] = { key: 'reviews', visible: true };
    expect((await call('PUT', '/api/admin/storefront-layout', unknownSection, { token: admin.token })).statusCode).toBe(400);

    expect(await publicLayout('en')).toEqual(before);
  });
});
