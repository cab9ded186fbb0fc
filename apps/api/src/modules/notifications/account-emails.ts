import { RESET_LINK_TTL_MS, VERIFICATION_CODE_TTL_MS, pluralText, storeName, type Language } from '@shop/shared';
import type { MailMessage } from '../../integrations/email/mailer.js';
import { maskEmail } from '../../lib/mask-email.js';
import {
  emailButton,
  emailClosing,
  escapeHtml,
  renderEmailLayout,
  type EmailBranding,
} from './email-layout.js';

const codeMinutes = Math.round(VERIFICATION_CODE_TTL_MS / 60_000);
const linkHours = Math.round(RESET_LINK_TTL_MS / 3_600_000);

/** How long the code and the link last, the noun agreeing with its number (Arabic has six forms). */
const codeLifetime = {
  ar: pluralText({ one: 'دقيقة واحدة', two: 'دقيقتين', few: '{count} دقائق', many: '{count} دقيقة', other: '{count} دقيقة' }, 'ar', codeMinutes),
  en: pluralText({ one: '1 minute', other: '{count} minutes' }, 'en', codeMinutes),
};
const linkLifetime = {
  ar: pluralText({ one: 'ساعة واحدة', two: 'ساعتين', few: '{count} ساعات', many: '{count} ساعة', other: '{count} ساعة' }, 'ar', linkHours),
  en: pluralText({ one: '1 hour', other: '{count} hours' }, 'en', linkHours),
};

const texts = {
  ar: {
    greeting: (name: string) => `مرحباً ${name}،`,
    codeSubject: (store: string) => `رمز تأكيد بريدك الإلكتروني - ${store}`,
    codeIntro: 'استخدم الرمز التالي لتأكيد بريدك الإلكتروني:',
    codeValidity: `الرمز صالح لمدة ${codeLifetime.ar}، ولا تشاركه مع أحد.`,
    codeIgnore: 'إذا لم تطلب هذا الرمز فتجاهل هذه الرسالة.',
    resetSubject: (store: string) => `إعادة تعيين كلمة المرور - ${store}`,
    resetIntro: 'تلقينا طلباً لإعادة تعيين كلمة مرور حسابك. اختر كلمة مرور جديدة من الرابط التالي:',
    resetButton: 'إعادة تعيين كلمة المرور',
    resetValidity: `الرابط صالح لمدة ${linkLifetime.ar} ويعمل مرة واحدة فقط.`,
    resetIgnore: 'إذا لم تطلب ذلك فتجاهل هذه الرسالة، ولن تتغير كلمة مرورك.',
    changedSubject: (store: string) => `تم تغيير البريد الإلكتروني لحسابك - ${store}`,
    changedIntro: 'تم تغيير البريد الإلكتروني لحسابك من هذا العنوان إلى:',
    changedSignedOut: 'تم تسجيل الخروج من جميع الأجهزة الأخرى.',
    changedIgnore: 'إذا لم تقم بهذا التغيير فتواصل مع المتجر فوراً.',
  },
  en: {
    greeting: (name: string) => `Hello ${name},`,
    codeSubject: (store: string) => `Your email verification code - ${store}`,
    codeIntro: 'Use this code to verify your email address:',
    codeValidity: `The code is valid for ${codeLifetime.en}. Do not share it with anyone.`,
    codeIgnore: 'If you did not ask for this code, you can ignore this e-mail.',
    resetSubject: (store: string) => `Reset your password - ${store}`,
    resetIntro: 'We received a request to reset the password of your account. Choose a new password with this link:',
    resetButton: 'Reset password',
    resetValidity: `The link is valid for ${linkLifetime.en} and works only once.`,
    resetIgnore: 'If you did not ask for this, ignore this e-mail and your password stays as it is.',
    changedSubject: (store: string) => `The email address of your account was changed - ${store}`,
    changedIntro: 'The email address of your account was changed from this address to:',
    changedSignedOut: 'Every other device was signed out.',
    changedIgnore: 'If you did not make this change, contact the store right away.',
  },
} as const satisfies Record<Language, Record<string, unknown>>;

interface AccountEmailBase {
  to: string;
  /** The account holder's name, for the greeting. */
  name: string;
  lang: Language;
  settings: EmailBranding;
  publicUrl: string;
}

const paragraph = (text: string, margin = '0 0 16px') =>
  `<p style="margin:${margin};">${escapeHtml(text)}</p>`;

interface AccountEmailParts {
  subject: string;
  intro: string;
  /** What the e-mail is for (the code, the link), in HTML and on its own plain-text line. */
  html: string;
  text: string;
  validity: string;
  ignore: string;
}

/** The frame every account e-mail shares: greeting, intro, the thing itself, validity, closing. */
function accountEmail(input: AccountEmailBase, parts: AccountEmailParts): MailMessage {
  const t = texts[input.lang];
  const store = storeName(input.lang, input.settings);
  const content = [
    paragraph(t.greeting(input.name), '0 0 8px'),
    paragraph(parts.intro),
    parts.html,
    paragraph(parts.validity, '0 0 8px'),
    paragraph(parts.ignore, '0 0 24px'),
  ].join('\n');
  const text = [
    store,
    '',
    t.greeting(input.name),
    parts.intro,
    '',
    parts.text,
    '',
    parts.validity,
    parts.ignore,
    '',
    emailClosing(input.lang, store),
  ].join('\n');
  return {
    to: input.to,
    subject: parts.subject,
    html: renderEmailLayout({
      lang: input.lang,
      settings: input.settings,
      publicUrl: input.publicUrl,
      title: parts.subject,
      content,
    }),
    text,
  };
}

/**
 * The 6-digit e-mail verification code. The plain text carries the code alone on its line and
 * no other 6-digit number, so it can be read (or copied) without ambiguity.
 */
export function verificationCodeEmail(input: AccountEmailBase & { code: string }): MailMessage {
  const t = texts[input.lang];
  return accountEmail(input, {
    subject: t.codeSubject(storeName(input.lang, input.settings)),
    intro: t.codeIntro,
    html: `<p dir="ltr" style="text-align:center;margin:24px 0;font-size:32px;font-weight:bold;letter-spacing:8px;font-family:'Courier New',monospace;">${escapeHtml(input.code)}</p>`,
    text: input.code,
    validity: t.codeValidity,
    ignore: t.codeIgnore,
  });
}

/** The single-use password reset link; the plain text has the full URL on its own line. */
export function passwordResetEmail(input: AccountEmailBase & { resetUrl: string }): MailMessage {
  const t = texts[input.lang];
  return accountEmail(input, {
    subject: t.resetSubject(storeName(input.lang, input.settings)),
    intro: t.resetIntro,
    html: [
      emailButton(input.resetUrl, t.resetButton),
      `<p dir="ltr" style="margin:0 0 16px;font-size:13px;color:#6b7280;word-break:break-all;text-align:left;">${escapeHtml(input.resetUrl)}</p>`,
    ].join('\n'),
    text: input.resetUrl,
    validity: t.resetValidity,
    ignore: t.resetIgnore,
  });
}

/**
 * To the old address after the account's email changed: the new one (masked, enough to
 * recognise it) and whom to tell if the owner did not make the change.
 */
export function emailChangedEmail(input: AccountEmailBase & { newEmail: string }): MailMessage {
  const t = texts[input.lang];
  const masked = maskEmail(input.newEmail);
  return accountEmail(input, {
    subject: t.changedSubject(storeName(input.lang, input.settings)),
    intro: t.changedIntro,
    html: `<p dir="ltr" style="text-align:center;margin:16px 0;font-weight:bold;">${escapeHtml(masked)}</p>`,
    text: masked,
    validity: t.changedSignedOut,
    ignore: t.changedIgnore,
  });
}
