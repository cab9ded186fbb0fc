import { storeName, type Language, type StoreSettings } from '@shop/shared';
import type { MailMessage } from '../../integrations/email/mailer.js';
import { emailButton, escapeHtml, renderEmailLayout } from './email-layout.js';

/** What the shop did with a payment captured after its order had been cancelled. */
export type LateCaptureOutcome = 'reinstated' | 'refunded' | 'refund_failed';

const texts = {
  ar: {
    subject: (number: string) => `دفع وصل بعد إلغاء الطلب ${number}`,
    intro: (number: string, amount: string) =>
      `أكّدت UPayments دفع ${amount} للطلب ${number} بعد أن أُلغي الطلب لعدم اكتمال الدفع في الوقت المحدد.`,
    outcome: {
      reinstated: 'كانت القطع ما زالت متوفرة، فأُعيد فتح الطلب كطلب مدفوع وأُرسل للعميل تأكيد الطلب. جهّزه كالمعتاد.',
      refunded: 'لم تعد بعض القطع متوفرة، فاستُرد المبلغ كاملاً للعميل عبر UPayments. قد ترغب في التواصل معه.',
      refund_failed:
        'لم تعد بعض القطع متوفرة، وتعذّر استرداد المبلغ تلقائياً. المبلغ ما زال محصّلاً: استرده من صفحة الطلب أو تواصل مع العميل.',
    },
    open: 'فتح الطلب',
  },
  en: {
    subject: (number: string) => `Payment arrived after order ${number} was cancelled`,
    intro: (number: string, amount: string) =>
      `UPayments confirmed a payment of ${amount} for order ${number} after the order had been cancelled for not being paid in time.`,
    outcome: {
      reinstated:
        'Its pieces were still in stock, so the order was reopened as paid and the customer was sent the order confirmation. Prepare it as usual.',
      refunded:
        'Some of its pieces were gone, so the full amount was refunded to the customer through UPayments. You may want to contact them.',
      refund_failed:
        'Some of its pieces were gone, and the automatic refund failed. The money is still captured: refund it from the order page or contact the customer.',
    },
    open: 'Open the order',
  },
} satisfies Record<Language, unknown>;

export interface StaffPaymentAlertInput {
  to: string;
  /** The administrator's language (the one their account last used the shop in). */
  lang: Language;
  order: { id: number; order_number: string };
  /** The amount as shown, with its currency ("12.500 KWD"). */
  amount: string;
  outcome: LateCaptureOutcome;
  settings: Pick<StoreSettings, 'store_name' | 'store_name_en' | 'logo'>;
  publicUrl: string;
}

/**
 * An administrator's alert of a late capture, in their language, with a link to the order in the
 * back office.
 */
export function staffPaymentAlertEmail(input: StaffPaymentAlertInput): MailMessage {
  const { order, amount, outcome, settings, publicUrl, lang } = input;
  const t = texts[lang];
  const link = `${publicUrl}/admin/orders/${order.id}`;
  const subject = t.subject(order.order_number);
  const content = `<p style="margin:0 0 12px;">${escapeHtml(t.intro(order.order_number, amount))}</p>
<p style="margin:0 0 12px;"><strong>${escapeHtml(t.outcome[outcome])}</strong></p>
${emailButton(link, t.open)}`;
  return {
    to: input.to,
    subject,
    html: renderEmailLayout({ lang, settings, publicUrl, title: subject, content }),
    text: [
      storeName(lang, settings),
      '',
      t.intro(order.order_number, amount),
      t.outcome[outcome],
      `${t.open}: ${link}`,
    ].join('\n'),
  };
}
