import {
  formatPrice,
  formatShopDate,
  inLanguage,
  moneyFormat,
  priceDirection,
  storeName,
  toThousandths,
  type Language,
  type Order,
  type PaymentMethod,
  type StoreSettings,
} from '@shop/shared';
import type { MailMessage } from '../../integrations/email/mailer.js';
import { directionStyles, emailButton, escapeHtml, renderEmailLayout } from './email-layout.js';

const texts = {
  ar: {
    subject: (number: string, total: string) => `طلب جديد ${number} — ${total}`,
    intro: 'وصل طلب جديد جاهز للتجهيز.',
    orderNumber: 'رقم الطلب',
    placedAt: 'التاريخ والوقت',
    customer: 'العميل',
    city: 'المدينة',
    payment: 'طريقة الدفع',
    product: 'المنتج',
    quantity: 'الكمية',
    lineTotal: 'المجموع',
    total: 'الإجمالي',
    paymentMethods: { cash_on_delivery: 'الدفع عند الاستلام', upayments: 'الدفع الإلكتروني (مدفوع)' },
    open: 'فتح الطلب في لوحة التحكم',
    why: 'تصلك هذه الرسالة لأن تنبيهات الطلبات الجديدة مفعّلة لبريدك. يمكنك إيقافها من صفحة حسابك (الإعدادات).',
  },
  en: {
    subject: (number: string, total: string) => `New order ${number} — ${total}`,
    intro: 'A new order is ready to prepare.',
    orderNumber: 'Order number',
    placedAt: 'Date and time',
    customer: 'Customer',
    city: 'City',
    payment: 'Payment method',
    product: 'Product',
    quantity: 'Quantity',
    lineTotal: 'Total',
    total: 'Total',
    paymentMethods: { cash_on_delivery: 'Cash on delivery', upayments: 'Online payment (paid)' },
    open: 'Open the order in the back office',
    why: 'You get this message because new-order alerts are on for your address. You can turn them off in your account (Settings).',
  },
} satisfies Record<Language, Record<string, unknown> & { paymentMethods: Record<PaymentMethod, string> }>;

export interface NewOrderAlertInput {
  to: string;
  lang: Language;
  /** The order as presented in `lang` (place names, and the options' names where it has them). */
  order: Order;
  /** When it became new: placed (cash on delivery) or paid (online). */
  arrivedAt: Date;
  settings: Pick<StoreSettings, 'store_name' | 'store_name_en' | 'logo' | 'currency_symbol' | 'currency'>;
  publicUrl: string;
}

/**
 * A staff member's (or the store address's) alert of a new order, in their language: the order's
 * number, time, customer, city, payment, items and total, and a link to it in the back office.
 * Same layout and sending path as the other staff alert (staff-payment-alert-email.ts).
 */
export function newOrderAlertEmail({ to, lang, order, arrivedAt, settings, publicUrl }: NewOrderAlertInput): MailMessage {
  const t = texts[lang];
  const { start, end } = directionStyles(lang);
  const format = moneyFormat(settings, lang);
  const money = (amount: number) => formatPrice(toThousandths(amount), format);
  const moneyHtml = (text: string) => `<span dir="${priceDirection(format)}">${escapeHtml(text)}</span>`;
  const link = `${publicUrl}/admin/orders/${order.id}`;
  const total = money(order.total_amount);
  const optionsOf = (item: Order['items'][number]) =>
    Object.values(item.selected_attributes).map(
      (choice) =>
        `${inLanguage(lang, choice.attribute_name, choice.attribute_name_en)}: ${inLanguage(lang, choice.title, choice.title_en)}`,
    );
  const facts: Array<[string, string, boolean]> = [
    [t.orderNumber, order.order_number, true],
    [t.placedAt, formatShopDate(arrivedAt, lang, { withTime: true }), false],
    [t.customer, order.name, false],
    [t.city, order.city_name, false],
    [t.payment, t.paymentMethods[order.payment_method], false],
  ];
  const factRows = facts
    .map(
      ([label, value, ltr]) =>
        `<tr><td style="padding:4px 8px;text-align:${start};color:#6b7280;white-space:nowrap;">${escapeHtml(label)}</td>` +
        `<td style="padding:4px 8px;text-align:${start};"><strong${ltr ? ' dir="ltr"' : ''}>${escapeHtml(value)}</strong></td></tr>`,
    )
    .join('');
  const cell = `padding:8px;border-bottom:1px solid #e5e7eb;text-align:${start};`;
  const numberCell = `padding:8px;border-bottom:1px solid #e5e7eb;text-align:${end};white-space:nowrap;`;
  const itemRows = order.items
    .map((item) => {
      const options = optionsOf(item)
        .map((option) => `<div style="color:#6b7280;font-size:13px;">${escapeHtml(option)}</div>`)
        .join('');
      return `<tr><td style="${cell}">${escapeHtml(item.product_name)}${options}</td>` +
        `<td style="${numberCell}text-align:center;">${item.quantity}</td>` +
        `<td style="${numberCell}">${moneyHtml(money(item.total))}</td></tr>`;
    })
    .join('');
  const content = `<p style="margin:0 0 12px;">${escapeHtml(t.intro)}</p>
<table role="presentation" style="border-collapse:collapse;font-size:14px;margin:0 0 16px;">${factRows}</table>
<table role="presentation" style="width:100%;border-collapse:collapse;font-size:14px;">
<thead><tr style="background:#f3f4f6;"><th style="${cell}">${escapeHtml(t.product)}</th><th style="${numberCell}text-align:center;">${escapeHtml(t.quantity)}</th><th style="${numberCell}">${escapeHtml(t.lineTotal)}</th></tr></thead>
<tbody>${itemRows}</tbody>
<tfoot><tr><td colspan="2" style="padding:8px;text-align:${start};font-weight:bold;font-size:16px;">${escapeHtml(t.total)}</td><td style="padding:8px;text-align:${end};white-space:nowrap;font-weight:bold;font-size:16px;">${moneyHtml(total)}</td></tr></tfoot>
</table>
${emailButton(link, t.open)}
<p style="margin:16px 0 0;color:#6b7280;font-size:12px;">${escapeHtml(t.why)}</p>`;
  const subject = t.subject(order.order_number, total);
  const text = [
    storeName(lang, settings),
    '',
    t.intro,
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    ...order.items.flatMap((item) => [
      `- ${item.product_name} × ${item.quantity}: ${money(item.total)}`,
      ...optionsOf(item).map((option) => `  ${option}`),
    ]),
    '',
    `${t.total}: ${total}`,
    '',
    `${t.open}: ${link}`,
    '',
    t.why,
  ].join('\n');
  return { to, subject, html: renderEmailLayout({ lang, settings, publicUrl, title: subject, content }), text };
}
