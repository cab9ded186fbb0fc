import type { CartItem, Language, Order, Shipment } from '@shop/shared';
import type { Mailer } from '../../integrations/email/mailer.js';
import type { SettingsService } from '../settings/index.js';
import { emailChangedEmail, passwordResetEmail, verificationCodeEmail } from './account-emails.js';
import { orderConfirmationEmail } from './order-confirmation-email.js';
import { orderStatusEmail, type ShippingUpdateStatus } from './order-status-email.js';
import { refundEmail, type RefundEmailInput } from './refund-email.js';
import { staffPaymentAlertEmail, type LateCaptureOutcome } from './staff-payment-alert-email.js';
import { newOrderAlertEmail } from './new-order-alert-email.js';
import { backInStockEmail, cartReminderEmail } from './shopper-emails.js';

export interface NotificationsServiceDeps {
  mailer: Mailer;
  settings: Pick<SettingsService, 'getSettings'>;
  /** Base of every link in a message (config.publicUrl), never the request's Host header. */
  publicUrl: string;
  /**
   * False when the order belongs to a signed-in customer who turned order confirmations off;
   * guest orders always get theirs.
   */
  orderConfirmationWanted: (orderId: number) => Promise<boolean>;
  /**
   * False when the order belongs to a signed-in customer who turned shipping updates off; guest
   * orders always get them.
   */
  shippingUpdatesWanted: (orderId: number) => Promise<boolean>;
}

/** Where a shopper e-mail's unsubscribe link leads: the storefront page, and the one-click POST. */
export interface UnsubscribeLinks {
  pageUrl: string;
  postUrl: string;
}

/** Who an account e-mail goes to and in which language. */
export interface AccountRecipient {
  to: string;
  name: string;
  lang: Language;
}

/** The e-mails the shop sends to customers, in their language, with the store's name and logo. */
export function createNotificationsService(deps: NotificationsServiceDeps) {
  const branding = async () => {
    const settings = await deps.settings.getSettings();
    return { settings, publicUrl: deps.publicUrl };
  };

  return {
    /**
     * Mails the order confirmation to the order's e-mail address unless its customer opted out;
     * rejects when sending fails. The customer's own text (name, address) is repeated only with
     * `showCustomerText`, for an address the customer proved (see orderConfirmationEmail).
     */
    async sendOrderConfirmation(
      order: Order,
      lang: Language,
      options: { showCustomerText?: boolean } = {},
    ): Promise<void> {
      if (!(await deps.orderConfirmationWanted(order.id))) return;
      const settings = await deps.settings.getSettings();
      await deps.mailer.sendMail(
        orderConfirmationEmail({
          order,
          lang,
          settings,
          publicUrl: deps.publicUrl,
          showCustomerText: options.showCustomerText ?? false,
        }),
      );
    },

    /**
     * Tells the order's e-mail address that the order shipped or was delivered, in `lang` (the
     * language the customer ordered in), unless its customer turned shipping updates off;
     * rejects when sending fails. Greets the customer by a name that reads as one, repeats no address.
     */
    async sendOrderStatusUpdate(
      order: { id: number; order_number: string; email: string; name: string; shipment?: Shipment | null },
      status: ShippingUpdateStatus,
      lang: Language,
    ): Promise<void> {
      if (!(await deps.shippingUpdatesWanted(order.id))) return;
      await deps.mailer.sendMail(orderStatusEmail({ order, shipment: order.shipment, status, lang, ...(await branding()) }));
    },

    /**
     * Tells the order's e-mail address what was refunded, in `lang` (the language the customer
     * ordered in); a refund is money, so it is sent whatever the account's e-mail preferences.
     * Rejects when sending fails.
     */
    async sendRefundNotice(
      order: RefundEmailInput['order'],
      refund: RefundEmailInput['refund'],
      lang: Language,
    ): Promise<void> {
      await deps.mailer.sendMail(refundEmail({ order, refund, lang, ...(await branding()) }));
    },

    /**
     * Tells each administrator, in their language, that a payment was captured after its order
     * had been cancelled, and what the shop did about it; rejects when a message could not be sent.
     */
    async sendLatePaymentAlert(
      recipients: readonly { to: string; lang: Language }[],
      order: { id: number; order_number: string },
      amount: string,
      outcome: LateCaptureOutcome,
    ): Promise<void> {
      const brand = await branding();
      for (const { to, lang } of recipients) {
        await deps.mailer.sendMail(staffPaymentAlertEmail({ to, lang, order, amount, outcome, ...brand }));
      }
    },

    /**
     * Tells each recipient of new-order alerts about an order, in their language (`orderIn`
     * presents the order in it); every recipient is tried, then rejects if any message failed.
     */
    async sendNewOrderAlert(
      recipients: readonly { to: string; lang: Language }[],
      orderIn: (lang: Language) => Order,
      arrivedAt: Date,
    ): Promise<void> {
      const brand = await branding();
      const failures: unknown[] = [];
      for (const { to, lang } of recipients) {
        try {
          await deps.mailer.sendMail(newOrderAlertEmail({ to, lang, order: orderIn(lang), arrivedAt, ...brand }));
        } catch (error) {
          failures.push(error);
        }
      }
      if (failures.length > 0) throw new AggregateError(failures, `${failures.length} new-order alert(s) not sent`);
    },

    /** Tells a shopper who asked that a product is back in stock, in the wish's language; rejects when sending fails. */
    async sendBackInStock(
      recipient: { to: string; lang: Language },
      product: { id: number; name: string; name_en: string | null },
      unsubscribe: UnsubscribeLinks,
    ): Promise<void> {
      await deps.mailer.sendMail(
        backInStockEmail({
          ...recipient,
          ...(await branding()),
          product,
          unsubscribePageUrl: unsubscribe.pageUrl,
          unsubscribePostUrl: unsubscribe.postUrl,
        }),
      );
    },

    /** The one reminder of a cart left untouched, its lines at today's prices; rejects when sending fails. */
    async sendCartReminder(
      recipient: AccountRecipient,
      cart: { items: readonly CartItem[]; total: number },
      unsubscribe: UnsubscribeLinks,
    ): Promise<void> {
      await deps.mailer.sendMail(
        cartReminderEmail({
          ...recipient,
          ...(await branding()),
          items: cart.items,
          total: cart.total,
          unsubscribePageUrl: unsubscribe.pageUrl,
          unsubscribePostUrl: unsubscribe.postUrl,
        }),
      );
    },

    /** Mails a 6-digit e-mail verification code; rejects when sending fails. */
    async sendVerificationCode(recipient: AccountRecipient, code: string): Promise<void> {
      await deps.mailer.sendMail(verificationCodeEmail({ ...recipient, ...(await branding()), code }));
    },

    /** Tells the account's old address that the account moved to another one; rejects when sending fails. */
    async sendEmailChanged(recipient: AccountRecipient, newEmail: string): Promise<void> {
      await deps.mailer.sendMail(emailChangedEmail({ ...recipient, ...(await branding()), newEmail }));
    },

    /** Mails a password reset link; rejects when sending fails. */
    async sendPasswordReset(recipient: AccountRecipient, resetUrl: string): Promise<void> {
      await deps.mailer.sendMail(passwordResetEmail({ ...recipient, ...(await branding()), resetUrl }));
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
