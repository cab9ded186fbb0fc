import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { AuditLogResponse } from '@shop/shared';
import { ApiError } from '../../../lib/api';
import { renderAdmin, textOf } from '../categories/render-for-test';
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
        price: { from: 12_500, to: 15_000 },
        is_active: { from: true, to: false },
        description: { from: null, to: 'سبحة '.repeat(40) },
        status: { from: 'draft', to: 'published' },
      },
      created_at: '2026-03-14T21:05:00.000Z',
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
  ],
  pagination: { page: 1, limit: 25, total: 40, pages: 2 },
  actors: [{ id: 1, email: 'admin@example.com', name: 'Mona' }],
  entities: ['gift_cards', 'products'],
  names: {},
};

const fill =
  (body: AuditLogResponse, filters: { actor_id?: number; entity?: string } = {}) =>
  (client: QueryClient) =>
    client.setQueryData(activityQueryKeys.list({ actor_id: filters.actor_id, entity: filters.entity }), {
      pages: [body],
      pageParams: [1],
    });

describe('activity tab', () => {
  it('lists who changed what and when, the fields from → to, money in KD, long values cut', () => {
    const html = renderAdmin(<ActivityTab />, {
      lang: 'en',
      role: 'admin',
      path: '/admin?tab=activity',
      fill: fill(reply),
    });
    const text = textOf(html);
    expect(text).toContain('Changed · Product #12');
    expect(text).toContain('By Mona (admin@example.com)');
    expect(text).toContain('12.500 KD → changed to 15.000 KD');
    expect(text).toContain('Yes → changed to No');
    expect(text).toContain('Draft → changed to Published');
    expect(text).toContain('(empty) → changed to');
    expect(text).toContain('…');
    expect(html).toContain('dateTime="2026-03-14T21:05:00.000Z"');
    // Unknown kinds and actions keep their raw names; a deleted account keeps its e-mail.
    expect(text).toContain('merge · gift_cards');
    expect(text).toContain('By gone@example.com · account deleted');
    expect(text).toContain('Showing 2 of 40 changes');
    expect(text).toContain('Load more');
    expect(text).toContain('Mona (admin@example.com)');
    expect(text).not.toMatch(/admin-activity\.|admin\.common\./);
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
      ['en', 'Payment after cancellation · Order #4', 'By the shop, automatically'],
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
      fill: fillError(activityQueryKeys.list({ actor_id: undefined, entity: undefined })),
    });
    const text = textOf(html);
    expect(html).toContain('role="alert"');
    expect(text).toContain('The activity could not be loaded');
    expect(text).toContain('You do not have permission to do this');
    expect(text).toContain('Try again');
  });
});
