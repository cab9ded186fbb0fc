import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { MailIcon } from '../../components/ui/icons';
import { useToast } from '../../components/ui/toast';
import { useI18n } from '../../i18n/i18n';
import { ApiError } from '../../lib/api';
import { requestPasswordReset } from './auth-api';
import { AuthCard, authLinkClass } from './auth-card';
import { checkForgotPassword, normaliseEmail } from './auth-rules';
import { useFieldForm } from '../../components/ui/use-field-form';
import { EmailField } from './form-field';
import { useErrorText } from '../../lib/errors';
import { useLocalizedPath } from '../../lib/localized-path';

const fields = ['email'] as const;
const fieldId = () => 'forgot-email';

/** Forgot password: the e-mail form, then the 'Check your email' screen. */
export function ForgotPasswordScreen() {
  const localized = useLocalizedPath();
  const { t } = useI18n();
  const failureText = useErrorText();
  const toast = useToast();
  const form = useFieldForm({ email: '' }, { fields, fieldId });
  const [submitting, setSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const problem = checkForgotPassword(form.values.email) ?? undefined;
    if (!form.validate({ email: problem }, (found) => t(found.key, found.params))) return;
    setSubmitting(true);
    try {
      const address = normaliseEmail(form.values.email);
      await requestPasswordReset(address);
      toast.success(t('account.forgot.sent_toast'));
      setSentTo(address);
      // The screen changes under the shopper's focus: move it to the new heading.
      requestAnimationFrame(() => heading.current?.focus());
    } catch (failure) {
      const message = failureText(failure, t('account.forgot.failed'));
      if (failure instanceof ApiError && failure.code === 'VALIDATION_ERROR') {
        form.showErrors({ email: failure.details[0]?.message ?? message });
      } else {
        toast.error(message);
      }
    } finally {
      setSubmitting(false);
    }
  }

  function tryAnother() {
    setSentTo(null);
    form.change('email', '');
    requestAnimationFrame(() => form.focus('email'));
  }

  if (sentTo) {
    return (
      <AuthCard title={t('account.forgot.check_title')} headingRef={heading}>
        <div className="flex flex-col items-center gap-4 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <MailIcon className="size-7" />
          </span>
          <p className="text-stone-800">{t('account.forgot.check_text')}</p>
          <p dir="ltr" className="font-semibold break-all text-stone-900">
            {sentTo}
          </p>
          <p className="font-semibold text-stone-900">{t('account.forgot.expires')}</p>
          <p className="text-sm text-stone-600">{t('account.forgot.spam_hint')}</p>
          <div className="flex w-full flex-col gap-2">
            <Button variant="secondary" size="lg" className="w-full" onClick={tryAnother}>
              {t('account.forgot.try_different')}
            </Button>
            <Link to={localized('/login')} className={`${authLinkClass} py-2`}>
              {t('account.forgot.back_to_login')}
            </Link>
          </div>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('account.forgot.title')}
      subtitle={t('account.forgot.subtitle')}
      headingRef={heading}
      footer={
        <Link to={localized('/login')} className={authLinkClass}>
          {t('account.forgot.back_to_login')}
        </Link>
      }
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <EmailField {...form.field('email')} label={t('account.forgot.email')} />
        <Button type="submit" size="lg" disabled={submitting} aria-busy={submitting || undefined} className="w-full">
          {submitting ? t('account.forgot.submitting') : t('account.forgot.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
