import type { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { AdminSynonym } from '@shop/shared';
import { renderAdmin, textOf } from '../categories/render-for-test';
import SearchTab from './search-tab';
import { SynonymFormModal } from './synonym-form-modal';
import { adminSynonymsQuery } from './synonyms-api';

const at = '2026-01-01T00:00:00.000Z';
const synonyms: AdminSynonym[] = [
  { id: 1, term: 'amber', targets: ['كهرمان'], created_at: at, updated_at: at },
  { id: 2, term: 'sebha', targets: ['سبحة', 'مسبحة'], created_at: at, updated_at: at },
];

const fill = (list: AdminSynonym[]) => (client: QueryClient) => {
  client.setQueryData(adminSynonymsQuery().queryKey, list);
};

describe('search words tab', () => {
  it('lists each word with the words it stands for, with add, edit and delete for an admin', () => {
    const html = renderAdmin(<SearchTab />, { lang: 'ar', role: 'admin', path: '/admin?tab=search', fill: fill(synonyms) });
    const text = textOf(html);
    expect(text).toContain('كلمات البحث');
    expect(text).toContain('amber');
    expect(text).toContain('كهرمان');
    expect(text).toContain('مسبحة');
    expect(text).toContain('إضافة كلمة بحث');
    expect(html).toContain('aria-label="تعديل sebha"');
    expect(html).toContain('aria-label="حذف sebha"');
    expect(text).not.toMatch(/admin-search\.|admin\.common\./);
  });

  it('is read-only for a moderator', () => {
    const html = renderAdmin(<SearchTab />, { lang: 'en', role: 'moderator', path: '/admin?tab=search', fill: fill(synonyms) });
    const text = textOf(html);
    expect(text).toContain('Search words');
    expect(text).toContain('sebha');
    expect(text).not.toContain('Add a search word');
    expect(html).not.toContain('aria-label="Delete sebha"');
  });

  it('filters by the word in the URL, and tells an empty list from no match', () => {
    const filtered = textOf(renderAdmin(<SearchTab />, { lang: 'en', role: 'admin', path: '/admin?tab=search&q=السبحة', fill: fill(synonyms) }));
    expect(filtered).toContain('sebha');
    expect(filtered).not.toContain('amber');
    const none = textOf(renderAdmin(<SearchTab />, { lang: 'en', role: 'admin', path: '/admin?tab=search&q=zzz', fill: fill(synonyms) }));
    expect(none).toContain('No search word matches this filter');
    const empty = textOf(renderAdmin(<SearchTab />, { lang: 'en', role: 'admin', path: '/admin?tab=search', fill: fill([]) }));
    expect(empty).toContain('No search words yet');
  });

  it('shows a stored word in the form with one target per line', () => {
    const html = renderAdmin(<SynonymFormModal synonym={synonyms[1]!} onClose={() => undefined} />, { lang: 'ar', role: 'admin', path: '/admin?tab=search' });
    expect(textOf(html)).toContain('تعديل كلمة البحث');
    expect(html).toContain('value="sebha"');
    expect(html).toMatch(/<textarea[^>]*>\s*سبحة\nمسبحة<\/textarea>/);
  });
});
