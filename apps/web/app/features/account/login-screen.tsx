import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast';
import { useI18n } from '../../i18n/i18n';
import { useAuth } from './auth';
import { logIn } from './auth-api';
import { AuthCard, authLinkClass, RedirectingCard } from './auth-card';
import { useFieldForm } from '../../components/ui/use-field-form';
import { checkLogin, loginPayload, type LoginForm } from './auth-rules';
import { EmailField, FormErrors, FormNotice } from './form-field';
import { SocialSignIn } from './google-sign-in-button';
import { PasswordField } from './password-input';
import { useArrivalState } from './use-arrival-state';
import { safeReturnTo } from './return-to';
import { useGuestOnly } from './use-guest-only';
import { useErrorText } from '../../lib/errors';
import { useLocalizedPath } from '../../lib/localized-path';

const fields = ['email', 'password'] as const;
const fieldId = (field: string) => `login-${field}`;

/** The login screen: Google, e-mail and password, links to reset and register. */
export function LoginScreen() {
  const localized = useLocalizedPath();
  const { t } = useI18n();
  const failureText = useErrorText();
  const toast = useToast();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { signIn } = useAuth();
  // Arriving from /verify-code: its success message and the verified address.
  const arrival = useArrivalState();
  // A shopper who registered is signed in already, yet verifying the e-mail lands them here.
  // Where the shopper was sent from (the back office's gate sends /login?returnTo=/admin).
  const returnTo = localized(safeReturnTo(search.get('returnTo')));
  const { markSigningIn, redirecting } = useGuestOnly({
    allowSignedIn: Boolean(arrival.message),
    destination: returnTo,
  });
  const form = useFieldForm<LoginForm>({ email: arrival.email ?? '', password: '' }, { fields, fieldId });
  const [remember, setRemember] = useState(true);
  const [formError, setFormError] = useState<string[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const googleProblem = search.get('error');

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (submitting) return;
    setFormError([]);
    if (!form.validate(checkLogin(form.values), (problem) => t(problem.key, problem.params))) return;
    setSubmitting(true);
    try {
      const { token, user } = await logIn(loginPayload(form.values));
      markSigningIn();
      signIn(token, user);
      toast.success(t('account.login.welcome', { name: user.name }));
      void navigate(returnTo, { replace: true });
    } catch (error) {
      setSubmitting(false);
      const elsewhere = form.showServerErrors(error);
      if (elsewhere) {
        setFormError(elsewhere);
        return;
      }
      // Said beside the form (above the button) as well as in a toast.
      const message = failureText(error, t('account.login.failed'));
      setFormError([message]);
      toast.error(message);
    }
  }

  if (redirecting) return <RedirectingCard title={t('account.login.title')} />;

  return (
    <AuthCard
      title={t('account.login.title')}
      subtitle={t('account.login.subtitle')}
      footer={
        <p>
          {t('account.login.no_account')}{' '}
          <Link to={localized('/register')} className={authLinkClass}>
            {t('account.login.register_link')}
          </Link>
        </p>
      }
    >
      {arrival.message ? <FormNotice tone="success">{arrival.message}</FormNotice> : null}
      {googleProblem ? (
        <FormNotice tone="error">
          {googleProblem === 'google_unavailable' ? t('account.google.unavailable') : t('account.google.auth_failed')}
        </FormNotice>
      ) : null}
      <SocialSignIn />
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <EmailField {...form.field('email')} label={t('account.login.email')} />
        <PasswordField
          {...form.field('password')}
          label={t('account.login.password')}
          autoComplete="current-password"
          required
        />
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <label className="inline-flex min-h-10 items-center gap-2 text-stone-800">
            <input
              type="checkbox"
              name="remember"
              checked={remember}
              onChange={(event) => setRemember(event.target.checked)}
              className="size-4 accent-brand-700"
            />
            {t('account.login.remember_me')}
          </label>
          <Link to={localized('/forgot-password')} className={authLinkClass}>
            {t('account.login.forgot')}
          </Link>
        </div>
        <FormErrors messages={formError} />
        <Button type="submit" size="lg" disabled={submitting} aria-busy={submitting || undefined} className="w-full">
          {submitting ? t('account.login.submitting') : t('account.login.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
