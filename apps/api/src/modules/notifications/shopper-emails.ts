import {
  formatPrice,
  inLanguage,
  moneyFormat,
  pathInLanguage,
  priceDirection,
  storeName,
  toThousandths,
  type CartItem,
  type Language,
  type StoreSettings,
} from '@shop/shared';
import type { MailMessage } from '../../integrations/email/mailer.js';
import { directionStyles, emailButton, emailClosing, escapeHtml, renderEmailLayout } from './email-layout.js';
import { greetingName } from './greeting.js';

/**
 * The e-mails a shopper asked for or agreed to (docs/decisions/063): a product back in stock, and
 * the reminder of a cart left untouched. Each carries its unsubscribe link in the body and in the
 * List-Unsubscribe headers, with the one-click POST of RFC 8058.
 */

const texts = {
  ar: {
    backSubject: (product: string, store: string) => `${product} متوفر من جديد - ${store}`,
    backIntro: (product: string) => `طلبت أن نخبرك عندما يتوفر «${product}». لقد عاد إلى المخزون الآن، والكمية محدودة.`,
    backButton: 'اعرض المنتج',
    backUnsubscribe: 'لا تريد هذه الرسائل؟ ألغِ التنبيه من هنا:',
    cartSubject: (store: string) => `ما زالت سلتك بانتظارك - ${store}`,
    greeting: (name: string) => `مرحباً ${name}،`,
    greetingNoName: 'مرحباً،',
    cartIntro: 'تركت هذه القطع في سلتك. أسعارها اليوم:',
    cartButton: 'أكمل طلبك',
    cartTotal: 'المجموع',
    cartUnsubscribe: 'لا تريد رسائل ترويجية؟ أوقفها من هنا:',
    unsubscribeLink: 'إلغاء الاشتراك',
  },
  en: {
    backSubject: (product: string, store: string) => `${product} is back in stock - ${store}`,
    backIntro: (product: string) => `You asked us to tell you when “${product}” is back. It is in stock again now, while it lasts.`,
    backButton: 'View the product',
    backUnsubscribe: 'Do not want these e-mails? Cancel the alert here:',
    cartSubject: (store: string) => `Your cart is still waiting - ${store}`,
    greeting: (name: string) => `Hello ${name},`,
    greetingNoName: 'Hello,',
    cartIntro: 'You left these pieces in your cart. Their prices today:',
    cartButton: 'Complete your order',
    cartTotal: 'Total',
    cartUnsubscribe: 'Do not want promotional e-mails? Turn them off here:',
    unsubscribeLink: 'Unsubscribe',
  },
} as const satisfies Record<Language, Record<string, unknown>>;

interface ShopperEmailBase {
  to: string;
  lang: Language;
  settings: Pick<StoreSettings, 'store_name' | 'store_name_en' | 'logo' | 'currency' | 'currency_symbol'>;
  publicUrl: string;
  /** The storefront page that takes the token (GET /unsubscribe?token=…, in the reader's language). */
  unsubscribePageUrl: string;
  /** The API address a mail client posts to for a one-click unsubscribe (RFC 8058). */
  unsubscribePostUrl: string;
}

/** List-Unsubscribe with the one-click POST: mail clients show their own unsubscribe button. */
export function unsubscribeHeaders(postUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${postUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

const smallLink = (href: string, lead: string, label: string) =>
  `<p style="margin:24px 0 16px;font-size:13px;color:#6b7280;">${escapeHtml(lead)} <a href="${escapeHtml(href)}" style="color:#6b7280;">${escapeHtml(label)}</a></p>`;

/** "The product you asked about is back", with its page in the wish's language. */
export function backInStockEmail(
  input: ShopperEmailBase & { product: { id: number; name: string; name_en: string | null } },
): MailMessage {
  const { lang, settings, publicUrl } = input;
  const t = texts[lang];
  const store = storeName(lang, settings);
  const product = inLanguage(lang, input.product.name, input.product.name_en);
  const productUrl = `${publicUrl}${pathInLanguage(`/products/${input.product.id}`, lang)}`;
  const subject = t.backSubject(product, store);
  const content = `<p style="margin:0 0 16px;">${escapeHtml(t.backIntro(product))}</p>
${emailButton(productUrl, t.backButton)}
${smallLink(input.unsubscribePageUrl, t.backUnsubscribe, t.unsubscribeLink)}`;
  const text = [
    store,
    '',
    t.backIntro(product),
    '',
    `${t.backButton}: ${productUrl}`,
    '',
    `${t.backUnsubscribe} ${input.unsubscribePageUrl}`,
    '',
    emailClosing(lang, store),
  ].join('\n');
  return {
    to: input.to,
    subject,
    html: renderEmailLayout({ lang, settings, publicUrl, title: subject, content }),
    text,
    headers: unsubscribeHeaders(input.unsubscribePostUrl),
  };
}

/** The one reminder of a cart left untouched: its lines at today's prices and a link to the cart. */
export function cartReminderEmail(
  input: ShopperEmailBase & { name: string; items: readonly CartItem[]; total: number },
): MailMessage {
  const { lang, settings, publicUrl } = input;
  const t = texts[lang];
  const { start, end } = directionStyles(lang);
  const store = storeName(lang, settings);
  const format = moneyFormat(settings, lang);
  const money = (amount: number) => formatPrice(toThousandths(amount), format);
  const moneyHtml = (amount: number) => `<span dir="${priceDirection(format)}">${escapeHtml(money(amount))}</span>`;
  const cartUrl = `${publicUrl}${pathInLanguage('/cart', lang)}`;
  const name = greetingName(input.name);
  const greeting = name === null ? t.greetingNoName : t.greeting(name);
  const subject = t.cartSubject(store);
  const lines = input.items.map((item) => ({
    name: inLanguage(lang, item.name, item.name_en),
    options: Object.values(item.selected_attributes)
      .map((choice) => inLanguage(lang, choice.title, choice.title_en))
      .join(lang === 'ar' ? '، ' : ', '),
    quantity: item.quantity,
    total: item.line_total,
  }));
  const rows = lines
    .map(
      (line) =>
        `<tr><td style="padding:8px 0;text-align:${start};"><bdi>${escapeHtml(line.name)}</bdi>${line.options ? `<br><span style="font-size:13px;color:#6b7280;">${escapeHtml(line.options)}</span>` : ''}</td>` +
        `<td style="padding:8px;text-align:center;">× ${line.quantity}</td>` +
        `<td style="padding:8px 0;text-align:${end};white-space:nowrap;">${moneyHtml(line.total)}</td></tr>`,
    )
    .join('\n');
  const content = `<p style="margin:0 0 8px;">${escapeHtml(greeting)}</p>
<p style="margin:0 0 16px;">${escapeHtml(t.cartIntro)}</p>
<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px;">
${rows}
<tr><td colspan="2" style="padding:8px 0;border-top:1px solid #e5e7eb;font-weight:bold;text-align:${start};">${escapeHtml(t.cartTotal)}</td><td style="padding:8px 0;border-top:1px solid #e5e7eb;font-weight:bold;text-align:${end};white-space:nowrap;">${moneyHtml(input.total)}</td></tr>
</table>
${emailButton(cartUrl, t.cartButton)}
${smallLink(input.unsubscribePageUrl, t.cartUnsubscribe, t.unsubscribeLink)}`;
  const text = [
    store,
    '',
    greeting,
    t.cartIntro,
    '',
    ...lines.map((line) => `- ${line.name}${line.options ? ` (${line.options})` : ''} × ${line.quantity}: ${money(line.total)}`),
    `${t.cartTotal}: ${money(input.total)}`,
    '',
    `${t.cartButton}: ${cartUrl}`,
    '',
    `${t.cartUnsubscribe} ${input.unsubscribePageUrl}`,
    '',
    emailClosing(lang, store),
  ].join('\n');
  return {
    to: input.to,
    subject,
    html: renderEmailLayout({ lang, settings, publicUrl, title: subject, content }),
    text,
    headers: unsubscribeHeaders(input.unsubscribePostUrl),
  };
}
