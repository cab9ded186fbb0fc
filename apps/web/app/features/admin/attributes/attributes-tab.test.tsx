import type { QueryClient } from '@tanstack/react-query';
import type { AdminAttribute } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { renderAdmin, textOf } from '../categories/render-for-test';
import { attributesQueryKeys } from './attributes-api';
import { testAttributes } from './attributes-for-test';
import { AttributeItem } from './attribute-item';
import AttributesTab from './attributes-tab';

const attributes: AdminAttribute[] = [...testAttributes];

const fill = (list: AdminAttribute[]) => (client: QueryClient) => client.setQueryData(attributesQueryKeys.lists(), list);

describe('attributes tab', () => {
  it('lists the attributes with their value and product counts, and the create form for an admin', () => {
    const html = renderAdmin(<AttributesTab />, { lang: 'ar', role: 'admin', fill: fill(attributes) });
    const text = textOf(html);
    expect(text).toContain('المقاس');
    expect(text).toContain('قيمتان · مستخدمة في 3 منتجات');
    expect(text).toContain('بلا قيم · غير مستخدمة في أي منتج');
    expect(html).toContain('id="new-attribute-name"');
    expect(html).toContain('id="new-attribute-name-en"');
    expect(text).toContain('بالإنجليزية: Size');
    expect(html).toContain('aria-label="إعادة تسمية الخاصية المقاس"');
    expect(html).toContain('aria-label="حذف الخاصية اللون"');
    expect(html).toContain('aria-expanded="false"');
    expect(text).not.toMatch(/admin-attributes\.|admin\.common\./);
  });

  it('is read-only for a moderator', () => {
    const html = renderAdmin(<AttributesTab />, { lang: 'en', role: 'moderator', fill: fill(attributes) });
    expect(textOf(html)).toContain('only administrators can add, change or delete them');
    expect(html).not.toContain('new-attribute-name');
    expect(html).not.toContain('Rename the attribute');
    expect(html).not.toContain('Delete the attribute');
    expect(textOf(html)).toContain('2 values · Used by 3 products');
  });

  it('says when there is no attribute yet', () => {
    const text = textOf(renderAdmin(<AttributesTab />, { lang: 'en', role: 'admin', fill: fill([]) }));
    expect(text).toContain('No attributes yet');
    expect(text).toContain('Add attribute');
  });
});

describe('an expanded attribute', () => {
  const item = (canWrite: boolean) => (
    <ul>
      <AttributeItem attribute={attributes[0]!} canWrite={canWrite} expanded onToggle={() => undefined} />
    </ul>
  );

  it('shows its values with the surcharge in the store currency, and the forms to change them', () => {
    const html = renderAdmin(item(true), { lang: 'ar', role: 'admin' });
    const text = textOf(html);
    expect(html).toContain('aria-expanded="true"');
    // Arabic pages write the default symbol in Arabic.
    expect(text).toContain('كبير بالإنجليزية: Large \u2066+2.500\u2069 د.ك · مستخدمة في منتجين');
    expect(text).toContain('صغير بدون سعر إضافي · غير مستخدمة في أي منتج');
    expect(text).not.toContain('$');
    expect(html).toContain('aria-label="تعديل القيمة كبير"');
    expect(html).toContain('aria-label="حذف القيمة صغير"');
    expect(text).toContain('قيمة جديدة');
    expect(html).toContain('id="attribute-1-new-value-title"');
    expect(html).toContain('id="attribute-1-new-value-additional_price"');
    // The English title is optional, written left to right; a stored one is shown under the Arabic.
    expect(html).toMatch(/id="attribute-1-new-value-title_en"[^>]*dir="ltr"|dir="ltr"[^>]*id="attribute-1-new-value-title_en"/);
    expect(text).toContain('الاسم بالإنجليزية (اختياري)');
    expect(text).toContain('بالإنجليزية: Large');
    expect(text).toContain('بالإنجليزية: Size');
    expect(text).not.toContain('KD');
    expect(text).not.toMatch(/admin-attributes\.|admin\.common\./);
  });

  it('shows a moderator the values only', () => {
    const html = renderAdmin(item(false), { lang: 'en', role: 'moderator' });
    expect(textOf(html)).toContain('كبير English: Large \u2066+2.500\u2069 KD · Used by 2 products');
    expect(html).not.toContain('new-value');
    expect(html).not.toContain('Edit the value');
  });
});
