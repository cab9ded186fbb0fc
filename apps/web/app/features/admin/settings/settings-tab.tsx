import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { toThousandths } from '@shop/shared';
import { Button } from '../../../components/ui/button';
import { Price } from '../../../components/ui/price';
import { useI18n } from '../../../i18n/i18n';
import { PencilIcon } from '../ui/admin-icons';
import { AdminPageHeader, ErrorPanel, LoadingPanel } from '../ui/states';
import { SettingsEditForm } from './settings-form';
import { adminSettingsQuery, type AdminSettings } from './settings-api';
import { useSessionFailureOf } from '../../../lib/errors';

/**
 * The settings tab: a read view of the store's name, description,
 * logo and contact details, and an edit mode; saving or cancelling returns to the read view.
 */
export default function SettingsTab() {
  const { t } = useI18n();
  const [editing, setEditing] = useState(false);
  const settings = useQuery(adminSettingsQuery());
  useSessionFailureOf(settings.error);

  // The button that was pressed disappears with the mode: the focus moves to the first field of
  // the edit mode, and back to the edit button on return (not on the first render).
  const switched = useRef(false);
  useEffect(() => {
    if (!switched.current) return;
    document.getElementById(editing ? 'settings-store_name' : 'settings-edit')?.focus();
  }, [editing]);
  const switchTo = (next: boolean) => {
    switched.current = true;
    setEditing(next);
  };

  // Once loaded, the settings stay on screen (and an edit keeps what was typed) whatever a later
  // refetch does; the loading and error states are for the first load only.
  if (settings.data === undefined) {
    return (
      <section>
        <AdminPageHeader title={t('admin-settings.title')} description={t('admin-settings.description')} />
        {settings.isError ? (
          <ErrorPanel title={t('admin-settings.load_error')} error={settings.error} onRetry={() => void settings.refetch()} />
        ) : (
          <LoadingPanel />
        )}
      </section>
    );
  }
  if (editing) return <SettingsEditForm settings={settings.data} onDone={() => switchTo(false)} />;
  return <SettingsView settings={settings.data} onEdit={() => switchTo(true)} />;
}

function SettingsView({ settings, onEdit }: { settings: AdminSettings; onEdit: () => void }) {
  const { t } = useI18n();
  const notSet = <span className="text-stone-400">{t('admin-settings.not_set')}</span>;
  return (
    <section>
      <AdminPageHeader
        title={t('admin-settings.title')}
        description={t('admin-settings.description')}
        actions={
          <Button id="settings-edit" onClick={onEdit}>
            <PencilIcon className="size-4" />
            {t('admin-settings.edit')}
          </Button>
        }
      />
      <div className="grid gap-5 lg:grid-cols-2">
        <Card title={t('admin-settings.section.identity')}>
          <Item label={t('admin-settings.field.logo')}>
            {settings.logo ? (
              <img
                src={settings.logo}
                alt={t('admin-settings.logo_alt')}
                className="max-h-24 max-w-48 rounded-lg border border-stone-200 bg-white object-contain p-1"
              />
            ) : (
              <span className="text-stone-400">{t('admin-settings.no_logo')}</span>
            )}
          </Item>
          <Item label={t('admin-settings.field.store_name')}>
            <Bilingual arabic={settings.store_name} english={settings.store_name_en} fallback={notSet} />
          </Item>
          <Item label={t('admin-settings.field.store_description')}>
            <Bilingual arabic={settings.store_description} english={settings.store_description_en} fallback={notSet} multiline />
          </Item>
        </Card>
        <Card title={t('admin-settings.section.contact')}>
          <Item label={t('admin-settings.field.email')}>
            {settings.email ? (
              <bdi dir="ltr" className="break-all">
                {settings.email}
              </bdi>
            ) : (
              notSet
            )}
          </Item>
          <Item label={t('admin-settings.field.phone_number')}>
            {settings.phone_number ? <bdi dir="ltr">{settings.phone_number}</bdi> : notSet}
          </Item>
          <Item label={t('admin-settings.field.whatsapp_number')}>
            {settings.whatsapp_number ? <bdi dir="ltr">{settings.whatsapp_number}</bdi> : notSet}
          </Item>
          <Item label={t('admin-settings.field.address')}>
            <Bilingual arabic={settings.address} english={settings.address_en} fallback={notSet} multiline />
          </Item>
        </Card>
        <Card title={t('admin-settings.section.delivery')}>
          <Item label={t('admin-settings.field.free_shipping_threshold')}>
            {settings.free_shipping_threshold === null ? (
              <span className="text-stone-500">{t('admin-settings.free_shipping_off')}</span>
            ) : (
              <span data-testid="settings-free-shipping">
                {t('admin-settings.free_shipping_from')} <Price value={toThousandths(settings.free_shipping_threshold)} />
              </span>
            )}
          </Item>
          <Item label={t('admin-settings.field.gift_wrap_fee')}>
            {settings.gift_wrap_fee === null ? (
              <span className="text-stone-500">{t('admin-settings.gift_wrap_off')}</span>
            ) : (
              <span data-testid="settings-gift-wrap-fee">
                <Price value={toThousandths(settings.gift_wrap_fee)} />
              </span>
            )}
          </Item>
        </Card>
      </div>
    </section>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-stone-200 bg-white p-5">
      <h2 className="text-lg font-semibold text-stone-900">{title}</h2>
      <dl className="mt-4 flex flex-col gap-4">{children}</dl>
    </div>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 border-t border-stone-100 pt-3 first:border-t-0 first:pt-0">
      <dt className="text-sm font-semibold text-stone-500">{label}</dt>
      <dd className="text-stone-900">{children}</dd>
    </div>
  );
}

/** An Arabic text with its English version under it, labelled, when there is one. */
function Bilingual({
  arabic,
  english,
  fallback,
  multiline,
}: {
  arabic: string | null;
  english: string | null;
  fallback: ReactNode;
  multiline?: boolean;
}) {
  const { t } = useI18n();
  const wrap = multiline ? 'whitespace-pre-line break-words' : 'break-words';
  return (
    <div className="flex flex-col gap-1">
      {arabic ? (
        <p className={wrap}>
          <bdi lang="ar">{arabic}</bdi>
        </p>
      ) : (
        fallback
      )}
      {english ? (
        <p className="text-sm text-stone-600">
          <span className="font-semibold">{t('admin-settings.in_english')}: </span>
          <bdi lang="en" className={wrap}>
            {english}
          </bdi>
        </p>
      ) : null}
    </div>
  );
}
