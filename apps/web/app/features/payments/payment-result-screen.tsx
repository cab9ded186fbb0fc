import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { AlertCircleIcon, CheckCircleIcon, InfoCircleIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/spinner';
import { useI18n } from '../../i18n/i18n';
import { ApiError } from '../../lib/api';
import { storeCart } from '../cart/cart-api';
import { markJustPlaced } from '../orders/just-placed';
import { clearPendingOrder, PENDING_ORDER_KEY } from '../orders/pending-order';
import {
  FAILED_REDIRECT_MS,
  pendingOrderNumber,
  readReturnParams,
  screenFor,
  screenForFailure,
  SUCCESS_COUNTDOWN_SECONDS,
  verifyRequest,
  type PaymentScreenState,
  type VerifyRequest,
} from './payment-rules';
import { verifyPayment } from './payments-api';
import { isolateLtr } from '../../i18n/bidi';
import { useLocalizedPath } from '../../lib/localized-path';


function storedPendingOrder(): string | null {
  try {
    return window.localStorage.getItem(PENDING_ORDER_KEY);
  } catch {
    return null;
  }
}

/**
 * The payment result screen shared by /payment-success, /payment/success and /payment/cancel.
 * The server renders the loading shell; in the browser the return
 * parameters and the pending order are read and the server is asked to verify the payment.
 */
export function PaymentResultScreen({ pathOrderNumber }: { pathOrderNumber: string | null }) {
  const [state, setState] = useState<PaymentScreenState>({ kind: 'loading' });
  const request = useRef<VerifyRequest | null>(null);
  const [checking, setChecking] = useState(false);
  const started = useRef(false);
  const queryClient = useQueryClient();

  const verify = useCallback(async () => {
    const body = request.current;
    if (!body) return;
    setChecking(true);
    try {
      const answer = await verifyPayment(body);
      // The order is known from now on: asking again names it.
      request.current = { ...body, order_number: answer.order_number };
      const next = screenFor(answer);
      if (next.kind === 'success') {
        clearPendingOrder();
        // The server emptied the cart when it confirmed the payment: the header's count follows.
        storeCart(queryClient, { items: [], summary: { total: 0, total_items: 0 } });
      }
      setState(next);
    } catch (error) {
      setState(screenForFailure(error instanceof ApiError ? error.status : 0, body.order_number ?? null));
    } finally {
      setChecking(false);
    }
  }, [queryClient]);

  useEffect(() => {
    // Once per visit: React's development double effect must not ask UPayments twice.
    if (started.current) return;
    started.current = true;
    const params = readReturnParams(window.location.search);
    request.current = verifyRequest(params, pathOrderNumber ?? pendingOrderNumber(storedPendingOrder()));
    if (!request.current) {
      setState({ kind: 'missing' });
      return;
    }
    void verify();
  }, [pathOrderNumber, verify]);

  return (
    <Container className="py-10 sm:py-16">
      <div className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-2xl border border-stone-200 bg-white p-6 text-center shadow-sm sm:p-8">
        <ResultBody state={state} checking={checking} onCheck={() => void verify()} />
      </div>
    </Container>
  );
}

function ResultBody({ state, checking, onCheck }: { state: PaymentScreenState; checking: boolean; onCheck: () => void }) {
  const localized = useLocalizedPath();
  const { t } = useI18n();
  switch (state.kind) {
    case 'loading':
      return (
        <div data-payment-state="loading">
          <Spinner label={t('payments.loading')} />
        </div>
      );
    case 'success':
      return <PaidPanel orderNumber={state.orderNumber} />;
    case 'failed':
      return <FailedPanel orderNumber={state.orderNumber} />;
    case 'pending':
      return (
        <div role="status" className="flex flex-col items-center gap-4" data-payment-state="pending">
          <InfoCircleIcon className="size-14 text-amber-600" />
          <h1 className="text-2xl font-semibold text-stone-900">{t('payments.pending.title')}</h1>
          <p className="text-stone-700">{t('payments.pending.text', { number: isolateLtr(state.orderNumber) })}</p>
          <Button size="lg" onClick={onCheck} disabled={checking} aria-busy={checking || undefined}>
            {checking ? t('payments.pending.checking') : t('payments.pending.check')}
          </Button>
          <Link to={localized(`/order-status/${state.orderNumber}`)} className="font-semibold text-brand-700 underline">
            {t('payments.link.order')}
          </Link>
        </div>
      );
    case 'missing':
    case 'error':
      return (
        <div role="alert" className="flex flex-col items-center gap-4" data-payment-state={state.kind}>
          <AlertCircleIcon className="size-14 text-red-700" />
          <h1 className="text-2xl font-semibold text-stone-900">
            {state.kind === 'missing' ? t('payments.missing.title') : t('payments.error.title')}
          </h1>
          <p className="text-stone-700">{state.kind === 'missing' ? t('payments.missing.text') : t('payments.error.text')}</p>
          <div className="flex flex-wrap justify-center gap-3">
            {state.kind === 'error' && (
              <Button size="lg" onClick={onCheck} disabled={checking}>
                {t('payments.error.retry')}
              </Button>
            )}
            <ButtonLink to={localized('/')} variant="secondary" size="lg">
              {t('payments.link.home')}
            </ButtonLink>
          </div>
        </div>
      );
  }
}

/** Paid: a 5-second countdown, then the order's tracking page. */
function PaidPanel({ orderNumber }: { orderNumber: string }) {
  const localized = useLocalizedPath();
  const { t, tp } = useI18n();
  const navigate = useNavigate();
  const [left, setLeft] = useState(SUCCESS_COUNTDOWN_SECONDS);
  // Paid: the tracking page greets this tab once with its thank-you.
  useEffect(() => markJustPlaced(orderNumber), [orderNumber]);
  useEffect(() => {
    if (left <= 0) {
      navigate(localized(`/order-status/${orderNumber}`), { replace: true });
      return;
    }
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, navigate, localized, orderNumber]);
  return (
    <div role="status" className="flex flex-col items-center gap-4" data-payment-state="success">
      <CheckCircleIcon className="size-14 text-brand-700" />
      <h1 className="text-2xl font-semibold text-stone-900">{t('payments.success.title')}</h1>
      <p className="text-stone-700">{t('payments.success.text', { number: isolateLtr(orderNumber) })}</p>
      <p className="text-stone-600" aria-live="off">
        {tp('payments.success.countdown', left)}
      </p>
      <ButtonLink to={localized(`/order-status/${orderNumber}`)} size="lg" replace>
        {t('payments.link.order')}
      </ButtonLink>
    </div>
  );
}

/** Failed: the reason, then back to /checkout after 3 seconds with the cart as it was. */
function FailedPanel({ orderNumber }: { orderNumber: string }) {
  const localized = useLocalizedPath();
  const { t } = useI18n();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(localized('/checkout'), { replace: true }), FAILED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, localized]);
  return (
    <div role="alert" className="flex flex-col items-center gap-4" data-payment-state="failed">
      <AlertCircleIcon className="size-14 text-red-700" />
      <h1 className="text-2xl font-semibold text-stone-900">{t('payments.failed.title')}</h1>
      <p className="text-stone-700">{t('payments.failed.text', { number: isolateLtr(orderNumber) })}</p>
      <p className="text-stone-600">{t('payments.failed.redirect')}</p>
      <ButtonLink to={localized('/checkout')} size="lg" replace>
        {t('payments.link.checkout')}
      </ButtonLink>
    </div>
  );
}
