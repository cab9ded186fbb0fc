import { apiMessage, type Language, type StoreSettings } from '@shop/shared';
import type { MailMessage } from '../../integrations/email/mailer.js';
import { emailButton, emailClosing, escapeHtml, renderEmailLayout } from './email-layout.js';

/** The statuses the customer is told about by e-mail (the shipping updates of their preferences). */
export const SHIPPING_UPDATE_STATUSES = ['shipped', 'delivered'] as const;
export type ShippingUpdateStatus = (typeof SHIPPING_UPDATE_STATUSES)[number];

export function isShippingUpdate(status: string): status is ShippingUpdateStatus {
  return (SHIPPING_UPDATE_STATUSES as readonly string[]).includes(status);
}

const texts = {
  ar: {
    subject: {
      shipped: (store: string, number: string) => `تم شحن طلبك ${number} - ${store}`,
      delivered: (store: string, number: string) => `تم توصيل طلبك ${number} - ${store}`,
    },
    greeting: 'مرحباً،',
    intro: {
      shipped: 'طلبك في الطريق إليك! سلّمناه لشركة التوصيل وسيصلك قريباً.',
      delivered: 'تم توصيل طلبك. نتمنى أن ينال إعجابك، وشكراً لتسوقك معنا.',
    },
    orderNumber: 'رقم الطلب',
    status: 'حالة الطلب',
    track: 'تتبع طلبك',
    trackText: 'تابع حالة طلبك من هنا:',
  },
  en: {
    subject: {
      shipped: (store: string, number: string) => `Your order ${number} has shipped - ${store}`,
      delivered: (store: string, number: string) => `Your order ${number} was delivered - ${store}`,
    },
    greeting: 'Hello,',
    intro: {
      shipped: 'Your order is on its way! We handed it to the courier and it will reach you soon.',
      delivered: 'Your order was delivered. We hope you enjoy it, and thank you for shopping with us.',
    },
    orderNumber: 'Order number',
    status: 'Order status',
    track: 'Track your order',
    trackText: 'Follow your order here:',
  },
} satisfies Record<Language, unknown>;

export interface OrderStatusEmailInput {
  /** The order's number and the address it was placed with. */
  order: { order_number: string; email: string };
  status: ShippingUpdateStatus;
  /** The language the customer ordered in. */
  lang: Language;
  settings: Pick<StoreSettings, 'store_name' | 'logo'>;
  /** The shop's public base URL without a trailing slash (config.publicUrl). */
  publicUrl: string;
}

/**
 * "Your order has shipped / was delivered", in the customer's language. Like the confirmation
 * to an unproven address, it repeats nothing the customer typed (no name, no address): only the
 * order number, the new status and the tracking link.
 */
export function orderStatusEmail({ order, status, lang, settings, publicUrl }: OrderStatusEmailInput): MailMessage {
  const t = texts[lang];
  const store = settings.store_name;
  const trackingUrl = `${publicUrl}/order-status/${encodeURIComponent(order.order_number)}`;
  const subject = t.subject[status](store, order.order_number);
  const statusLabel = apiMessage(`order.status.${status}`, lang);
  const content = `<p style="margin:0 0 8px;">${escapeHtml(t.greeting)}</p>
<p style="margin:0 0 16px;">${escapeHtml(t.intro[status])}</p>
<p style="margin:0 0 8px;">${escapeHtml(t.orderNumber)}: <strong dir="ltr">${escapeHtml(order.order_number)}</strong></p>
<p style="margin:0 0 16px;">${escapeHtml(t.status)}: <strong>${escapeHtml(statusLabel)}</strong></p>
${emailButton(trackingUrl, t.track)}`;
  const html = renderEmailLayout({ lang, settings, publicUrl, title: subject, content });
  const text = [
    store,
    '',
    t.greeting,
    t.intro[status],
    '',
    `${t.orderNumber}: ${order.order_number}`,
    `${t.status}: ${statusLabel}`,
    '',
    `${t.trackText} ${trackingUrl}`,
    '',
    emailClosing(lang, store),
  ].join('\n');
  return { to: order.email, subject, html, text };
}
