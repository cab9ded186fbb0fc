import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { AuditLogResponse } from '@shop/shared';
import { ApiError } from '../../../lib/api';
import { renderAdmin, textOf as htmlText } from '../categories/render-for-test';
import { activityQueryKeys } from './activity-api';
import ActivityTab from './activity-tab';

const reply: AuditLogResponse = {
  success: true,
  entries: [
    {
      id: 3,
      actor_id: 1,
      actor_email: 'admin@example.com',
      actor_name: 'Mona',
      entity: 'products',
      entity_id: 12,
      action: 'update',
      changes: {
        price: { from: 32_000, to: 33_000 },
        featured: { from: true, to: false },
        description: { from: null, to: 'سبحة '.repeat(40) },
        status: { from: 'draft', to: 'published' },
        category_id: { from: 3, to: 4 },
        images: { from: ['a1b2c3.webp', 'd4e5f6.webp'], to: ['d4e5f6.webp'] },
        attribute_variations: { from: [], to: [{ variation_id: 7, price: 500 }] },
      },
      created_at: '2026-12-01T23:40:39.573Z',
      record_name: 'مسبحة كهرمان',
      record_deleted: false,
    },
    {
      id: 2,
      actor_id: null,
      actor_email: 'gone@example.com',
      actor_name: null,
      entity: 'gift_cards',
      entity_id: null,
      action: 'merge',
      changes: {},
      created_at: '2026-03-14T20:00:00.000Z',
      record_name: null,
      record_deleted: false,
    },
    {
      id: 1,
      actor_id: 1,
      actor_email: 'admin@example.com',
      actor_name: 'Mona',
      entity: 'users',
      entity_id: 40,
      action: 'delete',
      changes: {
        name: { from: 'Salem', to: null },
        email_verified_at: { from: '2026-12-01T23:40:39.573Z', to: null },
      },
      created_at: '2026-03-14T19:00:00.000Z',
      record_name: 'Salem',
      record_deleted: true,
    },
  ],
  pagination: { page: 1, limit: 25, total: 40, pages: 2 },
  actors: [{ id: 1, email: 'admin@example.com', name: 'Mona' }],
  entities: ['gift_cards', 'products', 'users'],
  names: {
    categories: { '3': 'سبح الكهرمان', '4': 'سبح الفضة' },
    attribute_variations: { '7': 'اللون: أحمر' },
    products: { '12': 'مسبحة كهرمان' },
  },
};

/** The visible text, without the bidi isolates around names (they show as nothing). */
const textOf = (html: string) => htmlText(html).replace(/[\u2066-\u2069]/g, '');

/** The page as the server gave it, in either language (the language is part of the key). */
const fill =
  (body: AuditLogResponse, filters: { actor_id?: number; entity?: string } = {}) =>
  (client: QueryClient) => {
    for (const lang of ['ar', 'en'] as const) {
      client.setQueryData(activityQueryKeys.list({ actor_id: filters.actor_id, entity: filters.entity, lang }), {
        pages: [body],
        pageParams: [1],
      });
    }
  };

describe('activity tab', () => {
  it('says in words what changed on which record, linked, when (Kuwait time) and by whom', () => {
    const html = renderAdmin(<ActivityTab />, {
      lang: 'en',
      role: 'admin',
      path: '/admin?tab=activity',
      fill: fill(reply),
    });
    const text = textOf(html);
    expect(text).toContain('Changed · Product “مسبحة كهرمان”');
    expect(html).toContain('href="/admin/products/edit/12"');
    expect(html.replace(/[\u2066-\u2069]/g, "")).toContain('aria-label="Open Product “مسبحة كهرمان”"');
    expect(text).toContain('By Mona (admin@example.com)');
    // 23:40 UTC on 1 December is 02:40 on 2 December in Kuwait.
    expect(text).toContain('2 Dec 2026, 02:40');
    expect(text).toContain('Price: 32.000 KD → changed to 33.000 KD');
    expect(text).toContain('Featured: Yes → changed to No');
    expect(text).toContain('Publishing status: Draft → changed to Published');
    expect(text).toContain('Category: سبح الكهرمان → changed to سبح الفضة');
    expect(text).toContain('(empty) → changed to');
    expect(text).toContain('…');
    // Pictures as thumbnails, lists as added and removed, values by name.
    expect(html).toContain('src="/uploads/products/a1b2c3.webp"');
    expect(text).toContain('Images: Removed:');
    expect(text).toContain('Attribute values: Added: اللون: أحمر (+0.500 KD)');
    expect(html).toContain('dateTime="2026-12-01T23:40:39.573Z"');
    // Unknown kinds and actions are humanised; a deleted account keeps its e-mail.
    expect(text).toContain('Merge · Gift cards');
    expect(text).toContain('By gone@example.com · account deleted');
    // A deleted record: named from its entry, marked, not linked; its moments in Kuwait time.
    expect(text).toContain('Deleted · User “Salem” deleted');
    expect(html).not.toContain('href="/admin/users/edit/40"');
    // A deletion shows what the record held, not "→ (empty)" after every field.
    expect(text).toContain('Full name: Salem E-mail confirmed: 2 Dec 2026, 02:40');
    expect(text).toContain('Showing 3 of 40 changes');
    expect(text).toContain('Load more');
    expect(text).not.toMatch(/admin-activity\.|admin\.common\.|category_id|email_verified_at|attribute_variations|T23:40/);
  });

  it('reads in Arabic: Arabic labels, money in د.ك, the product named and linked', () => {
    const html = renderAdmin(<ActivityTab />, {
      lang: 'ar',
      role: 'admin',
      path: '/admin?tab=activity',
      fill: fill(reply),
    });
    const text = textOf(html);
    expect(text).toContain('تعديل · منتج «مسبحة كهرمان»');
    expect(text).toContain('السعر: 32.000 د.ك ← تغيّر إلى 33.000 د.ك');
    expect(text).toContain('الفئة: سبح الكهرمان ← تغيّر إلى سبح الفضة');
    expect(text).toContain('أُزيل:');
    expect(text).toContain('حذف · مستخدم «Salem» محذوف');
    expect(html).toContain('href="/admin/products/edit/12"');
    expect(text).not.toMatch(/admin-activity\.|category_id|email_verified_at|attribute_variations|is_active|T23:40/);
  });

  it('names the shop itself as who took back an order paid after it was cancelled', () => {
    const late: AuditLogResponse = {
      ...reply,
      entries: [
        {
          id: 9,
          actor_id: null,
          actor_email: null,
          actor_name: null,
          entity: 'orders',
          entity_id: 4,
          action: 'late_payment',
          changes: { status: { from: 'cancelled', to: 'pending' }, payment_status: { from: 'failed', to: 'paid' } },
          created_at: '2026-03-14T22:00:00.000Z',
          record_name: 'SB-7Q2M4K9XTA',
          record_deleted: false,
        },
      ],
      pagination: { page: 1, limit: 25, total: 1, pages: 1 },
    };
    for (const [lang, action, who] of [
      ['en', 'Payment after cancellation · Order SB-7Q2M4K9XTA', 'By the shop, automatically'],
      ['ar', 'دفع وصل بعد الإلغاء', 'المتجر تلقائياً'],
    ] as const) {
      const text = textOf(renderAdmin(<ActivityTab />, { lang, role: 'admin', path: '/admin?tab=activity', fill: fill(late) }));
      expect(text).toContain(action);
      expect(text).toContain(who);
      expect(text).not.toContain(lang === 'en' ? 'an unknown person' : 'شخص غير معروف');
    }
  });

  it('reads its filters from the URL and says when nothing matches', () => {
    const none: AuditLogResponse = {
      ...reply,
      entries: [],
      pagination: { page: 1, limit: 25, total: 0, pages: 0 },
    };
    const html = renderAdmin(<ActivityTab />, {
      lang: 'ar',
      role: 'admin',
      path: '/admin?tab=activity&actor_id=1&entity=products',
      fill: fill(none, { actor_id: 1, entity: 'products' }),
    });
    const text = textOf(html);
    expect(text).toContain('لا يوجد تغيير يطابق هذه التصفية');
    expect(text).toContain('مسح التصفية');
    expect(html).toMatch(/<option value="1" selected="">/);
    expect(html).toMatch(/<option value="products" selected="">المنتجات<\/option>/);
    expect(text).not.toMatch(/admin-activity\.|admin\.common\./);
  });

  it('says when nothing was recorded yet', () => {
    const none: AuditLogResponse = {
      ...reply,
      entries: [],
      actors: [],
      entities: [],
      pagination: { page: 1, limit: 25, total: 0, pages: 0 },
    };
    const text = textOf(
      renderAdmin(<ActivityTab />, {
        lang: 'en',
        role: 'admin',
        path: '/admin?tab=activity',
        fill: fill(none),
      }),
    );
    expect(text).toContain('No changes recorded yet');
    expect(text).not.toContain('Clear filters');
  });

  it("says what failed, with the server's reason and a retry", () => {
    const failure = new ApiError(403, 'FORBIDDEN', 'You do not have permission to do this');
    const fillError = (queryKey: QueryKey) => (client: QueryClient) => {
      client.setDefaultOptions({
        queries: { ...client.getDefaultOptions().queries, retryOnMount: false },
      });
      client.getQueryCache().build(client, { queryKey }).setState({
        status: 'error',
        error: failure,
        errorUpdatedAt: 1,
        errorUpdateCount: 1,
        fetchStatus: 'idle',
        fetchFailureCount: 1,
        fetchFailureReason: failure,
      });
    };
    const html = renderAdmin(<ActivityTab />, {
      lang: 'en',
      role: 'admin',
      path: '/admin?tab=activity',
      fill: fillError(activityQueryKeys.list({ actor_id: undefined, entity: undefined, lang: 'en' })),
    });
    const text = textOf(html);
    expect(html).toContain('role="alert"');
    expect(text).toContain('The activity could not be loaded');
    expect(text).toContain('You do not have permission to do this');
    expect(text).toContain('Try again');
  });
});
