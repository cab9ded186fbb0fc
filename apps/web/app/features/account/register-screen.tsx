import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '@shop/shared';
import { Button } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast';
import { useI18n } from '../../i18n/i18n';
import { ApiError } from '../../lib/api';
import { useAuth } from './auth';
import { register } from './auth-api';
import { AuthCard, authLinkClass, RedirectingCard } from './auth-card';
import { useFieldForm } from '../../components/ui/use-field-form';
import {
  checkRegistration,
  normaliseEmail,
  verifyCodePath,
  type AccountNavigationState,
  type RegistrationForm,
} from './auth-rules';
import { EmailField, FormErrors, TextField } from './form-field';
import { PasswordField } from './password-input';
import { useGuestOnly } from './use-guest-only';
import { useErrorText } from '../../lib/errors';
import { useLocalizedPath } from '../../lib/localized-path';

const fields = ['name', 'email', 'password', 'phone', 'address'] as const;
const fieldId = (field: string) => `register-${field}`;

const emptyForm: RegistrationForm = { name: '', email: '', password: '', phone: '', address: '' };

/**
 * Registration. The new account is signed in at once (the server already
 * adopted the guest cart into it), then the shopper verifies the e-mail on /verify-code.
 */
export function RegisterScreen() {
  const localized = useLocalizedPath();
  const { t, tp } = useI18n();
  const failureText = useErrorText();
  const toast = useToast();
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const { markSigningIn, redirecting } = useGuestOnly();
  const form = useFieldForm(emptyForm, { fields, fieldId });
  const [formError, setFormError] = useState<string[]>([]);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (submitting) return;
    setFormError([]);
    if (!form.validate(checkRegistration(form.values), (problem) => t(problem.key, problem.params))) return;
    setSubmitting(true);
    try {
      const { token, user, verification_sent: verificationSent } = await register(form.values);
      markSigningIn();
      signIn(token, user);
      toast.success(t('account.register.success_toast'));
      const email = normaliseEmail(form.values.email);
      const state: AccountNavigationState = {
        email,
        message: t('account.register.created'),
        verificationSent: verificationSent ?? true,
      };
      void navigate(localized(verifyCodePath(email)), { state });
    } catch (error) {
      setSubmitting(false);
      const elsewhere = form.showServerErrors(error);
      if (elsewhere) {
        setFormError(elsewhere);
        return;
      }
      if (error instanceof ApiError && error.code === 'USER_EXISTS') {
        // The address is the problem: say so on the field, where the shopper can change it.
        form.showErrors({ email: failureText(error, t('account.register.failed')) });
        return;
      }
      // Said beside the form (above the button) as well as in a toast.
      const message = failureText(error, t('account.register.failed'));
      setFormError([message]);
      toast.error(message);
    }
  }

  if (redirecting) return <RedirectingCard title={t('account.register.title')} />;

  const [termsBefore = '', termsMiddle = '', termsAfter = ''] = t('account.register.terms').split(/\{terms\}|\{privacy\}/);

  return (
    <AuthCard
      title={t('account.register.title')}
      subtitle={t('account.register.subtitle')}
      footer={
        <p>
          {t('account.register.have_account')}{' '}
          <Link to={localized('/login')} className={authLinkClass}>
            {t('account.register.login_link')}
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <TextField
          {...form.field('name')}
          name="name"
          label={t('account.register.name')}
          autoComplete="name"
          required
        />
        <EmailField {...form.field('email')} label={t('account.register.email')} />
        <PasswordField
          {...form.field('password')}
          label={t('account.register.password')}
          autoComplete="new-password"
          required
          hint={tp('account.register.password_hint', PASSWORD_MIN_LENGTH)}
        />
        <TextField
          {...form.field('phone')}
          name="phone"
          label={t('account.register.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          ltr
          optional
        />
        <TextField
          {...form.field('address')}
          name="address"
          label={t('account.register.address')}
          autoComplete="address-line1"
          optional
        />
        <p className="text-sm text-stone-600">
          {termsBefore}
          <Link to={localized('/terms')} className={authLinkClass}>
            {t('account.register.terms_link')}
          </Link>
          {termsMiddle}
          <Link to={localized('/privacy')} className={authLinkClass}>
            {t('account.register.privacy_link')}
          </Link>
          {termsAfter}
        </p>
        <FormErrors messages={formError} />
        <Button type="submit" size="lg" disabled={submitting} aria-busy={submitting || undefined} className="w-full">
          {submitting ? t('account.register.submitting') : t('account.register.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
