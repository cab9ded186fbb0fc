import { describe, expect, it } from 'vitest';
import { languageAlternates, pageMeta, type PageMeta } from './seo';

const page: PageMeta = {
  title: 'Amber rosary',
  description: 'Natural amber, 33 beads.',
  path: '/products/7',
  publicUrl: 'https://shop.test',
  image: 'https://shop.test/uploads/products/a.webp',
  type: 'product',
  lang: 'en',
  siteName: 'Subha Shop',
};

const content = (tags: ReturnType<typeof pageMeta>, key: string): unknown => {
  const tag = tags.find((one) => ('property' in one && one.property === key) || ('name' in one && one.name === key));
  return tag && 'content' in tag ? tag.content : undefined;
};

describe('pageMeta', () => {
  it('gives link previews the title, description and image with its text, for Open Graph and Twitter', () => {
    const tags = pageMeta(page);
    expect(content(tags, 'og:image')).toBe(page.image);
    expect(content(tags, 'og:image:alt')).toBe('Amber rosary');
    expect(content(tags, 'twitter:card')).toBe('summary_large_image');
    expect(content(tags, 'twitter:title')).toBe('Amber rosary | Subha Shop');
    expect(content(tags, 'twitter:description')).toBe('Natural amber, 33 beads.');
    expect(content(tags, 'twitter:image')).toBe(page.image);
    expect(content(tags, 'twitter:image:alt')).toBe('Amber rosary');
  });

  it('uses the given image text', () => {
    const tags = pageMeta({ ...page, imageAlt: 'The store logo' });
    expect(content(tags, 'og:image:alt')).toBe('The store logo');
    expect(content(tags, 'twitter:image:alt')).toBe('The store logo');
  });

  it('has a small card and no image tags without an image', () => {
    const tags = pageMeta({ ...page, image: null });
    expect(content(tags, 'twitter:card')).toBe('summary');
    for (const key of ['og:image', 'og:image:alt', 'twitter:image', 'twitter:image:alt'])
      expect(content(tags, key), key).toBeUndefined();
    expect(content(tags, 'twitter:title')).toBe('Amber rosary | Subha Shop');
  });
});

const origin = 'https://shop.example.kw';

const englishPage = (fields: Partial<PageMeta> = {}): PageMeta => ({
  title: 'Amber misbaha',
  description: 'Baltic amber, 33 beads',
  path: '/products/12',
  publicUrl: origin,
  lang: 'en',
  siteName: 'Misbaha Kuwait',
  ...fields,
});

function links(tags: ReturnType<typeof pageMeta>, rel: string) {
  return tags.filter((tag) => 'tagName' in tag && tag.tagName === 'link' && tag.rel === rel);
}

function property(tags: ReturnType<typeof pageMeta>, name: string) {
  return tags.filter((tag) => 'property' in tag && tag.property === name).map((tag) => (tag as { content: string }).content);
}

describe('languageAlternates', () => {
  it('names the Arabic address, the /en address and the Arabic one as x-default', () => {
    expect(languageAlternates(origin, '/category/amber?page=2')).toEqual([
      { tagName: 'link', rel: 'alternate', hrefLang: 'ar', href: `${origin}/category/amber?page=2` },
      { tagName: 'link', rel: 'alternate', hrefLang: 'en', href: `${origin}/en/category/amber?page=2` },
      { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: `${origin}/category/amber?page=2` },
    ]);
  });

  it('gives the home page / and /en', () => {
    expect(languageAlternates(origin, '/').map((tag) => (tag as { href: string }).href)).toEqual([
      `${origin}/`,
      `${origin}/en`,
      `${origin}/`,
    ]);
  });

  it('reads a path that already carries /en as the same page', () => {
    expect(languageAlternates(origin, '/en/products/3')).toEqual(languageAlternates(origin, '/products/3'));
  });
});

describe('pageMeta: the addresses of each language', () => {
  it('points an English page’s canonical and og:url at its /en address, with both alternates', () => {
    const tags = pageMeta(englishPage());
    expect(links(tags, 'canonical')).toEqual([{ tagName: 'link', rel: 'canonical', href: `${origin}/en/products/12` }]);
    expect(property(tags, 'og:url')).toEqual([`${origin}/en/products/12`]);
    expect(links(tags, 'alternate').map((tag) => [(tag as { hrefLang: string }).hrefLang, (tag as { href: string }).href])).toEqual([
      ['ar', `${origin}/products/12`],
      ['en', `${origin}/en/products/12`],
      ['x-default', `${origin}/products/12`],
    ]);
    expect(property(tags, 'og:locale')).toEqual(['en_US']);
    expect(property(tags, 'og:locale:alternate')).toEqual(['ar_KW']);
  });

  it('points an Arabic page’s canonical at the root address', () => {
    const tags = pageMeta(englishPage({ lang: 'ar', title: 'مسبحة كهرمان', siteName: 'مسبحة الكويت' }));
    expect(links(tags, 'canonical')).toEqual([{ tagName: 'link', rel: 'canonical', href: `${origin}/products/12` }]);
    expect(property(tags, 'og:url')).toEqual([`${origin}/products/12`]);
    expect(links(tags, 'alternate')).toHaveLength(3);
    expect(property(tags, 'og:locale')).toEqual(['ar_KW']);
    expect(property(tags, 'og:locale:alternate')).toEqual(['en_US']);
  });

  it('gives a page kept out of search engines its canonical but no alternates', () => {
    const tags = pageMeta(englishPage({ path: '/profile', noindex: true }));
    expect(links(tags, 'canonical')).toEqual([{ tagName: 'link', rel: 'canonical', href: `${origin}/en/profile` }]);
    expect(links(tags, 'alternate')).toEqual([]);
    expect(tags).toContainEqual({ name: 'robots', content: 'noindex' });
  });

  it('does not repeat the store name in the home page’s title', () => {
    expect(pageMeta(englishPage({ title: 'Misbaha Kuwait', path: '/' }))[0]).toEqual({ title: 'Misbaha Kuwait' });
    expect(pageMeta(englishPage())[0]).toEqual({ title: 'Amber misbaha | Misbaha Kuwait' });
  });
});
