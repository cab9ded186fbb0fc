import { apiMessage, pathInLanguage, storeName, type Language, type Shipment, type StoreSettings } from '@shop/shared';
import type { MailMessage } from '../../integrations/email/mailer.js';
import { emailButton, emailClosing, escapeHtml, renderEmailLayout } from './email-layout.js';
import { greetingName } from './greeting.js';

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
    greeting: (name: string) => `مرحباً ${name}،`,
    greetingNoName: 'مرحباً،',
    intro: {
      shipped: 'طلبك في الطريق إليك! سلّمناه لشركة التوصيل وسيصلك قريباً.',
      delivered: 'تم توصيل طلبك. نتمنى أن ينال إعجابك، وشكراً لتسوقك معنا.',
    },
    orderNumber: 'رقم الطلب',
    status: 'حالة الطلب',
    track: 'تتبع طلبك',
    trackText: 'تابع حالة طلبك من هنا:',
    carrier: 'شركة الشحن',
    trackingNumber: 'رقم التتبع',
    trackParcel: 'تتبّع شحنتك',
    trackParcelText: 'تتبّع شحنتك لدى شركة الشحن:',
  },
  en: {
    subject: {
      shipped: (store: string, number: string) => `Your order ${number} has shipped - ${store}`,
      delivered: (store: string, number: string) => `Your order ${number} was delivered - ${store}`,
    },
    greeting: (name: string) => `Hello ${name},`,
    greetingNoName: 'Hello,',
    intro: {
      shipped: 'Your order is on its way! We handed it to the courier and it will reach you soon.',
      delivered: 'Your order was delivered. We hope you enjoy it, and thank you for shopping with us.',
    },
    orderNumber: 'Order number',
    status: 'Order status',
    track: 'Track your order',
    trackText: 'Follow your order here:',
    carrier: 'Carrier',
    trackingNumber: 'Tracking number',
    trackParcel: 'Track your parcel',
    trackParcelText: "Track your parcel on the carrier's site:",
  },
} satisfies Record<Language, unknown>;

export interface OrderStatusEmailInput {
  /** The order's number, the address and the customer's name it was placed with. */
  order: { order_number: string; email: string; name: string };
  /** How the order travels (staff's entry), shown in the shipped e-mail when present. */
  shipment?: Shipment | null;
  status: ShippingUpdateStatus;
  /** The language the customer ordered in. */
  lang: Language;
  settings: Pick<StoreSettings, 'store_name' | 'store_name_en' | 'logo'>;
  /** The shop's public base URL without a trailing slash (config.publicUrl). */
  publicUrl: string;
}

/**
 * "Your order has shipped / was delivered", in the customer's language, greeting the customer by
 * the order's name when it reads as a person's name (greetingName). It repeats no address: the
 * order number, the new status and the tracking link; the shipped e-mail adds the carrier, the
 * tracking number and a link to the carrier's tracking page when staff gave them.
 */
export function orderStatusEmail({ order, status, lang, settings, publicUrl, shipment }: OrderStatusEmailInput): MailMessage {
  const t = texts[lang];
  const store = storeName(lang, settings);
  const name = greetingName(order.name);
  const greeting = name === null ? t.greetingNoName : t.greeting(name);
  const trackingUrl = `${publicUrl}${pathInLanguage(`/order-status/${encodeURIComponent(order.order_number)}`, lang)}`;
  const subject = t.subject[status](store, order.order_number);
  const statusLabel = apiMessage(`order.status.${status}`, lang);
  const parcel = status === 'shipped' ? shipment : null;
  const parcelHtml = parcel
    ? [
        parcel.carrier === null
          ? ''
          : `<p style="margin:0 0 8px;">${escapeHtml(t.carrier)}: <strong><bdi>${escapeHtml(parcel.carrier)}</bdi></strong></p>`,
        parcel.tracking_number === null
          ? ''
          : `<p style="margin:0 0 16px;">${escapeHtml(t.trackingNumber)}: <strong dir="ltr">${escapeHtml(parcel.tracking_number)}</strong></p>`,
        parcel.tracking_url === null ? '' : emailButton(parcel.tracking_url, t.trackParcel),
      ].join('')
    : '';
  const content = `<p style="margin:0 0 8px;">${escapeHtml(greeting)}</p>
<p style="margin:0 0 16px;">${escapeHtml(t.intro[status])}</p>
<p style="margin:0 0 8px;">${escapeHtml(t.orderNumber)}: <strong dir="ltr">${escapeHtml(order.order_number)}</strong></p>
<p style="margin:0 0 16px;">${escapeHtml(t.status)}: <strong>${escapeHtml(statusLabel)}</strong></p>
${parcelHtml}${emailButton(trackingUrl, t.track)}`;
  const html = renderEmailLayout({ lang, settings, publicUrl, title: subject, content });
  const text = [
    store,
    '',
    greeting,
    t.intro[status],
    '',
    `${t.orderNumber}: ${order.order_number}`,
    `${t.status}: ${statusLabel}`,
    ...(parcel?.carrier ? [`${t.carrier}: ${parcel.carrier}`] : []),
    ...(parcel?.tracking_number ? [`${t.trackingNumber}: ${parcel.tracking_number}`] : []),
    ...(parcel?.tracking_url ? ['', `${t.trackParcelText} ${parcel.tracking_url}`] : []),
    '',
    `${t.trackText} ${trackingUrl}`,
    '',
    emailClosing(lang, store),
  ].join('\n');
  return { to: order.email, subject, html, text };
}
