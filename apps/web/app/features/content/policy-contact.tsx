import { mailtoUrl } from '../../components/layout/contact';
import { useI18n, type TranslationKey } from '../../i18n/i18n';

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
