import { describe, expect, it } from 'vitest';
import type { Slide } from '@shop/shared';
import { SiteFooter } from '../../components/layout/site-footer';
import { renderAdmin, testSettings } from '../admin/categories/render-for-test';
import { HomeSlider } from './slider';

// Links the owner stored (a slide's link, the social addresses) become links on the storefront
// only when the shop's rule (safe-links.ts) takes them, even if a row was saved before the rule.

const slide = (link_url: string | null): Slide => ({
  id: 1,
  title: 'عرض الكهرمان',
  title_en: 'Amber offer',
  description: null,
  description_en: null,
  image: '/uploads/slider/a.webp',
  link_url,
  sort_order: 0,
  is_active: true,
});

const renderSlide = (link: string | null) =>
  renderAdmin(<HomeSlider slides={[slide(link)]} />, { lang: 'en', role: 'moderator', path: '/' });

/** The href of every link in the HTML, entities decoded. */
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));

describe("a slide's link on the home page", () => {
  it('links to a path of the shop (in the page\'s language) and to an http(s) address', () => {
    expect(hrefs(renderSlide('/products/1'))).toContain('/en/products/1');
    expect(hrefs(renderSlide('https://ok.example/sale'))).toContain('https://ok.example/sale');
  });

  it.each(['/\\evil.example', '//evil.example', 'javascript:alert(1)', '/%5Cevil.example'])(
    'shows no link for a stored %s',
    (link) => {
      const html = renderSlide(link);
      expect(html).toContain('Amber offer');
      expect(hrefs(html).filter((href) => href.includes('evil') || href.startsWith('javascript'))).toEqual([]);
    },
  );
});

describe('the social links in the footer', () => {
  it('shows an http(s) address and drops anything else', () => {
    const settings = {
      ...testSettings,
      instagram_url: 'https://www.instagram.com/misbaha.kuwait.demo',
      facebook_url: 'javascript:alert(1)',
    };
    const html = renderAdmin(<SiteFooter settings={settings} links={[]} year={2025} />, { lang: 'en', role: 'moderator', path: '/' });
    expect(hrefs(html)).toContain('https://www.instagram.com/misbaha.kuwait.demo');
    expect(hrefs(html).filter((href) => href.startsWith('javascript'))).toEqual([]);
  });
});

describe('the owner’s footer links', () => {
  it('puts a path of the shop in the page’s language, keeps another site’s address and drops anything else', () => {
    const links = [
      { label: 'Track your order', href: '/track' },
      { label: 'WhatsApp', href: 'https://wa.me/96500000000' },
      { label: 'Bad', href: 'javascript:alert(1)' },
      { label: 'Elsewhere', href: '//evil.example' },
    ];
    const html = renderAdmin(<SiteFooter settings={testSettings} links={links} year={2025} />, { lang: 'en', role: 'moderator', path: '/en' });
    expect(hrefs(html)).toContain('/en/track');
    expect(html).toContain('<a href="https://wa.me/96500000000" rel="noopener noreferrer"');
    expect(html).not.toContain('Bad');
    expect(html).not.toContain('Elsewhere');
  });
});
