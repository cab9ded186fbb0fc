import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast';
import { useI18n } from '../../i18n/i18n';
import { ApiError } from '../../lib/api';
import { useAuth } from './auth';
import { logIn } from './auth-api';
import { AuthCard, authLinkClass } from './auth-card';
import { Spinner } from '../../components/ui/spinner';
import {
  checkLogin,
  firstProblemField,
  loginPayload,
  serverMessage,
  splitFieldDetails,
  type LoginForm,
} from './auth-rules';
import { FormNotice, TextField } from './form-field';
import { GoogleSignInButton, OrDivider } from './google-sign-in-button';
import { PasswordField } from './password-input';
import { useArrivalState } from './use-arrival-state';
import { useGuestOnly } from './use-guest-only';

const fields = ['email', 'password'] as const;
type FieldErrors = Partial<Record<(typeof fields)[number], string>>;
const fieldId = (field: string) => `login-${field}`;

/** The login screen (spec section 2): Google, e-mail and password, links to reset and register. */
export function LoginScreen() {
  const { t } = useI18n();
  const toast = useToast();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { signIn } = useAuth();
  // Arriving from /verify-code: its success message and the verified address.
  const arrival = useArrivalState();
  // A shopper who registered is signed in already, yet the spec brings them here after verifying.
  const { markSigningIn, redirecting } = useGuestOnly({ allowSignedIn: Boolean(arrival.message) });
  const [form, setForm] = useState<LoginForm>({ email: arrival.email ?? '', password: '' });
  const [remember, setRemember] = useState(true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const googleProblem = search.get('error');

  function update(field: keyof LoginForm, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function focusField(field: string) {
    document.getElementById(fieldId(field))?.focus();
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const problems = checkLogin(form);
    const first = firstProblemField(fields, problems);
    if (first) {
      setErrors({
        email: problems.email && t(problems.email.key, problems.email.params),
        password: problems.password && t(problems.password.key, problems.password.params),
      });
      setFormError([]);
      focusField(first);
      return;
    }
    setErrors({});
    setFormError([]);
    setSubmitting(true);
    try {
      const { token, user } = await logIn(loginPayload(form));
      markSigningIn();
      signIn(token, user);
      toast.success(t('account.login.welcome', { name: user.name }));
      void navigate('/', { replace: true });
    } catch (error) {
      setSubmitting(false);
      if (error instanceof ApiError && error.code === 'VALIDATION_ERROR' && error.details.length > 0) {
        const { onFields, elsewhere } = splitFieldDetails(error.details, fields);
        setErrors(onFields);
        setFormError(elsewhere);
        const firstServer = firstProblemField(fields, onFields);
        if (firstServer) focusField(firstServer);
        return;
      }
      toast.error(serverMessage(error) ?? t('account.login.failed'));
    }
  }

  if (redirecting) {
    return (
      <AuthCard title={t('account.login.title')}>
        <Spinner label={t('account.signed_in.redirecting')} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('account.login.title')}
      subtitle={t('account.login.subtitle')}
      footer={
        <p>
          {t('account.login.no_account')}{' '}
          <Link to="/register" className={authLinkClass}>
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
      <GoogleSignInButton />
      <OrDivider />
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        {formError.length > 0 ? (
          <FormNotice tone="error">
            {formError.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </FormNotice>
        ) : null}
        <TextField
          id={fieldId('email')}
          name="email"
          label={t('account.login.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          ltr
          required
          value={form.email}
          error={errors.email}
          onChange={(value) => update('email', value)}
        />
        <PasswordField
          id={fieldId('password')}
          label={t('account.login.password')}
          autoComplete="current-password"
          required
          value={form.password}
          error={errors.password}
          onChange={(value) => update('password', value)}
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
          <Link to="/forgot-password" className={authLinkClass}>
            {t('account.login.forgot')}
          </Link>
        </div>
        <Button type="submit" size="lg" disabled={submitting} aria-busy={submitting || undefined} className="w-full">
          {submitting ? t('account.login.submitting') : t('account.login.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
