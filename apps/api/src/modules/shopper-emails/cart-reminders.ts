import { CART_REMINDER_BATCH, CART_REMINDER_BATCHES_PER_RUN, CART_REMINDER_INTERVAL_MS } from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { AccountsService } from '../accounts/index.js';
import { claimIdleCarts, type CartService } from '../cart/index.js';
import type { NotificationsService } from '../notifications/index.js';
import { signUnsubscribeToken, unsubscribeLinks } from './unsubscribe-token.js';

export interface CartRemindersDeps {
  cart: Pick<CartService, 'forUser'>;
  accounts: Pick<AccountsService, 'promotionalRecipient'>;
  notifications: Pick<NotificationsService, 'sendCartReminder'>;
  secret: () => Promise<string>;
  publicUrl: string;
  /** ABANDONED_CART_HOURS in milliseconds. */
  idleMs: number;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  intervalMs?: number;
}

/**
 * The cart reminder (issue 33, item 8; docs/decisions/063): run by the leader every 15 minutes, it
 * claims signed-in customers' carts left untouched for ABANDONED_CART_HOURS (each once per
 * change, claimIdleCarts), and mails the ones whose account ticked promotional e-mails (with a
 * verified address) its lines at today's prices. Never a guest's cart: a guest has no account
 * that agreed to be written to.
 */
export function createCartReminders(db: Database, deps: CartRemindersDeps) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  /** One run at `now`: bounded batches of claimed carts; returns how many reminders went out. */
  async function runOnce(now: Date = new Date()): Promise<number> {
    const secret = await deps.secret();
    let sent = 0;
    for (let batch = 0; batch < CART_REMINDER_BATCHES_PER_RUN; batch += 1) {
      const claimed = await claimIdleCarts(db, now, deps.idleMs, CART_REMINDER_BATCH);
      for (const { cartId, userId } of claimed) {
        try {
          const recipient = await deps.accounts.promotionalRecipient(userId);
          if (!recipient) continue;
          const cart = await deps.cart.forUser(userId);
          // Every line may have gone since (sold, withdrawn): nothing to remind of.
          if (cart.items.length === 0) continue;
          const links = unsubscribeLinks(deps.publicUrl, signUnsubscribeToken(secret, { kind: 'promotional', id: userId }), recipient.lang);
          await deps.notifications.sendCartReminder(recipient, { items: cart.items, total: cart.summary.total }, links);
          sent += 1;
        } catch (error) {
          // Claimed all the same: a reminder is a nudge, never worth a second e-mail by mistake.
          deps.log.error({ err: error, cartId }, 'cart reminder could not be sent');
        }
      }
      if (claimed.length < CART_REMINDER_BATCH) break;
    }
    return sent;
  }

  return {
    runOnce,

    /** Starts the periodic run (the leader only; stopped by stop()). */
    start(): void {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        running = runOnce()
          .catch((error: unknown) => deps.log.warn({ err: error }, 'cart reminder run failed'))
          .finally(() => {
            running = undefined;
          });
      }, deps.intervalMs ?? CART_REMINDER_INTERVAL_MS);
      timer.unref();
    },

    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

export type CartReminders = ReturnType<typeof createCartReminders>;
