import type { Language, Order } from '@shop/shared';
import type { Mailer } from '../../integrations/email/mailer.js';
import type { SettingsService } from '../settings/service.js';
import { orderConfirmationEmail } from './order-confirmation-email.js';

export interface NotificationsServiceDeps {
  mailer: Mailer;
  settings: Pick<SettingsService, 'getSettings'>;
  /** Base of every link in a message (config.publicUrl), never the request's Host header. */
  publicUrl: string;
}

/** The e-mails the shop sends to customers, in their language, with the store's name and logo. */
export function createNotificationsService(deps: NotificationsServiceDeps) {
  return {
    /** Mails the order confirmation to the order's e-mail address; rejects when sending fails. */
    async sendOrderConfirmation(order: Order, lang: Language): Promise<void> {
      const settings = await deps.settings.getSettings();
      await deps.mailer.sendMail(orderConfirmationEmail({ order, lang, settings, publicUrl: deps.publicUrl }));
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
