import { describe, expect, it } from 'vitest';
import { MAX_PRODUCT_IMAGES } from '@shop/shared';
import {
  amountText,
  categoryOptions,
  emptyProductForm,
  existingImageItems,
  imageOrderTokens,
  isProductFormDirty,
  keptImageIds,
  moveImage,
  moveImageTo,
  newImageFiles,
  parseAmount,
  parseStock,
  productFormData,
  productFormFrom,
  productFormProblems,
  productDetailField,
  productOrderFrom,
  productSortFrom,
  variationDraftProblems,
  variationRowsFrom,
  withVariationRow,
  type ImageItem,
  type ProductForm,
  type VariationRow,
} from './product-form-rules';

function filled(overrides: Partial<ProductForm> = {}): ProductForm {
  return {
    ...emptyProductForm(),
    name: 'سبحة كهرمان',
    price: '12.5',
    stock_quantity: '4',
    category_id: '3',
    ...overrides,
  };
}

const file = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/png' });

describe('parseAmount', () => {
  it('reads decimals with up to 3 places into thousandths', () => {
    expect(parseAmount('12')).toBe(12_000);
    expect(parseAmount(' 12.5 ')).toBe(12_500);
    expect(parseAmount('12.125')).toBe(12_125);
    expect(parseAmount('.5')).toBe(500);
    expect(parseAmount('0')).toBe(0);
  });

  it('reads Arabic-Indic digits and the Arabic decimal separator', () => {
    expect(parseAmount('١٢٫٥')).toBe(12_500);
    expect(parseAmount('۳')).toBe(3_000);
  });

  it('refuses more than 3 decimals, negatives, words and huge amounts', () => {
    expect(parseAmount('12.1255')).toBeNull();
    expect(parseAmount('-1')).toBeNull();
    expect(parseAmount('12,5')).toBeNull();
    expect(parseAmount('1e3')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('1000001')).toBeNull();
  });
});

describe('parseStock', () => {
  it('reads whole numbers from 0', () => {
    expect(parseStock('0')).toBe(0);
    expect(parseStock(' 15 ')).toBe(15);
    expect(parseStock('٧')).toBe(7);
  });

  it('refuses decimals, negatives and blanks', () => {
    expect(parseStock('1.5')).toBeNull();
    expect(parseStock('-2')).toBeNull();
    expect(parseStock('')).toBeNull();
  });
});

describe('productFormProblems', () => {
  it('accepts a complete form', () => {
    expect(productFormProblems(filled(), { imageCount: 1 })).toEqual({});
  });

  it('requires the name, price, category and stock', () => {
    expect(productFormProblems(emptyProductForm(), { imageCount: 0 })).toEqual({
      name: 'admin-products.validation.name_required',
      price: 'admin-products.validation.price_required',
      category_id: 'admin-products.validation.category_required',
      stock_quantity: 'admin-products.validation.stock_required',
    });
  });

  it('treats a blank name as missing', () => {
    expect(productFormProblems(filled({ name: '   ' }), { imageCount: 0 }).name).toBe('admin-products.validation.name_required');
  });

  it('refuses unreadable amounts and stock', () => {
    const problems = productFormProblems(filled({ price: '12.3456', sale_price: 'x', stock_quantity: '2.5' }), { imageCount: 0 });
    expect(problems.price).toBe('admin-products.validation.price_invalid');
    expect(problems.sale_price).toBe('admin-products.validation.price_invalid');
    expect(problems.stock_quantity).toBe('admin-products.validation.stock_invalid');
  });

  it('refuses a sale price above the price, and accepts one equal to it', () => {
    expect(productFormProblems(filled({ price: '10', sale_price: '10.001' }), { imageCount: 0 }).sale_price).toBe(
      'admin-products.validation.sale_above_price',
    );
    expect(productFormProblems(filled({ price: '10', sale_price: '10.000' }), { imageCount: 0 })).toEqual({});
    expect(productFormProblems(filled({ price: '10', sale_price: '8.5' }), { imageCount: 0 })).toEqual({});
  });

  it('refuses more images than a product may have', () => {
    expect(productFormProblems(filled(), { imageCount: MAX_PRODUCT_IMAGES }).images).toBeUndefined();
    expect(productFormProblems(filled(), { imageCount: MAX_PRODUCT_IMAGES + 1 }).images).toBe(
      'admin-products.validation.too_many_images',
    );
  });

  it('refuses a name longer than the limit', () => {
    expect(productFormProblems(filled({ name: 'س'.repeat(201) }), { imageCount: 0 }).name).toBe('admin-products.validation.too_long');
  });
});

describe('productFormFrom', () => {
  it('shows a stored product as typed values', () => {
    const form = productFormFrom({
      name: 'سبحة',
      name_en: 'Beads',
      short_description: null,
      description: 'وصف',
      price: 12.5,
      sale_price: null,
      stock_quantity: 0,
      category_id: 7,
      sku: null,
      featured: 1,
      status: 'draft',
      seo_title_en: 'Amber beads',
    });
    expect(form).toEqual({
      name: 'سبحة',
      name_en: 'Beads',
      short_description: '',
      short_description_en: '',
      description: 'وصف',
      description_en: '',
      price: '12.5',
      sale_price: '',
      stock_quantity: '0',
      category_id: '7',
      sku: '',
      featured: true,
      status: 'draft',
      seo_title_ar: '',
      seo_title_en: 'Amber beads',
      seo_description_ar: '',
      seo_description_en: '',
    });
  });

  it('writes amounts without float noise', () => {
    expect(amountText(0.1 + 0.2)).toBe('0.3');
    expect(amountText(12)).toBe('12');
    expect(amountText(null)).toBe('');
  });
});

describe('images', () => {
  const stored = existingImageItems([
    { id: 9, url: '/uploads/products/b.webp', sort_order: 1 },
    { id: 4, url: '/uploads/products/a.webp', sort_order: 0 },
  ]);

  it('lists stored images in their stored order', () => {
    expect(stored.map((item) => item.key)).toEqual(['e:4', 'e:9']);
  });

  it('moves an image one place and leaves the ends alone', () => {
    expect(moveImage(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveImage(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveImage(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveImage(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('moves an image to any place (drag and drop)', () => {
    expect(moveImageTo(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveImageTo(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveImageTo(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });

  it('gives the final order with stored ids and the indexes of the new files', () => {
    const first = file('first.png');
    const second = file('second.png');
    const items: ImageItem[] = [
      { kind: 'new', key: 'n1', file: second },
      stored[1]!,
      { kind: 'new', key: 'n0', file: first },
      stored[0]!,
    ];
    expect(imageOrderTokens(items)).toEqual(['n:0', 'e:9', 'n:1', 'e:4']);
    // The files are sent in the list's order, so n:0 is the first file sent.
    expect(newImageFiles(items)).toEqual([second, first]);
    expect(keptImageIds(items)).toEqual([9, 4]);
  });
});

describe('variation rows', () => {
  const row = (variation: number, price: number): VariationRow => ({
    attribute_id: 1,
    attribute_name: 'الحجم',
    variation_id: variation,
    variation_title: `قيمة ${variation}`,
    price,
  });

  it('needs the attribute, the value and the price', () => {
    expect(variationDraftProblems({ attribute_id: '', variation_id: '', price: '' })).toEqual({
      attribute_id: 'admin-products.validation.attribute_required',
      variation_id: 'admin-products.validation.variation_required',
      price: 'admin-products.validation.variation_price_required',
    });
    expect(variationDraftProblems({ attribute_id: '1', variation_id: '2', price: '-1' })).toEqual({
      price: 'admin-products.validation.price_invalid',
    });
    expect(variationDraftProblems({ attribute_id: '1', variation_id: '2', price: '0' })).toEqual({});
  });

  it('adds a new value and replaces the price of one already listed', () => {
    const rows = withVariationRow([row(1, 500)], row(2, 1000));
    expect(rows.map((r) => [r.variation_id, r.price])).toEqual([
      [1, 500],
      [2, 1000],
    ]);
    expect(withVariationRow(rows, row(1, 750)).map((r) => [r.variation_id, r.price])).toEqual([
      [1, 750],
      [2, 1000],
    ]);
  });

  it('reads the stored surcharges of a product', () => {
    expect(
      variationRowsFrom([{ id: 1, name: 'الحجم', variations: [{ id: 5, title: 'كبير', additional_price: 1.25 }] }]),
    ).toEqual([{ attribute_id: 1, attribute_name: 'الحجم', variation_id: 5, variation_title: 'كبير', price: 1250 }]);
  });
});

describe('productFormData', () => {
  const images: ImageItem[] = [
    { kind: 'new', key: 'n', file: file('new.png') },
    { kind: 'existing', key: 'e:3', id: 3, url: '/uploads/products/x.webp' },
  ];
  const rows: VariationRow[] = [
    { attribute_id: 1, attribute_name: 'الحجم', variation_id: 2, variation_title: 'كبير', price: 1500 },
  ];

  it('builds the multipart body of an edit', () => {
    const body = productFormData(
      filled({ name: '  سبحة  ', name_en: ' Beads ', price: '١٢٫٥٠', sale_price: '', sku: ' SB-1 ', featured: true, status: 'draft' }),
      images,
      rows,
      'edit',
    );
    expect(body.get('name')).toBe('سبحة');
    expect(body.get('name_en')).toBe('Beads');
    expect(body.get('short_description')).toBe('');
    expect(body.get('price')).toBe('12.5');
    expect(body.get('sale_price')).toBe('');
    expect(body.get('stock_quantity')).toBe('4');
    expect(body.get('category_id')).toBe('3');
    expect(body.get('sku')).toBe('SB-1');
    expect(body.get('featured')).toBe('1');
    expect(body.get('status')).toBe('draft');
    const sent = body.getAll('images');
    expect(sent).toHaveLength(1);
    expect((sent[0] as File).name).toBe('new.png');
    expect(JSON.parse(body.get('existingImages') as string)).toEqual([3]);
    expect(JSON.parse(body.get('image_order') as string)).toEqual(['n:0', 'e:3']);
    expect(JSON.parse(body.get('attribute_variations') as string)).toEqual([{ attribute_id: 1, variation_id: 2, price: 1.5 }]);
  });

  it('sends no existingImages on create, and featured 0', () => {
    const body = productFormData(filled(), [], [], 'create');
    expect(body.has('existingImages')).toBe(false);
    expect(body.get('featured')).toBe('0');
    expect(body.get('image_order')).toBe('[]');
    expect(body.get('attribute_variations')).toBe('[]');
  });
});

describe('productDetailField', () => {
  it('maps the server detail fields onto the form', () => {
    expect(productDetailField('sku')).toBe('sku');
    expect(productDetailField('name_en')).toBe('name_en');
    expect(productDetailField('existingImages')).toBe('images');
    expect(productDetailField('image_order')).toBe('images');
    expect(productDetailField('attribute_variations.1.price')).toBe('attribute_variations');
    expect(productDetailField('attribute_variations[0]')).toBe('attribute_variations');
    expect(productDetailField('slug')).toBeNull();
  });
});

describe('isProductFormDirty', () => {
  const initial = { form: filled(), images: [] as ImageItem[], rows: [] as VariationRow[] };

  it('is clean when nothing or only surrounding spaces changed', () => {
    expect(isProductFormDirty(initial, initial)).toBe(false);
    expect(isProductFormDirty({ ...initial, form: filled({ name: ' سبحة كهرمان ' }) }, initial)).toBe(false);
  });

  it('is dirty after a typed change, a flag, an image or a variation', () => {
    expect(isProductFormDirty({ ...initial, form: filled({ price: '13' }) }, initial)).toBe(true);
    expect(isProductFormDirty({ ...initial, form: filled({ featured: true }) }, initial)).toBe(true);
    expect(isProductFormDirty({ ...initial, images: [{ kind: 'new', key: 'n', file: file('a.png') }] }, initial)).toBe(true);
    expect(
      isProductFormDirty(
        { ...initial, rows: [{ attribute_id: 1, attribute_name: 'a', variation_id: 1, variation_title: 'b', price: 0 }] },
        initial,
      ),
    ).toBe(true);
  });
});

describe('categoryOptions', () => {
  it('puts children under their parent, indented, by sort order then name', () => {
    const options = categoryOptions(
      [
        { id: 3, name: 'فرعية', parent_id: 1, sort_order: 0 },
        { id: 1, name: 'رئيسية ب', parent_id: null, sort_order: 2 },
        { id: 2, name: 'رئيسية أ', parent_id: null, sort_order: 1, is_active: false },
        { id: 4, name: 'يتيمة', parent_id: 99, sort_order: 5 },
      ],
      (category) => category.name,
    );
    expect(options.map((option) => [option.id, option.depth])).toEqual([
      [2, 0],
      [1, 0],
      [3, 1],
      [4, 0],
    ]);
    expect(options[2]!.label.endsWith('↳ فرعية')).toBe(true);
    expect(options[0]!.is_active).toBe(false);
  });

  it('keeps categories caught in a parent cycle', () => {
    const options = categoryOptions(
      [
        { id: 1, name: 'أ', parent_id: 2 },
        { id: 2, name: 'ب', parent_id: 1 },
      ],
      (category) => category.name,
    );
    expect(options.map((option) => option.id).sort()).toEqual([1, 2]);
  });
});

describe('list state', () => {
  it('falls back to id descending for unknown URL values', () => {
    expect(productSortFrom('price')).toBe('price');
    expect(productSortFrom('stock')).toBe('id');
    expect(productOrderFrom('asc')).toBe('asc');
    expect(productOrderFrom('up')).toBe('desc');
  });
});
