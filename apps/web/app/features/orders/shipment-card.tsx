import { isWebAddress, type Shipment } from '@shop/shared';
import { useI18n } from '../../i18n/i18n';
import { InfoCard } from './order-card';

/**
 * How the order travels, once the shop gave it: the carrier, the tracking number and a link to the
 * carrier's own tracking page (opened in a new tab). A stranger holding the link sees the carrier
 * only (decision 019: the carrier's page may name the recipient).
 */
export function ShipmentCard({ shipment }: { shipment: Shipment | null }) {
  const { t } = useI18n();
  if (!shipment) return null;
  const link = shipment.tracking_url !== null && isWebAddress(shipment.tracking_url) ? shipment.tracking_url : null;
  return (
    <InfoCard title={t('orders.shipment.title')}>
      <dl className="flex flex-col gap-1 text-stone-700" data-testid="order-shipment">
        {shipment.carrier !== null && (
          <div className="flex flex-wrap gap-x-2">
            <dt>{t('orders.shipment.carrier')}:</dt>
            <dd className="font-semibold text-stone-900">
              <bdi>{shipment.carrier}</bdi>
            </dd>
          </div>
        )}
        {shipment.tracking_number !== null && (
          <div className="flex flex-wrap gap-x-2">
            <dt>{t('orders.shipment.tracking_number')}:</dt>
            <dd className="font-semibold text-stone-900">
              <bdi dir="ltr" className="select-all">
                {shipment.tracking_number}
              </bdi>
            </dd>
          </div>
        )}
      </dl>
      {link && (
        <a
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-3 inline-flex min-h-11 items-center rounded-lg border border-brand-600 px-4 font-semibold text-brand-700 hover:bg-brand-50"
        >
          {t('orders.shipment.track')}
          <span className="sr-only"> ({t('orders.shipment.new_tab')})</span>
        </a>
      )}
    </InfoCard>
  );
}

/** The shipment on a printed invoice: carrier and tracking number, when given. */
export function InvoiceShipment({ shipment }: { shipment: Shipment | null }) {
  const { t } = useI18n();
  if (!shipment || (shipment.carrier === null && shipment.tracking_number === null)) return null;
  return (
    <p className="text-sm" data-testid="invoice-shipment">
      {t('orders.shipment.title')}: {shipment.carrier !== null && <bdi>{shipment.carrier}</bdi>}
      {shipment.carrier !== null && shipment.tracking_number !== null && <span aria-hidden="true"> · </span>}
      {shipment.tracking_number !== null && <bdi dir="ltr">{shipment.tracking_number}</bdi>}
    </p>
  );
}
