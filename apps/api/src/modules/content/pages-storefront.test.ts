import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminStorefrontLayout } from '@shop/shared';
import { signedInStaff, type SignedIn } from '../../../test-support/admin-forms.js';
import { apiCaller } from '../../../test-support/http.js';
import type { TestContext } from '../../../test-support/test-app.js';
import { createTestWebApp } from '../../../test-support/web-app.js';
import { DEFAULT_LAYOUT, DEFAULT_PAGES } from './page-defaults.js';

// The storefront's pages for guests come from the page cache (decision 029): a save in the back
// office must reach them at once, not after PAGE_CACHE_SECONDS.

let ctx: TestContext;
const call = apiCaller(() => ctx.app);
let admin: SignedIn;

beforeAll(async () => {
  ctx = await createTestWebApp({ PAGE_CACHE_SECONDS: '600' });
  ({ admin } = await signedInStaff(ctx));
});
afterAll(() => ctx.close());

const page = (url: string) => ctx.app.inject({ url, headers: { 'accept-encoding': 'identity' } });

describe('the storefront after a save, through the page cache', () => {
  it('shows the saved policy page in its language, with its title and description, and only in that language', async () => {
    const first = await page('/en/return-policy');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Return Policy');
    expect((await page('/en/return-policy')).headers['x-cache']).toBe('HIT');

    const saved = await call(
      'PUT',
      '/api/admin/pages/return-policy',
      {
        ...DEFAULT_PAGES['return-policy'],
        title_en: 'Returns at {store}',
        body_en: '<p>Thirty days to change your mind.</p><h2>How</h2><p>Bring it back.</p><script>alert(1)</script>',
      },
      { token: admin.token },
    );
    expect(saved.statusCode, saved.body).toBe(200);

    const after = await page('/en/return-policy');
    expect(after.headers['x-cache']).toBe('MISS');
    expect(after.body).toContain('<h2>How</h2><p>Bring it back.</p>');
    expect(after.body).toContain('Thirty days to change your mind.');
    expect(after.body).toMatch(/<title>Returns at [^<]+<\/title>/);
    expect(after.body).toContain('<meta name="description" content="Thirty days to change your mind."');
    expect(after.body).not.toContain('alert(1)');
    // The Arabic page kept its own text.
    expect((await page('/return-policy')).body).toContain('سياسة الإرجاع');
  });

  it('follows the home sections, the hero’s text and the footer links', async () => {
    const before = await page('/en');
    expect(before.body).toContain('id="home-latest"');
    expect(before.body).toContain('Authentic prayer beads from Kuwait');

    const layout: Omit<AdminStorefrontLayout, 'updated_at'> = structuredClone(DEFAULT_LAYOUT);
    layout.home_sections = layout.home_sections.map((section) => (section.key === 'latest' ? { ...section, visible: false } : section));
    layout.hero = { ...layout.hero, kicker_en: 'Eid gifts', text_en: 'Beads for every hand' };
    layout.footer_links.push({ label_ar: 'انستغرام المتجر', label_en: 'Our Instagram', href: 'https://instagram.com/subha' });
    const saved = await call('PUT', '/api/admin/storefront-layout', layout, { token: admin.token });
    expect(saved.statusCode, saved.body).toBe(200);

    const after = await page('/en');
    expect(after.headers['x-cache']).toBe('MISS');
    expect(after.body).not.toContain('id="home-latest"');
    expect(after.body).toContain('Eid gifts');
    expect(after.body).toContain('Beads for every hand');
    expect(after.body).toContain('<a href="https://instagram.com/subha" rel="noopener noreferrer"');
    // Every page's footer, not only the home page's.
    expect((await page('/en/terms')).body).toContain('Our Instagram');
  });
});
