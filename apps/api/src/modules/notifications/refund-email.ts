import {
  pathInLanguage,
  formatPrice,
  moneyFormat,
  priceDirection,
  storeName,
  type Language,
  type RefundMethod,
  type StoreSettings,
} from '@shop/shared';
import type { MailMessage } from '../../integrations/email/mailer.js';
import { emailButton, emailClosing, escapeHtml, renderEmailLayout } from './email-layout.js';
import { greetingName } from './greeting.js';

const texts = {
  ar: {
    subject: (store: string, number: string) => `استرداد مبلغ من طلبك ${number} - ${store}`,
    greeting: (name: string) => `مرحباً ${name}،`,
    greetingNoName: 'مرحباً،',
    intro: {
      online: 'أعدنا إليك مبلغاً من طلبك عبر وسيلة الدفع التي استخدمتها. يظهر في حسابك خلال أيام عمل قليلة حسب البنك.',
      cash: 'أعدنا إليك مبلغاً من طلبك نقداً.',
    },
    full: 'بهذا استُرد كامل مبلغ الطلب.',
    orderNumber: 'رقم الطلب',
    amount: 'المبلغ المسترد',
    items: 'القطع المستردة',
    notes: 'ملاحظة',
    track: 'عرض طلبك',
    trackText: 'تفاصيل طلبك هنا:',
  },
  en: {
    subject: (store: string, number: string) => `A refund on your order ${number} - ${store}`,
    greeting: (name: string) => `Hello ${name},`,
    greetingNoName: 'Hello,',
    intro: {
      online: 'We refunded part of your order to the card or KNET account you paid with. Your bank shows it within a few working days.',
      cash: 'We refunded part of your order to you in cash.',
    },
    full: 'The whole amount of the order has now been refunded.',
    orderNumber: 'Order number',
    amount: 'Amount refunded',
    items: 'Items refunded',
    notes: 'Note',
    track: 'View your order',
    trackText: 'Your order is here:',
  },
} satisfies Record<Language, unknown>;

export interface RefundEmailInput {
  /** The order's number, the address and the customer's name it was placed with. */
  order: { order_number: string; email: string; name: string };
  refund: {
    /** Thousandths. */
    amount: number;
    method: RefundMethod;
    /** The lines given back, by their names at the time of the order. */
    lines: ReadonlyArray<{ name: string; quantity: number }>;
    /** The staff's note for the customer, if any. */
    notes: string | null;
    /** Whether the order is now refunded in full. */
    full: boolean;
  };
  /** The language the customer ordered in. */
  lang: Language;
  settings: Pick<StoreSettings, 'store_name' | 'store_name_en' | 'logo' | 'currency_symbol' | 'currency'>;
  /** The shop's public base URL without a trailing slash (config.publicUrl). */
  publicUrl: string;
}

/**
 * "We refunded X of your order", in the customer's language, greeting the customer by the order's
 * name when it reads as a person's name (greetingName): the amount, how it was paid back, the lines
 * given back (product names in the order's language, quantities) and staff's note.
 */
export function refundEmail({ order, refund, lang, settings, publicUrl }: RefundEmailInput): MailMessage {
  const t = texts[lang];
  const store = storeName(lang, settings);
  const format = moneyFormat(settings, lang);
  const amount = formatPrice(refund.amount, format);
  const orderUrl = `${publicUrl}${pathInLanguage(`/order-status/${encodeURIComponent(order.order_number)}`, lang)}`;
  const subject = t.subject(store, order.order_number);
  const intro = `${t.intro[refund.method]}${refund.full ? ` ${t.full}` : ''}`;
  const lines = refund.lines.map((line) => `${line.name} × ${line.quantity}`);
  const name = greetingName(order.name);
  const greeting = name === null ? t.greetingNoName : t.greeting(name);
  const content = `<p style="margin:0 0 8px;">${escapeHtml(greeting)}</p>
<p style="margin:0 0 16px;">${escapeHtml(intro)}</p>
<p style="margin:0 0 8px;">${escapeHtml(t.orderNumber)}: <strong dir="ltr">${escapeHtml(order.order_number)}</strong></p>
<p style="margin:0 0 16px;">${escapeHtml(t.amount)}: <strong><span dir="${priceDirection(format)}">${escapeHtml(amount)}</span></strong></p>
${
  lines.length === 0
    ? ''
    : `<p style="margin:0 0 4px;">${escapeHtml(t.items)}:</p><ul style="margin:0 0 16px;">${lines
        .map((line) => `<li><bdi>${escapeHtml(line)}</bdi></li>`)
        .join('')}</ul>`
}${refund.notes ? `<p style="margin:0 0 16px;">${escapeHtml(t.notes)}: ${escapeHtml(refund.notes)}</p>` : ''}
${emailButton(orderUrl, t.track)}`;
  const html = renderEmailLayout({ lang, settings, publicUrl, title: subject, content });
  const text = [
    store,
    '',
    greeting,
    intro,
    '',
    `${t.orderNumber}: ${order.order_number}`,
    `${t.amount}: ${amount}`,
    ...(lines.length === 0 ? [] : [`${t.items}:`, ...lines.map((line) => `- ${line}`)]),
    ...(refund.notes ? [`${t.notes}: ${refund.notes}`] : []),
    '',
    `${t.trackText} ${orderUrl}`,
    '',
    emailClosing(lang, store),
  ].join('\n');
  return { to: order.email, subject, html, text };
}
