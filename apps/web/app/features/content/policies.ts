import type { PolicySection } from './policy-page';

/** The privacy policy's sections, in order; the texts live in messages/pages.<lang>.json. */
export const privacySections: PolicySection[] = [
  {
    id: 'privacy-collect',
    title: 'pages.privacy.collect.title',
    paragraphs: ['pages.privacy.collect.intro'],
    items: [
      'pages.privacy.collect.account',
      'pages.privacy.collect.social',
      'pages.privacy.collect.orders',
      'pages.privacy.collect.payments',
      'pages.privacy.collect.technical',
    ],
  },
  {
    id: 'privacy-use',
    title: 'pages.privacy.use.title',
    items: [
      'pages.privacy.use.orders',
      'pages.privacy.use.account',
      'pages.privacy.use.emails',
      'pages.privacy.use.improve',
    ],
    after: ['pages.privacy.use.no_sale'],
  },
  { id: 'privacy-share', title: 'pages.privacy.share.title', paragraphs: ['pages.privacy.share.text'] },
  { id: 'privacy-security', title: 'pages.privacy.security.title', paragraphs: ['pages.privacy.security.text'] },
  { id: 'privacy-cookies', title: 'pages.privacy.cookies.title', paragraphs: ['pages.privacy.cookies.text'] },
  { id: 'privacy-rights', title: 'pages.privacy.rights.title', paragraphs: ['pages.privacy.rights.text'] },
  { id: 'privacy-changes', title: 'pages.privacy.changes.title', paragraphs: ['pages.privacy.changes.text'] },
];

/** The terms of service's sections, in order (the returns section links to the return policy). */
export const termsSections: PolicySection[] = [
  {
    id: 'terms-accounts',
    title: 'pages.terms.accounts.title',
    items: [
      'pages.terms.accounts.accurate',
      'pages.terms.accounts.password',
      'pages.terms.accounts.social',
      'pages.terms.accounts.suspend',
    ],
  },
  { id: 'terms-products', title: 'pages.terms.products.title', paragraphs: ['pages.terms.products.text'] },
  {
    id: 'terms-orders',
    title: 'pages.terms.orders.title',
    items: ['pages.terms.orders.offer', 'pages.terms.orders.cancel', 'pages.terms.orders.payment'],
  },
  { id: 'terms-delivery', title: 'pages.terms.delivery.title', paragraphs: ['pages.terms.delivery.text'] },
  {
    id: 'terms-returns',
    title: 'pages.terms.returns.title',
    paragraphs: ['pages.terms.returns.text'],
    link: { to: '/return-policy', label: 'pages.terms.returns.link' },
  },
  {
    id: 'terms-conduct',
    title: 'pages.terms.conduct.title',
    paragraphs: ['pages.terms.conduct.intro'],
    items: [
      'pages.terms.conduct.fraud',
      'pages.terms.conduct.security',
      'pages.terms.conduct.automated',
      'pages.terms.conduct.unlawful',
    ],
  },
  { id: 'terms-ip', title: 'pages.terms.ip.title', paragraphs: ['pages.terms.ip.text'] },
  { id: 'terms-liability', title: 'pages.terms.liability.title', paragraphs: ['pages.terms.liability.text'] },
  { id: 'terms-law', title: 'pages.terms.law.title', paragraphs: ['pages.terms.law.text'] },
  { id: 'terms-changes', title: 'pages.terms.changes.title', paragraphs: ['pages.terms.changes.text'] },
];

/** The return policy's written conditions, after the highlight cards. */
export const returnSections: PolicySection[] = [
  {
    id: 'returns-conditions',
    title: 'pages.returns.conditions.title',
    items: ['pages.returns.conditions.window', 'pages.returns.conditions.original', 'pages.returns.conditions.packaging'],
  },
  { id: 'returns-refund', title: 'pages.returns.refund.title', paragraphs: ['pages.returns.refund.text'] },
];
