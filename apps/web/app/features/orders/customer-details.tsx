import type { TrackedOrder } from '@shop/shared';
import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { useAuth } from '../account/auth';
import { InfoCard } from './order-card';
import { addressLines } from './order-parts';
import { useLocalizedPath } from '../../lib/localized-path';

/**
 * The customer and delivery cards of the tracking page. In full for the owner and the browser that
 * placed the order; masked otherwise (the API sends only an initial, the phone's last digits and
 * the area, decision 019), with a note saying why and how to see one's own details.
 */
export function CustomerDetails({ order }: { order: TrackedOrder }) {
  const localized = useLocalizedPath();
  const { t, lang } = useI18n();
  const { user } = useAuth();
  if (order.customer_view === 'full') {
    const [street, area] = addressLines(order, lang);
    return (
      <>
        <InfoCard title={t('orders.customer.title')}>
          <div data-customer-view="full">
            <p className="font-semibold text-stone-900" data-testid="order-customer-name">
              <bdi>{order.name}</bdi>
            </p>
            <p className="text-stone-700" data-testid="order-customer-email">
              <bdi dir="ltr">{order.email}</bdi>
            </p>
            <p className="text-stone-700" data-testid="order-customer-phone">
              <bdi dir="ltr">{order.phone}</bdi>
            </p>
          </div>
        </InfoCard>
        <InfoCard title={t('orders.address.title')}>
          <p className="text-stone-700" data-testid="order-street">
            {street}
          </p>
          <p className="text-stone-700" data-testid="order-area">
            {area}
          </p>
          {order.notes && (
            <p className="mt-2 text-sm text-stone-600">
              {t('orders.address.notes')}: {order.notes}
            </p>
          )}
        </InfoCard>
      </>
    );
  }
  const [, area] = addressLines({ ...order, shipping_address: '' }, lang);
  const returnTo = `/order-status/${order.order_number}`;
  return (
    <>
      <InfoCard title={t('orders.customer.title')}>
        <div data-customer-view="masked">
          <p className="font-semibold text-stone-900" data-testid="order-customer-name">
            <bdi>{order.name}</bdi>
          </p>
          <p className="text-stone-700" data-testid="order-customer-phone">
            <span className="sr-only">{t('orders.customer.phone')}: </span>
            <bdi dir="ltr">{order.phone}</bdi>
          </p>
          <p className="mt-3 text-sm text-stone-600">{t('orders.customer.masked')}</p>
          {user ? (
            <p className="mt-1 text-sm text-stone-600">{t('orders.customer.owner_only')}</p>
          ) : (
            <Link
              to={localized(`/login?${new URLSearchParams({ returnTo }).toString()}`)}
              className="mt-1 inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline"
            >
              {t('orders.customer.sign_in')}
            </Link>
          )}
        </div>
      </InfoCard>
      <InfoCard title={t('orders.address.area')}>
        <p className="text-stone-700" data-testid="order-area">
          {area}
        </p>
      </InfoCard>
    </>
  );
}
