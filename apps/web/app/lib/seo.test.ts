import { describe, expect, it } from 'vitest';
import { pageMeta, type PageMeta } from './seo';

const page: PageMeta = {
  title: 'Amber rosary',
  description: 'Natural amber, 33 beads.',
  canonical: 'https://shop.test/en/products/7',
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
