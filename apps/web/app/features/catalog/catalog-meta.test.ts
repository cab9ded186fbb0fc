import type { MetaDescriptor } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Language, StoreSettings } from '@shop/shared';
import type { RootData } from '../../components/layout/root-data';
import catalogAr from '../../i18n/messages/catalog.ar.json';
import catalogEn from '../../i18n/messages/catalog.en.json';
import { packMessages } from '../../i18n/page-messages';
import { productListMeta, productMeta } from './catalog-meta';
import type { ProductListData } from './product-list-data';
import { defaultFilters } from './product-list-query';

const settings: StoreSettings = {
  store_name: 'متجر السبح',
  store_description: null,
  store_name_en: 'Subha Shop',
  store_description_en: null,
  logo: null,
  phone_number: null,
  whatsapp_number: null,
  email: null,
  address: 'الكويت',
  address_en: null,
  currency_symbol: 'د.ك',
  currency: 'KWD',
  facebook_url: null,
  instagram_url: null,
  payment_methods: ['cash_on_delivery'],
  sign_in_methods: ['password'],
  free_shipping_threshold: null,
  gift_wrap_fee: null,
};

/** The catalogue namespace's messages, keyed as the root loader sends them ("catalog.<key>"). */
function catalogMessages(lang: Language): Record<string, string> {
  const entries = Object.entries(lang === 'en' ? catalogEn : catalogAr);
  return Object.fromEntries(entries.map(([key, text]) => [`catalog.${key}`, text]));
}

function matchesFor(lang: Language, storeSettings: StoreSettings = settings) {
  const root: RootData = {
    lang,
    messages: packMessages(catalogMessages(lang)),
    settings: storeSettings,
    publicUrl: 'https://shop.test',
    year: 2026,
  };
  return [{ id: 'root', loaderData: root }];
}

/** The href of each link with this rel, with its hreflang when it has one. */
function linkHrefs(tags: MetaDescriptor[], rel: string): string[] {
  return tags
    .map((descriptor) => descriptor as Record<string, unknown>)
    .filter((fields) => fields.tagName === 'link' && fields.rel === rel)
    .map((fields) => (fields.hrefLang ? `${String(fields.hrefLang)} ${String(fields.href)}` : String(fields.href)));
}

/** The content of the first tag with this name or property ('title' for the title element). */
function tag(tags: MetaDescriptor[], key: string): unknown {
  for (const descriptor of tags) {
    const fields = descriptor as Record<string, unknown>;
    if (key === 'title' && 'title' in fields) return fields.title;
    if (fields.name === key || fields.property === key) return fields.content;
  }
  return undefined;
}

const product = {
  id: 7,
  name: 'سبحة كهرمان',
  name_en: 'Amber rosary',
  short_description: 'كهرمان طبيعي',
  short_description_en: 'Natural amber',
  description: null,
  description_en: null,
  featured_image: null,
  seo_title_ar: null,
  seo_title_en: null,
  seo_description_ar: null,
  seo_description_en: null,
};

describe('productMeta', () => {
  it("uses the product's and the store's English names on the English page", () => {
    const tags = productMeta(matchesFor('en'), product);
    expect(tag(tags, 'title')).toBe('Amber rosary | Subha Shop');
    expect(tag(tags, 'og:title')).toBe('Amber rosary | Subha Shop');
    expect(tag(tags, 'description')).toBe('Natural amber');
    expect(tag(tags, 'og:site_name')).toBe('Subha Shop');
    expect(tag(tags, 'og:locale')).toBe('en_US');
  });

  it("links each language's address of the product, the page's own being the canonical", () => {
    const alternates = ['ar https://shop.test/products/7', 'en https://shop.test/en/products/7', 'x-default https://shop.test/products/7'];
    const english = productMeta(matchesFor('en'), product);
    expect(linkHrefs(english, 'canonical')).toEqual(['https://shop.test/en/products/7']);
    expect(linkHrefs(english, 'alternate')).toEqual(alternates);
    const arabic = productMeta(matchesFor('ar'), product);
    expect(linkHrefs(arabic, 'canonical')).toEqual(['https://shop.test/products/7']);
    expect(linkHrefs(arabic, 'alternate')).toEqual(alternates);
  });

  it('keeps the Arabic names on the Arabic page', () => {
    const tags = productMeta(matchesFor('ar'), product);
    expect(tag(tags, 'title')).toBe('سبحة كهرمان | متجر السبح');
    expect(tag(tags, 'description')).toBe('كهرمان طبيعي');
    expect(tag(tags, 'og:site_name')).toBe('متجر السبح');
  });

  it('falls back to the Arabic texts on the English page when the shop wrote none', () => {
    const arabicOnly = { ...product, name_en: null, short_description: null, short_description_en: null };
    const withoutEnglishName = { ...settings, store_name_en: null };
    const tags = productMeta(matchesFor('en', withoutEnglishName), arabicOnly);
    expect(tag(tags, 'title')).toBe('سبحة كهرمان | متجر السبح');
    expect(tag(tags, 'description')).toBe(
      'Buy سبحة كهرمان online in Kuwait, with fast delivery and cash on delivery.',
    );
  });
});

describe("the shop's own SEO title and description", () => {
  const seo = {
    ...product,
    seo_title_ar: 'سبحة كهرمان بلطيقي أصلي للبيع',
    seo_title_en: 'Genuine Baltic amber rosary for sale',
    seo_description_ar: null,
    seo_description_en: 'Thirty-three natural amber beads, delivered across Kuwait.',
  };

  it("are the product page's whole title and its description, in the page's language", () => {
    const english = productMeta(matchesFor('en'), seo);
    expect(tag(english, 'title')).toBe('Genuine Baltic amber rosary for sale');
    expect(tag(english, 'og:title')).toBe('Genuine Baltic amber rosary for sale');
    expect(tag(english, 'description')).toBe('Thirty-three natural amber beads, delivered across Kuwait.');
    // Without an Arabic description of its own the Arabic page uses the product's summary.
    const arabic = productMeta(matchesFor('ar'), seo);
    expect(tag(arabic, 'title')).toBe('سبحة كهرمان بلطيقي أصلي للبيع');
    expect(tag(arabic, 'description')).toBe('كهرمان طبيعي');
  });

  it("fall back to the name with the store's, and a long summary cut at a word boundary", () => {
    const long = `${'Natural amber beads '.repeat(12)}end`;
    const tags = productMeta(matchesFor('en'), { ...product, short_description_en: long });
    expect(tag(tags, 'title')).toBe('Amber rosary | Subha Shop');
    const description = String(tag(tags, 'description'));
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/ (Natural|amber|beads)…$/);
  });
});

describe('productListMeta', () => {
  const category = {
    id: 3,
    name: 'كهرمان',
    name_en: 'Amber',
    slug: 'amber',
    description: 'سبح الكهرمان البلطيقي',
    description_en: 'Baltic amber rosaries',
    image: null,
    parent_id: null,
    sort_order: 1,
    is_active: true,
    product_count: 4,
    seo_title_ar: null,
    seo_title_en: null,
    seo_description_ar: null,
    seo_description_en: null,
    created_at: '2026-01-01T00:00:00.000Z',
    ancestors: [],
  };
  const data: ProductListData = {
    products: [],
    pagination: { page: 1, limit: 12, total: 0, pages: 0 },
    filters: { ...defaultFilters, category: 'amber' },
    page: 1,
    categoryOptions: [{ slug: 'amber', name: 'كهرمان', name_en: 'Amber', depth: 0, product_count: 4 }],
    category,
  };

  it("titles a category page with the category's name and description in the page's language", () => {
    const english = productListMeta(matchesFor('en'), data);
    expect(tag(english, 'title')).toBe('Amber | Subha Shop');
    expect(tag(english, 'description')).toBe('Baltic amber rosaries');
    const arabic = productListMeta(matchesFor('ar'), data);
    expect(tag(arabic, 'title')).toBe('كهرمان | متجر السبح');
    expect(tag(arabic, 'description')).toBe('سبح الكهرمان البلطيقي');
  });

  it("gives a category's later page its own address in each language", () => {
    const english = productListMeta(matchesFor('en'), { ...data, page: 2 });
    expect(linkHrefs(english, 'canonical')).toEqual(['https://shop.test/en/category/amber?page=2']);
    expect(linkHrefs(english, 'alternate')).toEqual([
      'ar https://shop.test/category/amber?page=2',
      'en https://shop.test/en/category/amber?page=2',
      'x-default https://shop.test/category/amber?page=2',
    ]);
  });

  it('gives search results, kept out of search engines, no alternates', () => {
    const searched = productListMeta(matchesFor('en'), { ...data, filters: { ...data.filters, search: 'amber' } });
    expect(linkHrefs(searched, 'canonical')).toEqual(['https://shop.test/en/category/amber']);
    expect(linkHrefs(searched, 'alternate')).toEqual([]);
  });

  it("uses the category's own SEO title and description on its page, not on a search within it", () => {
    const withSeo = {
      ...data,
      category: { ...data.category!, seo_title_en: 'Baltic amber prayer beads in Kuwait', seo_description_en: 'Every amber rosary we sell.' },
    };
    const tags = productListMeta(matchesFor('en'), withSeo);
    expect(tag(tags, 'title')).toBe('Baltic amber prayer beads in Kuwait');
    expect(tag(tags, 'description')).toBe('Every amber rosary we sell.');
    const searching = productListMeta(matchesFor('en'), { ...withSeo, filters: { ...withSeo.filters, search: 'red' } });
    expect(tag(searching, 'description')).toBe('Baltic amber rosaries');
  });

  it('names the filtered category of /products in English from the category options', () => {
    const filtered = { ...data, category: null };
    const tags = productListMeta(matchesFor('en'), filtered);
    expect(tag(tags, 'title')).toBe('Amber | Subha Shop');
    expect(tag(tags, 'description')).toBe(
      'Shop Amber online in Kuwait, with fast delivery and cash on delivery.',
    );
  });
});
