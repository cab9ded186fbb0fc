import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { layoutFieldErrors, layoutFormOf, moved, sameLayout, withoutLinkErrors } from './layout-rules';

describe('the layout form', () => {
  it('moves an item one place, and not past either end', () => {
    expect(moved(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('edits the hero’s empty text as an empty field, and compares forms by value', () => {
    const form = layoutFormOf({
      footer_links: [{ label_ar: 'تتبع', label_en: 'Track', href: '/track' }],
      home_sections: [{ key: 'slider', visible: true }],
      hero: { kicker_ar: 'سبح', kicker_en: 'Beads', text_ar: null, text_en: 'Text' },
      updated_at: null,
    });
    expect(form.hero).toEqual({ kicker_ar: 'سبح', kicker_en: 'Beads', text_ar: '', text_en: 'Text' });
    expect(sameLayout(form, structuredClone(form))).toBe(true);
    expect(sameLayout(form, { ...form, home_sections: [{ key: 'slider', visible: false }] })).toBe(false);
  });

  it('puts a refusal’s messages on the field paths the server names, the first per field', () => {
    const refusal = new ApiError(400, 'VALIDATION_ERROR', 'invalid', [
      { field: 'footer_links.1.href', message: 'bad link' },
      { field: 'footer_links.1.href', message: 'second' },
      { field: 'home_sections', message: 'each once' },
    ]);
    expect(layoutFieldErrors(refusal)).toEqual({ 'footer_links.1.href': 'bad link', home_sections: 'each once' });
    expect(layoutFieldErrors(new Error('offline'))).toBeNull();
    expect(withoutLinkErrors({ 'footer_links.1.href': 'x', 'hero.kicker_ar': 'y' })).toEqual({ 'hero.kicker_ar': 'y' });
  });
});
