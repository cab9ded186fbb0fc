import { Form, useLocation } from 'react-router';
import { isSingleAddressPath, pathInLanguage } from '@shop/shared';
import { useI18n } from '../../i18n/i18n';
import { GlobeIcon } from '../ui/icons';

/**
 * Switches between Arabic and English: to this page's address in the other language (keeping the
 * query), or, in the back office, to the same address. A real form post to /set-language (which
 * records the preference in the lang cookie and goes there), so it works before JavaScript has
 * loaded.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t, lang } = useI18n();
  const location = useLocation();
  const other = lang === 'ar' ? 'en' : 'ar';
  const here = `${location.pathname}${location.search}`;
  const target = isSingleAddressPath(location.pathname) ? here : pathInLanguage(here, other);
  return (
    <Form method="post" action="/set-language" preventScrollReset className={className}>
      <input type="hidden" name="lang" value={other} />
      <input type="hidden" name="redirectTo" value={target} />
      <button
        type="submit"
        lang={other}
        aria-label={t('common.language.switch_label')}
        className="inline-flex min-h-11 min-w-11 items-center gap-1.5 rounded-lg px-2.5 lg:min-h-10 text-sm font-semibold text-brand-800 hover:bg-brand-50"
      >
        <GlobeIcon className="size-5" />
        {/* On an English page this one word is the only Arabic text: drawn in the phone's own
            Arabic face, it no longer makes the page download the shop's two Arabic font files
            (90 KB) before its first screen is complete. */}
        <span className={other === 'ar' ? 'font-[system-ui,sans-serif]' : undefined}>
          {t('common.language.switch_to')}
        </span>
      </button>
    </Form>
  );
}
