import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '@shop/shared';
import { Button } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast';
import { useI18n } from '../../i18n/i18n';
import { ApiError } from '../../lib/api';
import { useAuth } from './auth';
import { register } from './auth-api';
import { AuthCard, authLinkClass } from './auth-card';
import { Spinner } from '../../components/ui/spinner';
import {
  checkRegistration,
  firstProblemField,
  normaliseEmail,
  serverMessage,
  splitFieldDetails,
  verifyCodePath,
  type AccountNavigationState,
  type RegistrationForm,
} from './auth-rules';
import { FormNotice, TextField } from './form-field';
import { PasswordField } from './password-input';
import { useGuestOnly } from './use-guest-only';

const fields = ['name', 'email', 'password', 'phone', 'address'] as const;
type Field = (typeof fields)[number];
type FieldErrors = Partial<Record<Field, string>>;
const fieldId = (field: string) => `register-${field}`;

const emptyForm: RegistrationForm = { name: '', email: '', password: '', phone: '', address: '' };

/**
 * Registration (spec section 2). The new account is signed in at once (the server already
 * adopted the guest cart into it), then the shopper verifies the e-mail on /verify-code.
 */
export function RegisterScreen() {
  const { t } = useI18n();
  const toast = useToast();
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const { markSigningIn, redirecting } = useGuestOnly();
  const [form, setForm] = useState<RegistrationForm>(emptyForm);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string[]>([]);
  const [submitting, setSubmitting] = useState(false);

  function update(field: Field, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function showErrors(shown: FieldErrors) {
    setErrors(shown);
    const first = firstProblemField(fields, shown);
    if (first) document.getElementById(fieldId(first))?.focus();
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const problems = checkRegistration(form);
    if (firstProblemField(fields, problems)) {
      const shown: FieldErrors = {};
      for (const field of fields) {
        const problem = problems[field];
        if (problem) shown[field] = t(problem.key, problem.params);
      }
      setFormError([]);
      showErrors(shown);
      return;
    }
    setErrors({});
    setFormError([]);
    setSubmitting(true);
    try {
      const { token, user, verification_sent: verificationSent } = await register(form);
      markSigningIn();
      signIn(token, user);
      toast.success(t('account.register.success_toast'));
      const email = normaliseEmail(form.email);
      const state: AccountNavigationState = {
        email,
        message: t('account.register.created'),
        verificationSent: verificationSent ?? true,
      };
      void navigate(verifyCodePath(email), { state });
    } catch (error) {
      setSubmitting(false);
      if (error instanceof ApiError && error.code === 'VALIDATION_ERROR' && error.details.length > 0) {
        const { onFields, elsewhere } = splitFieldDetails(error.details, fields);
        setFormError(elsewhere);
        showErrors(onFields);
        return;
      }
      if (error instanceof ApiError && error.code === 'USER_EXISTS') {
        // The address is the problem: say so on the field, where the shopper can change it.
        showErrors({ email: serverMessage(error) ?? t('account.register.failed') });
        return;
      }
      toast.error(serverMessage(error) ?? t('account.register.failed'));
    }
  }

  if (redirecting) {
    return (
      <AuthCard title={t('account.register.title')}>
        <Spinner label={t('account.signed_in.redirecting')} />
      </AuthCard>
    );
  }

  const [termsBefore = '', termsMiddle = '', termsAfter = ''] = t('account.register.terms').split(/\{terms\}|\{privacy\}/);

  return (
    <AuthCard
      title={t('account.register.title')}
      subtitle={t('account.register.subtitle')}
      footer={
        <p>
          {t('account.register.have_account')}{' '}
          <Link to="/login" className={authLinkClass}>
            {t('account.register.login_link')}
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        {formError.length > 0 ? (
          <FormNotice tone="error">
            {formError.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </FormNotice>
        ) : null}
        <TextField
          id={fieldId('name')}
          name="name"
          label={t('account.register.name')}
          autoComplete="name"
          required
          value={form.name}
          error={errors.name}
          onChange={(value) => update('name', value)}
        />
        <TextField
          id={fieldId('email')}
          name="email"
          label={t('account.register.email')}
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
          label={t('account.register.password')}
          autoComplete="new-password"
          required
          hint={t('account.register.password_hint', { min: PASSWORD_MIN_LENGTH })}
          value={form.password}
          error={errors.password}
          onChange={(value) => update('password', value)}
        />
        <TextField
          id={fieldId('phone')}
          name="phone"
          label={t('account.register.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          ltr
          optional
          value={form.phone}
          error={errors.phone}
          onChange={(value) => update('phone', value)}
        />
        <TextField
          id={fieldId('address')}
          name="address"
          label={t('account.register.address')}
          autoComplete="street-address"
          optional
          value={form.address}
          error={errors.address}
          onChange={(value) => update('address', value)}
        />
        <p className="text-sm text-stone-600">
          {termsBefore}
          <Link to="/terms" className={authLinkClass}>
            {t('account.register.terms_link')}
          </Link>
          {termsMiddle}
          <Link to="/privacy" className={authLinkClass}>
            {t('account.register.privacy_link')}
          </Link>
          {termsAfter}
        </p>
        <Button type="submit" size="lg" disabled={submitting} aria-busy={submitting || undefined} className="w-full">
          {submitting ? t('account.register.submitting') : t('account.register.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
