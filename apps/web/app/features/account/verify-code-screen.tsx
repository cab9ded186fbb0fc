import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { VERIFICATION_SUCCESS_REDIRECT_MS } from '@shop/shared';
import { Button, ButtonLink } from '../../components/ui/button';
import { CheckCircleIcon } from '../../components/ui/icons';
import { useI18n } from '../../i18n/i18n';
import { afterVerification, type AfterVerification } from './after-verification';
import { useAuth } from './auth';
import { resendVerificationCode, verifyEmailCode } from './auth-api';
import { AuthCard, authLinkClass } from './auth-card';
import {
  checkCode,
  emptyCode,
  isCompleteCode,
  verificationEmail,
  type AccountNavigationState,
} from './auth-rules';
import { CodeInputs } from './code-inputs';
import { FormNotice } from './form-field';
import { useArrivalState } from './use-arrival-state';
import { useErrorText } from '../../lib/errors';
import { useLocalizedPath } from '../../lib/localized-path';

const CODE_LABEL_ID = 'verify-code-label';
const CODE_ERROR_ID = 'verify-code-error';

type ResendState = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string };

/**
 * E-mail verification: six boxes, submitted automatically once full;
 * a wrong code empties them and puts the focus back on the first; success shows for 2 seconds,
 * then /login with a message and the address.
 */
export function VerifyCodeScreen() {
  const localized = useLocalizedPath();
  const { t } = useI18n();
  const [search] = useSearchParams();
  const arrival = useArrivalState();
  const email = verificationEmail(arrival, search);

  if (!email) {
    return (
      <AuthCard title={t('account.verify.title')}>
        <FormNotice tone="error">{t('account.verify.no_email')}</FormNotice>
        <ButtonLink to={localized('/register')} size="lg" className="w-full">
          {t('account.verify.register_link')}
        </ButtonLink>
        <Link to={localized('/login')} className={`${authLinkClass} self-center py-2`}>
          {t('account.verify.back_to_login')}
        </Link>
      </AuthCard>
    );
  }
  return <VerifyCodeForm email={email} arrival={arrival} />;
}

function VerifyCodeForm({ email, arrival }: { email: string; arrival: AccountNavigationState }) {
  const localized = useLocalizedPath();
  const { t } = useI18n();
  const failureText = useErrorText();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { user, updateUser } = useAuth();
  // Decided once the code is accepted: a signed-in shopper goes on, a guest signs in.
  const [next, setNext] = useState<AfterVerification | null>(null);
  const [digits, setDigits] = useState(emptyCode);
  const [error, setError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [verified, setVerified] = useState(false);
  const [resend, setResend] = useState<ResendState>({ kind: 'idle' });
  // A full code is submitted from the change handler; this stops a second submission meanwhile.
  const inFlight = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!verified || !next) return;
    heading.current?.focus();
    const timer = setTimeout(() => {
      if (next.kind === 'signed_in') {
        void navigate(localized(next.to), { replace: true });
        return;
      }
      const state: AccountNavigationState = { email, message: t('account.verify.login_message') };
      void navigate(localized(next.to), { replace: true, state });
    }, VERIFICATION_SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [verified, next, email, navigate, localized, t]);

  // Bumped to put the focus back on the first box once it is enabled again (after a failure).
  const [firstBoxFocus, setFirstBoxFocus] = useState(0);
  useEffect(() => {
    if (firstBoxFocus > 0) document.querySelector<HTMLInputElement>('input[name="code-1"]')?.focus();
  }, [firstBoxFocus]);
  const focusFirstBox = () => setFirstBoxFocus((count) => count + 1);

  async function verify(code: readonly string[]) {
    const problem = checkCode(code);
    if (problem) {
      setError(t(problem.key, problem.params));
      const firstEmpty = code.findIndex((digit) => !digit);
      document.querySelector<HTMLInputElement>(`input[name="code-${Math.max(firstEmpty, 0) + 1}"]`)?.focus();
      return;
    }
    if (inFlight.current) return;
    inFlight.current = true;
    setVerifying(true);
    setError(null);
    try {
      await verifyEmailCode(email, code.join(''));
      const after = afterVerification(user, email, search.get('returnTo'));
      if (user && after.kind === 'signed_in') updateUser({ ...user, isVerified: true });
      setNext(after);
      setVerified(true);
    } catch (failure) {
      setError(failureText(failure, t('account.verify.failed')));
      setDigits(emptyCode());
      focusFirstBox();
    } finally {
      inFlight.current = false;
      setVerifying(false);
    }
  }

  function changed(next: string[]) {
    setDigits(next);
    if (error) setError(null);
    if (isCompleteCode(next)) void verify(next);
  }

  async function sendAgain() {
    if (resend.kind === 'sending') return;
    setResend({ kind: 'sending' });
    try {
      await resendVerificationCode(email);
      setResend({ kind: 'sent' });
      setError(null);
      setDigits(emptyCode());
      focusFirstBox();
    } catch (failure) {
      setResend({ kind: 'failed', message: failureText(failure, t('account.verify.resend_failed')) });
    }
  }

  if (verified) {
    return (
      <AuthCard title={t('account.verify.success_title')} headingRef={heading}>
        <div role="status" className="flex flex-col items-center gap-4 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <CheckCircleIcon className="size-8" />
          </span>
          <p className="text-stone-800">
            {next?.kind === 'signed_in' ? t('account.verify.success_text_signed_in') : t('account.verify.success_text')}
          </p>
        </div>
      </AuthCard>
    );
  }

  const notSent = arrival.verificationSent === false && resend.kind === 'idle';

  return (
    <AuthCard
      title={t('account.verify.title')}
      headingRef={heading}
      subtitle={
        <>
          <p>{t('account.verify.instructions')}</p>
          {/* On its own line, so a long address never splits in the middle of a word. */}
          <bdi dir="ltr" className="inline-block max-w-full font-semibold [overflow-wrap:anywhere] text-stone-900">
            {email}
          </bdi>
        </>
      }
      footer={
        <Link to={localized('/login')} className={authLinkClass}>
          {t('account.verify.back_to_login')}
        </Link>
      }
    >
      {arrival.message && !notSent ? <FormNotice tone="success">{arrival.message}</FormNotice> : null}
      {notSent ? <FormNotice tone="error">{t('account.verify.not_sent')}</FormNotice> : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void verify(digits);
        }}
        className="flex flex-col gap-4"
      >
        <p id={CODE_LABEL_ID} className="text-center text-sm font-semibold text-stone-800">
          {t('account.verify.code_label')}
        </p>
        <CodeInputs
          digits={digits}
          onChange={changed}
          disabled={verifying}
          errorId={CODE_ERROR_ID}
          invalid={error !== null}
          labelledBy={CODE_LABEL_ID}
        />
        <p id={CODE_ERROR_ID} role="alert" className="text-center text-sm font-semibold text-red-700 empty:hidden">
          {error}
        </p>
        <Button type="submit" size="lg" disabled={verifying} aria-busy={verifying || undefined} className="w-full">
          {verifying ? t('account.verify.submitting') : t('account.verify.submit')}
        </Button>
      </form>
      <div className="flex flex-col items-center gap-2 text-center text-sm">
        <p className="text-stone-700">
          {t('account.verify.no_code')}{' '}
          <button
            type="button"
            onClick={() => void sendAgain()}
            disabled={resend.kind === 'sending'}
            className={`${authLinkClass} disabled:opacity-60`}
          >
            {resend.kind === 'sending' ? t('account.verify.resending') : t('account.verify.resend')}
          </button>
        </p>
        {resend.kind === 'sent' ? <FormNotice tone="success">{t('account.verify.resent')}</FormNotice> : null}
        {resend.kind === 'failed' ? <FormNotice tone="error">{resend.message}</FormNotice> : null}
      </div>
    </AuthCard>
  );
}
