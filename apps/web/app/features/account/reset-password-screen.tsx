import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH, RESET_SUCCESS_REDIRECT_MS } from '@shop/shared';
import { Button, ButtonLink } from '../../components/ui/button';
import { AlertCircleIcon, CheckCircleIcon } from '../../components/ui/icons';
import { useToast } from '../../components/ui/toast';
import { useI18n } from '../../i18n/i18n';
import { checkResetToken, resetPassword } from './auth-api';
import { AuthCard, authLinkClass } from './auth-card';
import { Spinner } from '../../components/ui/spinner';
import { serverFieldMessage, useFieldForm } from '../../components/ui/use-field-form';
import { checkNewPassword, type NewPasswordForm } from './auth-rules';
import { isolateLtr } from '../../i18n/bidi';
import { FormNotice } from './form-field';
import { PasswordField } from './password-input';
import { serverMessage, useErrorText } from '../../lib/errors';
import { useLocalizedPath } from '../../lib/localized-path';

const fields = ['password', 'confirm'] as const;
const fieldId = (field: string) => `reset-${field}`;

/**
 * Reset password: checks the link's token on load, then takes the new
 * password; after success it shows a confirmation and goes to /login after 2 seconds.
 */
export function ResetPasswordScreen() {
  const { t } = useI18n();
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';
  const check = useQuery({
    queryKey: ['account', 'reset-token', token],
    queryFn: () => checkResetToken(token),
    enabled: token !== '',
    staleTime: Infinity,
  });

  if (!token) return <InvalidLink message={t('account.reset.invalid_default')} />;
  if (check.isPending) {
    return (
      <AuthCard title={t('account.reset.title')}>
        <Spinner label={t('account.reset.verifying')} />
      </AuthCard>
    );
  }
  if (check.isError) return <InvalidLink message={serverMessage(check.error) ?? t('account.reset.invalid_default')} />;
  return <NewPasswordForm token={token} maskedEmail={check.data.email} />;
}

function InvalidLink({ message }: { message: string }) {
  const localized = useLocalizedPath();
  const { t } = useI18n();
  return (
    <AuthCard title={t('account.reset.invalid_title')}>
      <div className="flex flex-col items-center gap-4 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-red-50 text-red-700">
          <AlertCircleIcon className="size-8" />
        </span>
        <p role="alert" className="text-stone-800">
          {message}
        </p>
        <ButtonLink to={localized('/forgot-password')} size="lg" className="w-full">
          {t('account.reset.request_new')}
        </ButtonLink>
        <Link to={localized('/login')} className={`${authLinkClass} py-2`}>
          {t('account.reset.back_to_login')}
        </Link>
      </div>
    </AuthCard>
  );
}

function NewPasswordForm({ token, maskedEmail }: { token: string; maskedEmail: string }) {
  const localized = useLocalizedPath();
  const { t, tp } = useI18n();
  const failureText = useErrorText();
  const toast = useToast();
  const navigate = useNavigate();
  const form = useFieldForm<NewPasswordForm>({ password: '', confirm: '' }, { fields, fieldId });
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!done) return;
    heading.current?.focus();
    const timer = setTimeout(() => void navigate(localized('/login'), { replace: true }), RESET_SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate, localized]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (submitting) return;
    if (!form.validate(checkNewPassword(form.values), (problem) => t(problem.key, problem.params))) return;
    setFormError(null);
    setSubmitting(true);
    try {
      await resetPassword(token, form.values.password);
      toast.success(t('account.reset.success_toast'));
      setDone(true);
    } catch (error) {
      setSubmitting(false);
      const message = failureText(error, t('account.reset.failed'));
      const onPassword = serverFieldMessage(error, 'password');
      if (onPassword) {
        form.showErrors({ password: onPassword });
        return;
      }
      setFormError(message);
      toast.error(message);
    }
  }

  if (done) {
    return (
      <AuthCard title={t('account.reset.success_title')} headingRef={heading}>
        <div role="status" className="flex flex-col items-center gap-4 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <CheckCircleIcon className="size-8" />
          </span>
          <p className="text-stone-800">{t('account.reset.success_text')}</p>
          <Link to={localized('/login')} className={authLinkClass}>
            {t('account.reset.back_to_login')}
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('account.reset.title')}
      subtitle={t('account.reset.for_account', { email: isolateLtr(maskedEmail) })}
      footer={
        <Link to={localized('/login')} className={authLinkClass}>
          {t('account.reset.back_to_login')}
        </Link>
      }
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        {formError ? <FormNotice tone="error">{formError}</FormNotice> : null}
        <PasswordField
          {...form.field('password')}
          label={t('account.reset.password')}
          autoComplete="new-password"
          required
        />
        <PasswordField
          {...form.field('confirm')}
          label={t('account.reset.confirm')}
          autoComplete="new-password"
          required
        />
        <div className="rounded-lg border border-stone-200 bg-sand-50 p-3 text-sm text-stone-700">
          <p className="font-semibold text-stone-900">{t('account.reset.requirements_title')}</p>
          <ul className="mt-1 list-disc ps-5">
            <li>{tp('account.reset.requirement_length', PASSWORD_MIN_LENGTH)}</li>
            <li>{t('account.reset.requirement_unique')}</li>
            <li>{t('account.reset.requirement_mix')}</li>
          </ul>
        </div>
        <Button type="submit" size="lg" disabled={submitting} aria-busy={submitting || undefined} className="w-full">
          {submitting ? t('account.reset.submitting') : t('account.reset.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
