import { Form, useLocation } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { GlobeIcon } from '../ui/icons';

/**
 * Switches between Arabic and English. A real form post to /set-language (which sets the lang
 * cookie and returns to this page), so it also works before JavaScript has loaded.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t, lang } = useI18n();
  const location = useLocation();
  const other = lang === 'ar' ? 'en' : 'ar';
  return (
    <Form method="post" action="/set-language" preventScrollReset className={className}>
      <input type="hidden" name="lang" value={other} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
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
