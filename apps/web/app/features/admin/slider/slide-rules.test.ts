import { describe, expect, it } from 'vitest';
import * as contract from '@shop/shared';
import {
  emptySlideForm,
  isSlideFormDirty,
  isSlideLink,
  parseSortOrder,
  slideFormData,
  slideFormFrom,
  slideFormProblems,
  sortSlides,
  type SlideForm,
  type SlideValues,
} from './slide-rules';

const stored: SlideValues = {
  title: 'سبح الكهرمان',
  title_en: 'Amber beads',
  description: 'تشكيلة جديدة',
  description_en: null,
  link_url: '/products',
  sort_order: 3,
  is_active: false,
  image: '/uploads/slider/a.webp',
};

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'banner.png', { type: 'image/png' });

function filled(overrides: Partial<SlideForm> = {}): SlideForm {
  return { ...slideFormFrom(stored), ...overrides };
}

describe('slide form start', () => {
  it('places a new slide after the largest sort order, active', () => {
    expect(emptySlideForm([{ sort_order: 2 }, { sort_order: 7 }, { sort_order: 0 }])).toMatchObject({ sort_order: '8', is_active: true, title: '' });
    expect(emptySlideForm().sort_order).toBe('0');
    expect(emptySlideForm([{ sort_order: contract.SLIDE_SORT_ORDER_MAX }]).sort_order).toBe(String(contract.SLIDE_SORT_ORDER_MAX));
  });

  it('fills the edit form from the stored slide, empty texts for nulls', () => {
    expect(slideFormFrom(stored)).toEqual({
      title: 'سبح الكهرمان',
      title_en: 'Amber beads',
      description: 'تشكيلة جديدة',
      description_en: '',
      link_url: '/products',
      sort_order: '3',
      is_active: false,
      image: { file: null, removed: false },
    });
  });
});

describe('isSlideFormDirty', () => {
  const initial = slideFormFrom(stored);
  it('is clean as loaded and when only spaces were added', () => {
    expect(isSlideFormDirty(initial, initial)).toBe(false);
    expect(isSlideFormDirty({ ...initial, title: ' سبح الكهرمان ' }, initial)).toBe(false);
  });
  it('is dirty after a text, the active flag or the picture changed', () => {
    expect(isSlideFormDirty({ ...initial, description_en: 'New' }, initial)).toBe(true);
    expect(isSlideFormDirty({ ...initial, is_active: true }, initial)).toBe(true);
    expect(isSlideFormDirty({ ...initial, image: { file: png(), removed: false } }, initial)).toBe(true);
    expect(isSlideFormDirty({ ...initial, image: { file: null, removed: true } }, initial)).toBe(true);
  });
});

describe('isSlideLink', () => {
  it.each(['https://example.com/sale', 'http://shop.kw', '/products', '/category/amber?sort=price', '/'])('accepts %s', (link) => {
    expect(isSlideLink(link)).toBe(true);
  });
  it.each(['javascript:alert(1)', '//evil.example', '/\\evil.example', 'example.com', 'ftp://files.example', 'mailto:a@b.c', '/a b', 'https://'])(
    'refuses %s',
    (link) => {
      expect(isSlideLink(link)).toBe(false);
    },
  );
});

describe('parseSortOrder', () => {
  it('reads whole numbers from 0', () => {
    expect(parseSortOrder('0')).toBe(0);
    expect(parseSortOrder(' 12 ')).toBe(12);
  });
  it('reads digits typed on an Arabic keyboard', () => {
    expect(parseSortOrder('١٢')).toBe(12);
  });
  it.each(['-1', '1.5', '1e3', 'abc', '', '+2', String(contract.SLIDE_SORT_ORDER_MAX + 1)])('refuses %j', (value) => {
    expect(parseSortOrder(value)).toBeNull();
  });
});

describe('slideFormProblems', () => {
  it('accepts a complete new slide with a chosen picture', () => {
    expect(slideFormProblems({ ...emptySlideForm(), title: 'عرض', image: { file: png(), removed: false } }, null)).toEqual({});
  });

  it('accepts an edit that keeps the stored picture', () => {
    expect(slideFormProblems(filled(), stored.image)).toEqual({});
  });

  it('needs a title, a valid link, a whole sort order from 0 and a picture for a new slide', () => {
    const problems = slideFormProblems({ ...emptySlideForm(), title: '   ', link_url: 'www.example.com', sort_order: '-2' }, null);
    expect(problems).toEqual({
      title: { key: 'admin-slider.validation.title_required' },
      link_url: { key: 'admin-slider.validation.link_invalid' },
      sort_order: { key: 'admin-slider.validation.sort_order_invalid', params: { max: contract.SLIDE_SORT_ORDER_MAX } },
      image: { key: 'admin-slider.validation.image_required' },
    });
  });

  it('says the sort order is required when it is empty', () => {
    expect(slideFormProblems(filled({ sort_order: ' ' }), stored.image).sort_order).toEqual({ key: 'admin-slider.validation.sort_order_required' });
  });

  it('needs another picture when the stored one was removed', () => {
    expect(slideFormProblems(filled({ image: { file: null, removed: true } }), stored.image).image).toEqual({
      key: 'admin-slider.validation.image_required',
    });
    expect(slideFormProblems(filled({ image: { file: png(), removed: true } }), stored.image)).toEqual({});
  });

  it('refuses texts longer than the server keeps, naming the limit', () => {
    expect(slideFormProblems(filled({ title_en: 'x'.repeat(contract.SLIDE_TITLE_MAX + 1) }), stored.image).title_en).toEqual({
      key: 'admin-slider.validation.too_long',
      params: { count: contract.SLIDE_TITLE_MAX },
    });
  });
});

describe('slideFormData', () => {
  it('sends trimmed texts, the sort order as a whole number and is_active as 1/0, without an image when none was chosen', () => {
    const body = slideFormData(filled({ title: '  عرض  ', title_en: ' ', sort_order: ' 05 ', link_url: ' /products ' }));
    expect(Object.fromEntries(body.entries())).toEqual({
      title: 'عرض',
      title_en: '',
      description: 'تشكيلة جديدة',
      description_en: '',
      link_url: '/products',
      sort_order: '5',
      is_active: '0',
    });
  });

  it('sends the chosen image file', () => {
    const file = png();
    const body = slideFormData(filled({ is_active: true, image: { file, removed: false } }));
    expect(body.get('is_active')).toBe('1');
    const sent = body.get('image');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('banner.png');
    expect((sent as File).size).toBe(file.size);
  });
});

describe('sortSlides', () => {
  it('orders by sort order, then by id, without changing the input', () => {
    const slides = [
      { id: 3, sort_order: 1 },
      { id: 1, sort_order: 2 },
      { id: 2, sort_order: 1 },
    ];
    expect(sortSlides(slides).map((slide) => slide.id)).toEqual([2, 3, 1]);
    expect(slides.map((slide) => slide.id)).toEqual([3, 1, 2]);
  });
});

describe('agreement with the server contract (packages/shared/src/contracts/admin-slider.ts)', () => {
  it('sends a body the server reads as the form says', () => {
    const body = Object.fromEntries(slideFormData(filled({ title_en: '', sort_order: '٤' })).entries());
    expect(contract.adminSlideCreateSchema.parse(body)).toEqual({
      title: 'سبح الكهرمان',
      title_en: null,
      description: 'تشكيلة جديدة',
      description_en: null,
      link_url: '/products',
      sort_order: 4,
      is_active: false,
    });
    expect(contract.adminSlideUpdateSchema.safeParse(body).success).toBe(true);
  });

  it.each([
    'https://example.com/a',
    '/products',
    'javascript:alert(1)',
    '//evil.example',
    '/\\evil.example',
    '/%5Cevil.example',
    'example.com',
    '/a b',
  ])(
    'judges the link %s as the server does',
    (link) => {
      const server = contract.adminSlideCreateSchema.safeParse({ title: 'x', link_url: link }).success;
      expect(isSlideLink(link)).toBe(server);
    },
  );
});
