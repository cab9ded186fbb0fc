import { describe, expect, it } from 'vitest';
import { permissionsOf } from '@shop/shared';
import { renderAdmin, textOf } from '../categories/render-for-test';
import { MoreSheet, PhoneNav } from './admin-nav';
import { SectionUnavailable } from './section-unavailable';
import { ADMIN_TABS, visibleTabs, type AdminTabId } from './tabs';

const admin = visibleTabs({ permissions: permissionsOf('admin') });
const moderator = visibleTabs({ permissions: permissionsOf('moderator') });
const tab = (id: AdminTabId) => ADMIN_TABS.find((item) => item.id === id)!;

/** The hrefs of the links rendered, in order. */
const hrefs = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
/** The link to a section, as rendered. */
const linkTo = (html: string, id: AdminTabId) => html.match(new RegExp(`<a [^>]*href="/admin\\?tab=${id}"[^>]*>`))?.[0] ?? '';
const moreButton = (html: string) => html.match(/<button [^>]*aria-haspopup="dialog"[^>]*>/)?.[0] ?? '';

describe('the phone navigation', () => {
  it("shows the administrator's four main sections and More, the current section marked", () => {
    const html = renderAdmin(<PhoneNav tabs={admin} active={tab('orders')} badges={{}} label="الأقسام" />, { lang: 'ar', role: 'admin' });
    expect(hrefs(html)).toEqual(['/admin?tab=dashboard', '/admin?tab=orders', '/admin?tab=products', '/admin?tab=categories']);
    expect(linkTo(html, 'orders')).toContain('aria-current="page"');
    expect(linkTo(html, 'dashboard')).not.toContain('aria-current');
    expect(moreButton(html)).not.toContain('data-current');
    expect(textOf(html)).toContain('المزيد');
    // The sheet opens only when asked.
    expect(html).not.toContain('<dialog');
  });

  it('marks More when the current section lives in the sheet, and says which one', () => {
    const html = renderAdmin(<PhoneNav tabs={admin} active={tab('activity')} badges={{}} label="Sections" />, { lang: 'en', role: 'admin' });
    expect(html).not.toContain('aria-current="page"');
    expect(moreButton(html)).toContain('data-current="true"');
    expect(textOf(html)).toContain('Current section: Activity');
  });

  it('shows a badge on a tab, and on More for a section in the sheet', () => {
    const html = renderAdmin(<PhoneNav tabs={admin} active={null} badges={{ orders: 3, cities: 120 }} label="Sections" />, {
      lang: 'en',
      role: 'admin',
    });
    const badges = [...html.matchAll(/data-badge="true"[^>]*>([^<]+)</g)].map((match) => match[1]);
    expect(badges).toEqual(['3', '99+']);
    expect(textOf(html)).toContain('Orders 3 (3 new)');
    expect(textOf(html)).not.toContain('(0 new)');
  });

  it("gives the moderator the same bar, with More for the rest of the catalogue", () => {
    const html = renderAdmin(<PhoneNav tabs={moderator} active={tab('dashboard')} badges={{}} label="Sections" />, { lang: 'en', role: 'moderator' });
    expect(hrefs(html)).toEqual(['/admin?tab=dashboard', '/admin?tab=orders', '/admin?tab=products', '/admin?tab=categories']);
    expect(moreButton(html)).not.toBe('');
  });

  it('has no More when every section fits the bar', () => {
    const few = visibleTabs({ permissions: ['backoffice.enter', 'catalog.read'] });
    const html = renderAdmin(<PhoneNav tabs={few} active={few[0]!} badges={{}} label="Sections" />, { lang: 'en', role: 'moderator' });
    expect(hrefs(html)).toHaveLength(5);
    expect(moreButton(html)).toBe('');
  });
});

describe('the More sheet', () => {
  it('is a labelled dialog listing every other section with its icon, the current one marked', () => {
    const more = admin.slice(4);
    const html = renderAdmin(<MoreSheet tabs={more} active={tab('cities')} badges={{}} onClose={() => undefined} />, { lang: 'ar', role: 'admin' });
    const labelledBy = html.match(/<dialog [^>]*aria-labelledby="([^"]+)"/)?.[1];
    expect(labelledBy).toBeTruthy();
    expect(html).toMatch(new RegExp(`<h2 id="${labelledBy}"[^>]*>كل الأقسام</h2>`));
    expect(hrefs(html)).toEqual(more.map((item) => `/admin?tab=${item.id}`));
    expect(linkTo(html, 'cities')).toContain('aria-current="page"');
    expect(linkTo(html, 'users')).not.toContain('aria-current');
    // Each section with its icon; a close button named for screen readers.
    expect(html.match(/<svg/g)?.length).toBeGreaterThanOrEqual(more.length + 1);
    expect(html).toMatch(/<button [^>]*aria-label="إغلاق"/);
  });
});

describe('a section that cannot be shown', () => {
  it("tells a moderator the section is not for their role, with the way back to the dashboard", () => {
    for (const [lang, title, back] of [
      ['ar', 'هذا القسم غير متاح لدورك (مشرف)', 'العودة إلى الرئيسية'],
      ['en', 'This section is not available for your role (Moderator)', 'Back to the dashboard'],
    ] as const) {
      const html = renderAdmin(<SectionUnavailable reason="forbidden" role="moderator" />, { lang, role: 'moderator' });
      expect(html).toContain(`<h1 class="text-xl font-semibold text-stone-900">${title}</h1>`);
      expect(html).toMatch(new RegExp(`<a [^>]*href="/admin\\?tab=dashboard"[^>]*>${back}</a>`));
    }
  });

  it('says an unknown section does not exist, with the same way back', () => {
    const html = renderAdmin(<SectionUnavailable reason="unknown" role="admin" />, { lang: 'en', role: 'admin' });
    expect(textOf(html)).toContain('This section does not exist');
    expect(html).toMatch(/<a [^>]*href="\/admin\?tab=dashboard"[^>]*>Back to the dashboard<\/a>/);
  });
});
