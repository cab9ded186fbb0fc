import { useState } from 'react';
import { STORE_EMAIL_PATTERN } from '@shop/shared';
import { Button } from '../../components/ui/button';
import { serverFieldMessage } from '../../components/ui/use-field-form';
import { CheckCircleIcon } from '../../components/ui/icons';
import { useToast } from '../../components/ui/toast';
import { useI18n } from '../../i18n/i18n';
import { isolateLtr } from '../../i18n/bidi';
import { useErrorText } from '../../lib/errors';
import { useAuth } from '../account/auth';
import { guestOnly } from '../account/member-hint';
import { TextField } from '../account/form-field';
import { askBackInStock } from './shopper-emails-api';

const EMAIL_ID = 'back-in-stock-email';

/**
 * "Tell me when it is back" on a sold-out product (docs/decisions/063): a guest types an
 * address, a signed-in customer taps one button (their account's address). The page is the same
 * for everyone (the page cache); who is signed in is known only in the browser, after load.
 */
export function BackInStockForm({ productId }: { productId: number }) {
  const { t } = useI18n();
  const { status, user } = useAuth();
  const toast = useToast();
  const failureText = useErrorText();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);
  const signedIn = status === 'authenticated' && user !== null;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (sending) return;
    const typed = email.trim();
    if (!signedIn && !STORE_EMAIL_PATTERN.test(typed)) {
      setError(t('catalog.back_in_stock.email_invalid'));
      document.getElementById(EMAIL_ID)?.focus();
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      await askBackInStock(productId, signedIn ? null : typed);
      setDone(true);
      toast.success(t('catalog.back_in_stock.done'));
    } catch (failure) {
      const onEmail = serverFieldMessage(failure, 'email');
      const message = onEmail ?? failureText(failure, t('catalog.back_in_stock.failed'));
      if (onEmail) setError(onEmail);
      toast.error(message);
    } finally {
      setSending(false);
    }
  }

  if (done) {
    return (
      <p
        role="status"
        className="flex items-start gap-2 rounded-lg border border-brand-200 bg-brand-50 p-3 text-brand-900"
      >
        <CheckCircleIcon className="mt-0.5 size-5 shrink-0" />
        {t('catalog.back_in_stock.done')}
      </p>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby="back-in-stock-title"
      className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-sand-50 p-4"
    >
      <h2 id="back-in-stock-title" className="font-semibold text-stone-900">
        {t('catalog.back_in_stock.title')}
      </h2>
      <p className={guestOnly(status, 'text-sm text-stone-700')}>
        {signedIn
          ? t('catalog.back_in_stock.intro_account', { email: isolateLtr(user.email) })
          : t('catalog.back_in_stock.intro')}
      </p>
      {!signedIn && (
        <div className={guestOnly(status, 'contents')}>
          <TextField
            id={EMAIL_ID}
            label={t('catalog.back_in_stock.email')}
            value={email}
            onChange={setEmail}
            error={error}
            type="email"
            inputMode="email"
            autoComplete="email"
            ltr
          />
        </div>
      )}
      <Button
        type="submit"
        size="lg"
        disabled={sending}
        aria-busy={sending || undefined}
        className="w-full sm:w-auto"
      >
        {sending ? t('catalog.back_in_stock.sending') : t('catalog.back_in_stock.submit')}
      </Button>
    </form>
  );
}
