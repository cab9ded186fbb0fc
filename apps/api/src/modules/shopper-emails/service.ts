import type { UnsubscribeKind } from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AccountsService } from '../accounts/index.js';
import type { CartService } from '../cart/index.js';
import type { NotificationsService } from '../notifications/index.js';
import { createCartReminders } from './cart-reminders.js';
import { createStockAlertsService } from './stock-alerts.js';
import { readUnsubscribeToken } from './unsubscribe-token.js';

export interface ShopperEmailsDeps {
  notifications: Pick<NotificationsService, 'sendBackInStock' | 'sendCartReminder'>;
  accounts: Pick<AccountsService, 'promotionalRecipient' | 'stopPromotionalEmails'>;
  cart: Pick<CartService, 'forUser' | 'cookieSecret'>;
  publicUrl: string;
  /** ABANDONED_CART_HOURS in milliseconds. */
  abandonedCartMs: number;
  log: FastifyBaseLogger;
}

/** Back-in-stock wishes, the cart reminder and the unsubscribe links that stop them. */
export function createShopperEmails(db: Database, deps: ShopperEmailsDeps) {
  // The links are signed with the cookies' key: one secret the operator sets (or the shop keeps).
  const secret = () => deps.cart.cookieSecret();
  const stockAlerts = createStockAlertsService(db, { notifications: deps.notifications, secret, publicUrl: deps.publicUrl, log: deps.log });
  const cartReminders = createCartReminders(db, {
    cart: deps.cart,
    accounts: deps.accounts,
    notifications: deps.notifications,
    secret,
    publicUrl: deps.publicUrl,
    idleMs: deps.abandonedCartMs,
    log: deps.log,
  });

  return {
    stockAlerts,
    cartReminders,

    /**
     * Carries out an unsubscribe link: removes its wish, or turns its account's promotional
     * e-mails off; the same answer once done. VALIDATION_ERROR on `token` for a token the shop
     * did not sign.
     */
    async unsubscribe(token: string): Promise<UnsubscribeKind> {
      const target = readUnsubscribeToken(await secret(), token);
      if (!target) throw AppError.validation([{ field: 'token', message: 'unsubscribe.invalid' }]);
      if (target.kind === 'stock_alert') await stockAlerts.remove(target.id);
      else await deps.accounts.stopPromotionalEmails(target.id);
      return target.kind;
    },
  };
}

export type ShopperEmails = ReturnType<typeof createShopperEmails>;
