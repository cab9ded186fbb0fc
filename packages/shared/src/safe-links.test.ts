import { describe, expect, it } from 'vitest';
import { adminSlideCreateSchema } from './contracts/admin-slider.js';
import { isSafeLink, isSameSitePath, isWebAddress } from './safe-links.js';

/** Where a browser on https://shop.example goes when it follows `href`. */
const followed = (href: string) => new URL(href, 'https://shop.example/page').origin;

describe('isSafeLink', () => {
  it.each([
    'http://ok.example',
    'https://ok.example',
    'https://www.instagram.com/misbaha.kuwait.demo',
    'HTTPS://OK.EXAMPLE/Sale?x=1#top',
    '/products/1',
    '/',
    '/products?featured=true&sort=price',
    '/category/سبح',
    '/products?q=%D8%B3%D8%A8%D8%AD%D8%A9%20%D9%83%D9%87%D8%B1%D9%85%D8%A7%D9%86',
    '/sale-50%',
    '/a/b%2Fc',
  ])('accepts %s', (link) => {
    expect(isSafeLink(link)).toBe(true);
    if (link.startsWith('/')) expect(followed(link)).toBe('https://shop.example');
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'mailto:a@b.example',
    'ftp://files.example',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '\\/evil.example',
    '/%5Cevil.example',
    '/%5cevil.example',
    '/%2F/evil.example',
    '/%2f%2fevil.example',
    '/products\\..\\..\\evil',
    '/\tevil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/%0a/evil.example',
    '/a b',
    '/\u0000',
    '/\u00a0/evil.example',
    'https:\\\\evil.example',
    'https:/evil.example',
    'http:evil.example',
    'https://',
    'https://ok.example@evil.example',
    'https://user:pass@evil.example',
    'https://evil.example\\@ok.example',
    'evil.example',
    'products',
    '',
  ])('refuses %j', (link) => {
    expect(isSafeLink(link)).toBe(false);
  });

  it('refuses every path a browser would take to another origin, among many shapes', () => {
    const parts = ['/', '\\', '%5C', '%2F', '\t', '.', 'evil.example', '%', ''];
    for (const a of parts) {
      for (const b of parts) {
        for (const c of parts) {
          const link = `/${a}${b}${c}`;
          if (isSameSitePath(link)) expect(followed(link), JSON.stringify(link)).toBe('https://shop.example');
        }
      }
    }
  });
});

describe('isWebAddress', () => {
  it('takes only absolute http(s) addresses with a host', () => {
    expect(isWebAddress('https://www.facebook.com/shop')).toBe(true);
    expect(isWebAddress('/products')).toBe(false);
    expect(isWebAddress('javascript:alert(1)')).toBe(false);
    expect(isWebAddress('//evil.example')).toBe(false);
  });
});

describe("the slide's link in the contract", () => {
  it('is refused with its own message on the link_url field', () => {
    const result = adminSlideCreateSchema.safeParse({ title: 'x', link_url: '/\\evil.example' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['link_url', 'slider.link_invalid'],
    ]);
    expect(adminSlideCreateSchema.parse({ title: 'x', link_url: ' /products/1 ' }).link_url).toBe('/products/1');
    expect(adminSlideCreateSchema.parse({ title: 'x', link_url: '' }).link_url).toBeNull();
  });
});
