import { describe, expect, it } from 'vitest';
import { formulaSafe } from '../../lib/csv-file.js';
import { CELL_RULES, idRule, isClearMarker, unguardedCell } from './product-import-cells.js';

describe("the import's cell rules", () => {
  it('undoes the export’s formula guard: one apostrophe before =, +, -, @, tab or CR, nothing else', () => {
    for (const text of ['=SUM(A1)', '+965 1234', '-2+3', '@home', '\tindent', '\rline', "'quoted", 'سبحة', "it's", '-']) {
      expect(unguardedCell(formulaSafe(text))).toBe(text);
    }
    expect(unguardedCell("''=x")).toBe("''=x");
    expect(unguardedCell("'abc")).toBe("'abc");
  });

  it('tells the clearing marker from the text "-" the export guarded', () => {
    expect(isClearMarker('-')).toBe(true);
    expect(isClearMarker(' - ')).toBe(true);
    expect(isClearMarker("'-")).toBe(false);
    expect(CELL_RULES.name_en("'-")).toEqual({ kind: 'set', value: '-' });
    expect(CELL_RULES.name_en('-')).toEqual({ kind: 'clear' });
  });

  it('keeps on a blank cell, whatever the column', () => {
    for (const rule of Object.values(CELL_RULES)) expect(rule('  ')).toEqual({ kind: 'keep' });
    expect(idRule('')).toEqual({ kind: 'keep' });
  });

  it('reads prices as fils with at most 3 decimals, and refuses the rest', () => {
    expect(CELL_RULES.price('12.5')).toEqual({ kind: 'set', value: 12_500 });
    expect(CELL_RULES.price(' 0.125 ')).toEqual({ kind: 'set', value: 125 });
    expect(CELL_RULES.price('1.2345')).toEqual({ kind: 'error', message: 'product.price_invalid' });
    expect(CELL_RULES.price('-1')).toEqual({ kind: 'error', message: 'product.price_invalid' });
    expect(CELL_RULES.price('12,5')).toEqual({ kind: 'error', message: 'product.price_invalid' });
    expect(CELL_RULES.price('-')).toEqual({ kind: 'error', message: 'product_import.cannot_clear' });
    expect(CELL_RULES.sale_price('-')).toEqual({ kind: 'clear' });
    expect(CELL_RULES.sale_price('abc')).toEqual({ kind: 'error', message: 'product.sale_price_invalid' });
  });

  it('reads stock as a whole number of 0 or more', () => {
    expect(CELL_RULES.stock_quantity('0')).toEqual({ kind: 'set', value: 0 });
    expect(CELL_RULES.stock_quantity('7')).toEqual({ kind: 'set', value: 7 });
    for (const bad of ['-1', '1.5', 'ten']) {
      expect(CELL_RULES.stock_quantity(bad)).toEqual({ kind: 'error', message: 'product.stock_invalid' });
    }
  });

  it('reads status, featured, ids and texts as the form does', () => {
    expect(CELL_RULES.status('published')).toEqual({ kind: 'set', value: 'published' });
    expect(CELL_RULES.status('Live')).toEqual({ kind: 'error', message: 'validation.product_status_invalid' });
    expect(CELL_RULES.featured('TRUE')).toEqual({ kind: 'set', value: true });
    expect(CELL_RULES.featured('false')).toEqual({ kind: 'set', value: false });
    expect(CELL_RULES.featured('yes')).toEqual({ kind: 'error', message: 'product_import.featured_invalid' });
    expect(idRule('12')).toEqual({ kind: 'set', value: 12 });
    expect(idRule('1.0')).toEqual({ kind: 'error', message: 'product_import.id_invalid' });
    expect(CELL_RULES.name_ar(' سبحة، "ملكية"\nسطر ')).toEqual({ kind: 'set', value: 'سبحة، "ملكية"\nسطر' });
    expect(CELL_RULES.name_ar('x'.repeat(201))).toEqual({ kind: 'error', message: 'validation.too_long' });
    expect(CELL_RULES.sku('a\u0000b')).toEqual({ kind: 'error', message: 'validation.text_invalid' });
    expect(CELL_RULES.seo_title_en('t'.repeat(71))).toEqual({ kind: 'error', message: 'seo.title_too_long' });
  });

  it('splits image URLs at |, dropping blanks; "-" removes them all', () => {
    expect(CELL_RULES.image_urls('https://shop/a.webp | https://shop/b.webp|')).toEqual({
      kind: 'set',
      value: ['https://shop/a.webp', 'https://shop/b.webp'],
    });
    expect(CELL_RULES.image_urls('-')).toEqual({ kind: 'clear' });
  });
});
