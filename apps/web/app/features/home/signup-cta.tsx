import { ButtonLink } from '../../components/ui/button';
import { useI18n } from '../../i18n/i18n';
import { useAuth } from '../account/auth';
import { guestOnly } from '../account/member-hint';
import { useLocalizedPath } from '../../lib/localized-path';

/**
 * Invites guests to create an account; a signed-in shopper sees nothing, not even while the
 * browser checks the session of a page for everyone (member-hint).
 */
export function SignupCta() {
  const localized = useLocalizedPath();
  const { t } = useI18n();
  const { status, user } = useAuth();
  if (user) return null;
  return (
    <section
      aria-labelledby="signup-cta"
      className={guestOnly(
        status,
        'mt-12 flex flex-col items-start gap-5 rounded-2xl bg-sand-100 p-6 ring-1 ring-amber-accent/30 sm:mt-16 sm:flex-row sm:items-center sm:justify-between sm:p-10',
      )}
    >
      <div>
        <h2 id="signup-cta" className="text-xl font-semibold text-brand-900 sm:text-2xl">
          {t('home.signup.title')}
        </h2>
        <p className="mt-2 max-w-xl text-stone-700">{t('home.signup.text')}</p>
      </div>
      <ButtonLink to={localized('/register')} size="lg" className="shrink-0">
        {t('home.signup.button')}
      </ButtonLink>
    </section>
  );
}
