import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { UnsubscribeKind } from '@shop/shared';
import { Button } from '../../components/ui/button';
import { AlertCircleIcon, CheckCircleIcon } from '../../components/ui/icons';
import { useToast } from '../../components/ui/toast';
import { useI18n } from '../../i18n/i18n';
import { useErrorText } from '../../lib/errors';
import { useLocalizedPath } from '../../lib/localized-path';
import { AuthCard, authLinkClass } from '../account/auth-card';
import { unsubscribeWithToken } from './shopper-emails-api';

/**
 * An e-mail's unsubscribe link (docs/decisions/063): one button that posts the token, so a mail
 * scanner that opens every link changes nothing; then what was turned off.
 */
export function UnsubscribeScreen() {
  const { t } = useI18n();
  const localized = useLocalizedPath();
  const toast = useToast();
  const failureText = useErrorText();
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<UnsubscribeKind | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function confirm() {
    if (sending) return;
    setSending(true);
    setFailure(null);
    try {
      const reply = await unsubscribeWithToken(token);
      setDone(reply.kind);
      toast.success(reply.message);
    } catch (error) {
      const message = failureText(error, t('account.unsubscribe.failed'));
      setFailure(message);
      toast.error(message);
    } finally {
      setSending(false);
    }
  }

  const home = (
    <Link to={localized('/')} className={`${authLinkClass} py-2`}>
      {t('account.unsubscribe.back_to_shop')}
    </Link>
  );

  if (!token) {
    return (
      <AuthCard title={t('account.unsubscribe.title')} footer={home}>
        <p role="alert" className="flex items-start gap-2 text-stone-800">
          <AlertCircleIcon className="mt-0.5 size-5 shrink-0 text-red-700" />
          {t('account.unsubscribe.no_token')}
        </p>
      </AuthCard>
    );
  }
  if (done) {
    return (
      <AuthCard title={t('account.unsubscribe.done_title')} footer={home}>
        <p role="status" className="flex items-start gap-2 text-stone-800">
          <CheckCircleIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
          {t(done === 'stock_alert' ? 'account.unsubscribe.done_stock_alert' : 'account.unsubscribe.done_promotional')}
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('account.unsubscribe.title')} subtitle={t('account.unsubscribe.intro')} footer={home}>
      <div className="flex flex-col gap-4">
        {failure ? (
          <p role="alert" className="font-semibold text-red-700">
            {failure}
          </p>
        ) : null}
        <Button type="button" size="lg" onClick={() => void confirm()} disabled={sending} aria-busy={sending || undefined} className="w-full">
          {sending ? t('account.unsubscribe.sending') : t('account.unsubscribe.confirm')}
        </Button>
      </div>
    </AuthCard>
  );
}
