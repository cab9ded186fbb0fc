import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDomainEvents, staleCopies, type DomainEvent } from './events.js';
import type { ChangeTopic } from './lib/change-feed.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-app.js';

const stock = (reason: 'order_placed' | 'order_released' | 'order_retaken'): DomainEvent => ({
  type: 'StockChanged',
  productId: 1,
  delta: reason === 'order_released' ? 2 : -2,
  level: 3,
  reason,
  orderId: 9,
  actor: null,
});

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 2 });
});

afterAll(async () => {
  await database.destroy();
});

describe('domain events', () => {
  it('names the cached copies each event makes stale in every process', () => {
    expect(staleCopies({ type: 'ProductChanged', productId: 1, change: 'updated' })).toEqual([
      'catalog',
    ]);
    expect(
      staleCopies({ type: 'CategoryChanged', categoryId: 1, change: 'deleted', pathChanges: true }),
    ).toEqual(['catalog']);
    expect(staleCopies({ type: 'AttributesChanged' })).toEqual(['catalog']);
    expect(staleCopies({ type: 'SearchWordsChanged' })).toEqual(['catalog']);
    expect(staleCopies({ type: 'ProductReviewsChanged', productId: 1, count: 2, ratingTenths: 45 })).toEqual(['catalog']);
    expect(staleCopies({ type: 'SettingsChanged' })).toEqual(['settings']);
    expect(staleCopies({ type: 'SlidesChanged' })).toEqual(['content']);
    expect(staleCopies(stock('order_released'))).toEqual(['catalog']);
    expect(staleCopies(stock('order_retaken'))).toEqual(['catalog']);
    // A checkout's stock moves stay in the process that took the order (decision 010).
    expect(staleCopies(stock('order_placed'))).toEqual([]);
    // The back office's order counts go with every change to what they count.
    expect(
      staleCopies({
        type: 'OrderPlaced',
        orderId: 1,
        paymentMethod: 'cash_on_delivery',
        total: 5000,
      }),
    ).toEqual(['orders']);
    expect(
      staleCopies({
        type: 'OrderStatusChanged',
        orderId: 1,
        from: 'pending',
        to: 'shipped',
        notes: null,
        actor: null,
      }),
    ).toEqual(['orders']);
    expect(
      staleCopies({
        type: 'PaymentCaptured',
        orderId: 1,
        orderNumber: 'ORD-1',
        amount: 5000,
        late: null,
      }),
    ).toEqual(['orders']);
    const deleted = (entity: string, action = 'delete'): DomainEvent => ({
      type: 'ActivityRecorded',
      actor: null,
      entity,
      entityId: 1,
      action,
    });
    expect(staleCopies(deleted('orders'))).toEqual(['orders']);
    // A city gone: the order list's counts and the pages stating the delivery fees' range.
    expect(staleCopies(deleted('cities'))).toEqual(['shipping', 'orders']);
    expect(staleCopies(deleted('users'))).toEqual(['orders']);
    expect(staleCopies(deleted('products'))).toEqual([]);
    expect(staleCopies(deleted('cities', 'update'))).toEqual(['shipping']);
    expect(staleCopies(deleted('cities', 'create'))).toEqual(['shipping']);
    expect(staleCopies(deleted('promo_codes', 'update'))).toEqual([]);
  });

  it('tells the change feed each stale topic once per committed transaction, and nothing after a rollback', async () => {
    {
      const published: ChangeTopic[] = [];
      const events = createDomainEvents(
        { publish: (topic) => published.push(topic) },
        () => undefined,
      );
      await events.transaction(database.db, async (tx) => {
        await events.publish(tx, { type: 'ProductChanged', productId: 1, change: 'updated' });
        await events.publish(tx, {
          type: 'CategoryChanged',
          categoryId: 2,
          change: 'updated',
          pathChanges: false,
        });
        await events.publish(tx, { type: 'SettingsChanged' });
        await events.publish(tx, stock('order_placed'));
      });
      expect(published).toEqual(['catalog', 'settings']);

      published.length = 0;
      await events.transaction(database.db, (tx) => events.publish(tx, stock('order_placed')));
      expect(published).toEqual([]);

      await expect(
        events.transaction(database.db, async (tx) => {
          await events.publish(tx, { type: 'SlidesChanged' });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(published).toEqual([]);
    }
  });
});
