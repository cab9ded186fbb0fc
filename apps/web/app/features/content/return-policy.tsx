import { RETURN_WINDOW_DAYS, type StoreSettings } from '@shop/shared';
import { mailtoUrl, telUrl, whatsappUrl } from '../../components/layout/contact';
import { buttonClasses } from '../../components/ui/button';
import { CheckCircleIcon, MailIcon, PhoneIcon, ReturnIcon, WhatsAppIcon } from '../../components/ui/icons';
import { useI18n, type TranslationKey } from '../../i18n/i18n';

const highlights: ReadonlyArray<{ title: TranslationKey; text: TranslationKey; icon: typeof ReturnIcon; mirror?: boolean }> = [
  { title: 'pages.returns.highlight.window.title', text: 'pages.returns.highlight.window.text', icon: ReturnIcon, mirror: true },
  { title: 'pages.returns.highlight.free.title', text: 'pages.returns.highlight.free.text', icon: CheckCircleIcon },
  { title: 'pages.returns.highlight.condition.title', text: 'pages.returns.highlight.condition.text', icon: CheckCircleIcon },
];

/** The three promises of the return policy, as cards under the introduction. */
export function ReturnHighlights() {
  const { t } = useI18n();
  return (
    <ul className="mt-8 grid gap-4 sm:grid-cols-3">
      {highlights.map(({ title, text, icon: Icon, mirror }) => (
        <li key={title} className="rounded-xl bg-white p-5 ring-1 ring-stone-200">
          <Icon className={`size-7 text-brand-700 ${mirror ? 'rtl:-scale-x-100' : ''}`} />
          <p className="mt-3 font-semibold text-stone-900">{t(title, { count: RETURN_WINDOW_DAYS })}</p>
          <p className="mt-1 text-sm leading-relaxed text-stone-700">{t(text, { count: RETURN_WINDOW_DAYS })}</p>
        </li>
      ))}
    </ul>
  );
}

/** How to ask for a return: WhatsApp when the store has a number for it, and a call link. */
export function ReturnRequest({ settings }: { settings: StoreSettings }) {
  const { t } = useI18n();
  const whatsapp = settings.whatsapp_number ? whatsappUrl(settings.whatsapp_number) : null;
  const phone = settings.phone_number ? telUrl(settings.phone_number) : null;
  // Without a phone or WhatsApp number, email is the remaining way to reach the store.
  const email = !whatsapp && !phone && settings.email ? mailtoUrl(settings.email) : null;
  return (
    <section aria-labelledby="returns-request" className="mt-10 rounded-xl bg-brand-50 p-6 ring-1 ring-brand-100">
      <h2 id="returns-request" className="text-xl font-semibold text-stone-900">
        {t('pages.returns.request.title')}
      </h2>
      {whatsapp || phone || email ? (
        <>
          <p className="mt-3 leading-relaxed text-stone-700">{t('pages.returns.request.text')}</p>
          <div className="mt-5 flex flex-wrap gap-3">
            {whatsapp ? (
              <a href={whatsapp} className={buttonClasses('primary', 'lg')}>
                <WhatsAppIcon className="size-5" />
                {t('pages.returns.request.whatsapp')}
              </a>
            ) : null}
            {phone && settings.phone_number ? (
              <a href={phone} className={buttonClasses('secondary', 'lg')}>
                <PhoneIcon className="size-5" />
                <span>{t('pages.returns.request.phone')}</span>
                <span dir="ltr" className="font-normal">
                  {settings.phone_number}
                </span>
              </a>
            ) : null}
            {email ? (
              <a href={email} className={buttonClasses('secondary', 'lg')}>
                <MailIcon className="size-5" />
                {t('pages.returns.request.email')}
              </a>
            ) : null}
          </div>
        </>
      ) : (
        <p className="mt-3 leading-relaxed text-stone-700">{t('pages.returns.request.none')}</p>
      )}
    </section>
  );
}
