import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { mailtoUrl } from '../../components/layout/contact';
import { Container } from '../../components/ui/container';
import { useI18n, type TranslationKey, type TranslationParams } from '../../i18n/i18n';
import { useLocalizedPath } from '../../lib/localized-path';

/** One titled part of a policy: paragraphs, then an optional bullet list, then anything extra. */
export interface PolicySection {
  id: string;
  title: TranslationKey;
  paragraphs?: TranslationKey[];
  items?: TranslationKey[];
  /** Text after the list (e.g. a closing statement). */
  after?: TranslationKey[];
  /** A link to another page of the shop, shown last. */
  link?: { to: string; label: TranslationKey };
}

interface PolicyPageProps {
  title: TranslationKey;
  intro: TranslationKey;
  sections: PolicySection[];
  /** Values for {placeholders} in the texts, e.g. the store name. */
  params: TranslationParams;
  /** Rendered between the intro and the sections (e.g. highlight cards). */
  lead?: ReactNode;
  /** Rendered after the sections (e.g. the contact block). */
  children?: ReactNode;
}

/** The layout of the long-text pages (privacy, terms, return policy). */
export function PolicyPage({ title, intro, sections, params, lead, children }: PolicyPageProps) {
  const localized = useLocalizedPath();
  const { t } = useI18n();
  return (
    <Container className="py-10 sm:py-14">
      <article className="mx-auto max-w-3xl">
        <header>
          <h1 className="text-3xl font-semibold text-brand-900 sm:text-4xl">{t(title)}</h1>
          <p className="mt-4 text-lg leading-relaxed text-stone-700">{t(intro, params)}</p>
        </header>
        {lead}
        {sections.map((section) => (
          <section key={section.id} aria-labelledby={section.id} className="mt-10">
            <h2 id={section.id} className="text-xl font-semibold text-stone-900">
              {t(section.title, params)}
            </h2>
            {section.paragraphs?.map((key) => (
              <p key={key} className="mt-3 leading-relaxed text-stone-700">
                {t(key, params)}
              </p>
            ))}
            {section.items ? (
              <ul className="mt-3 list-disc space-y-2 ps-6 leading-relaxed text-stone-700 marker:text-brand-600">
                {section.items.map((key) => (
                  <li key={key}>{t(key, params)}</li>
                ))}
              </ul>
            ) : null}
            {section.after?.map((key) => (
              <p key={key} className="mt-3 font-semibold leading-relaxed text-stone-800">
                {t(key, params)}
              </p>
            ))}
            {section.link ? (
              <p className="mt-3">
                <Link to={localized(section.link.to)} className="font-semibold text-brand-700 underline hover:text-brand-800">
                  {t(section.link.label)}
                </Link>
              </p>
            ) : null}
          </section>
        ))}
        {children}
      </article>
    </Container>
  );
}

/** The closing "contact us" block: email only when the store has one, and the address. */
export function PolicyContact({ text, email, address }: { text: TranslationKey; email: string | null; address: string }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="policy-contact" className="mt-10 rounded-xl bg-white p-6 ring-1 ring-stone-200">
      <h2 id="policy-contact" className="text-xl font-semibold text-stone-900">
        {t('pages.contact_title')}
      </h2>
      <p className="mt-3 leading-relaxed text-stone-700">{t(text)}</p>
      <ul className="mt-3 space-y-1 text-stone-800">
        {email ? (
          <li>
            <span className="font-semibold">{t('common.footer.email')}: </span>
            <a href={mailtoUrl(email)} dir="ltr" className="text-brand-700 underline hover:text-brand-800">
              {email}
            </a>
          </li>
        ) : null}
        <li>
          <span className="font-semibold">{t('common.footer.address')}: </span>
          {address}
        </li>
      </ul>
    </section>
  );
}
