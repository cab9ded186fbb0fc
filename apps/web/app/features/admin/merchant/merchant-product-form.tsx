import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import {
  MERCHANT_AVAILABILITIES,
  MERCHANT_CONDITIONS,
  MERCHANT_CURRENCIES,
  type MerchantLastPush,
  type MerchantProductResponse,
} from '@shop/shared';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { useFieldForm } from '../../../components/ui/use-field-form';
import { useI18n } from '../../../i18n/i18n';
import { TrashIcon } from '../ui/admin-icons';
import { useConfirm } from '../ui/confirm-dialog';
import { Field, SelectInput, TextArea, TextInput } from '../ui/fields';
import { ErrorPanel, FormErrorBox, LoadingPanel } from '../ui/states';
import { useUnsavedChanges } from '../ui/use-unsaved-changes';
import { merchantProductQuery, useDeleteMerchantProduct, usePushMerchantProduct, useRefreshMerchant } from './merchant-api';
import { LastPushLine, PICKER_URL_PARAMS } from './merchant-picker';
import {
  emptyMerchantForm,
  isAbsoluteWebUrl,
  isMerchantFormDirty,
  merchantFields,
  merchantFormFrom,
  merchantFormProblems,
  merchantPayloadBody,
  missingRequiredFields,
  typedProductId,
  type MerchantField,
  type MerchantForm,
} from './merchant-rules';
import { MerchantCard } from './merchant-status-panels';
import { failureText, useSessionFailure, useSessionFailureOf } from '../../../lib/errors';

const fieldId = (field: MerchantField) => `merchant-${field}`;

/**
 * The form of one product for Google: empty (the id typed) or prefilled from the product chosen in
 * the picker (GET products/:id). `onDirtyChange` tells the tab whether typed text would be lost.
 */
export function MerchantFormSection({
  chosenId,
  onDirtyChange,
  onClear,
}: {
  chosenId: number | null;
  onDirtyChange: (dirty: boolean) => void;
  onClear: () => void;
}) {
  const { t } = useI18n();
  const product = useQuery({ ...merchantProductQuery(chosenId ?? 0), enabled: chosenId !== null });
  useSessionFailureOf(product.error);

  let body;
  if (chosenId === null) body = <MerchantFormBody key="typed" prefill={null} onDirtyChange={onDirtyChange} onClear={onClear} />;
  else if (product.isPending) body = <LoadingPanel label={t('admin-merchant.form.loading')} />;
  else if (product.isError) {
    body = <ErrorPanel title={t('admin-merchant.form.load_error')} error={product.error} onRetry={() => void product.refetch()} />;
  } else body = <MerchantFormBody key={chosenId} prefill={product.data} onDirtyChange={onDirtyChange} onClear={onClear} />;

  return (
    <MerchantCard id="merchant-form" title={t('admin-merchant.form.title')}>
      {body}
    </MerchantCard>
  );
}

/** The image link's small preview, hidden when the address is not one or the image does not load. */
function ImagePreview({ url }: { url: string }) {
  const { t } = useI18n();
  const [broken, setBroken] = useState<string | null>(null);
  if (!isAbsoluteWebUrl(url) || broken === url) return null;
  return (
    <figure className="flex items-center gap-3">
      <img src={url.trim()} alt="" onError={() => setBroken(url)} className="size-20 rounded-lg border border-stone-200 bg-stone-100 object-cover" />
      <figcaption className="text-sm text-stone-500">{t('admin-merchant.form.image_preview')}</figcaption>
    </figure>
  );
}

function MerchantFormBody({
  prefill,
  onDirtyChange,
  onClear,
}: {
  prefill: MerchantProductResponse | null;
  onDirtyChange: (dirty: boolean) => void;
  onClear: () => void;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const confirm = useConfirm();
  const refreshMerchant = useRefreshMerchant();
  const authFailure = useSessionFailure();
  const initial = useMemo(() => (prefill ? merchantFormFrom(prefill.payload) : emptyMerchantForm()), [prefill]);
  const form = useFieldForm<MerchantForm>(initial, { fields: merchantFields, fieldId });
  /** What Google holds as far as this form knows: the prefill, then each sent version. */
  const [baseline, setBaseline] = useState<MerchantForm>(initial);
  const [boxMessages, setBoxMessages] = useState<string[]>([]);
  /** The last push this form made; until then (or after a failure) the server's, refreshed. */
  const [pushed, setPushed] = useState<MerchantLastPush | null>(null);
  const dirty = isMerchantFormDirty(form.values, baseline);
  useUnsavedChanges(dirty, PICKER_URL_PARAMS);
  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const push = usePushMerchantProduct(merchantPayloadBody, {
    onSuccess: (reply, values) => {
      toast.success(t('admin-merchant.toast.updated', { title: values.title.trim() }));
      setBaseline(values);
      setPushed(reply.last_push);
      setBoxMessages([]);
    },
    onError: (error) => {
      if (authFailure(error)) return;
      const elsewhere = form.showServerErrors(error) ?? [];
      const message = failureText(t('admin-merchant.toast.update_failed'), error);
      setBoxMessages([message, ...elsewhere.filter((text) => !message.includes(text))]);
      toast.error(message);
      // The server recorded the failure as the product's last push: show it.
      setPushed(null);
      refreshMerchant();
    },
  });

  const remove = useDeleteMerchantProduct({
    onSuccess: (_reply, id) => {
      toast.success(t('admin-merchant.toast.deleted', { id }));
      setBoxMessages([]);
      setPushed(null);
    },
    onError: (error) => {
      if (authFailure(error)) return;
      const message = failureText(t('admin-merchant.toast.delete_failed'), error);
      setBoxMessages([message]);
      toast.error(message);
      setPushed(null);
      refreshMerchant();
    },
  });
  const busy = push.isPending || remove.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBoxMessages([]);
    const problems = merchantFormProblems(form.values);
    if (!form.validate(problems, (key) => t(key))) {
      // One message when product id, title or price is missing (also a toast).
      if (missingRequiredFields(form.values).length > 0) {
        const message = t('admin-merchant.validation.required_fields');
        setBoxMessages([message]);
        toast.error(message);
      }
      return;
    }
    push.mutate(form.values);
  }

  async function askDelete() {
    if (busy) return;
    const id = typedProductId(form.values.productId);
    if (id === null) {
      const message = t('admin-merchant.validation.delete_needs_id');
      form.showErrors({ productId: message });
      toast.error(message);
      return;
    }
    const yes = await confirm({
      title: t('admin-merchant.confirm.delete_title'),
      message: t('admin-merchant.confirm.delete_message', { id, title: form.values.title.trim() || prefill?.payload.title || `#${id}` }),
      confirmLabel: t('admin-merchant.confirm.delete'),
    });
    if (yes) remove.mutate(id);
  }

  const text = (name: MerchantField, label: string, options: { required?: boolean; hint?: string; type?: string; dir?: 'ltr' | 'auto'; inputMode?: 'decimal' | 'numeric' | 'url'; readOnly?: boolean } = {}) => (
    <Field id={fieldId(name)} label={label} required={options.required} hint={options.hint} error={form.errors[name]}>
      <TextInput
        id={fieldId(name)}
        type={options.type ?? 'text'}
        value={form.values[name]}
        onValue={(value) => form.change(name, value)}
        error={form.errors[name]}
        hint={options.hint}
        dir={options.dir ?? 'auto'}
        inputMode={options.inputMode}
        readOnly={options.readOnly}
        required={options.required}
        autoComplete="off"
      />
    </Field>
  );
  const shownPush = pushed ?? prefill?.last_push ?? null;

  return (
    <div className="flex flex-col gap-4">
      {prefill ? null : <p className="text-stone-600">{t('admin-merchant.form.intro')}</p>}
      <FormErrorBox messages={boxMessages} />
      {prefill || pushed ? (
        <div className="flex flex-col gap-1 rounded-xl bg-stone-50 p-3" data-testid="merchant-form-last-push">
          <p className="text-sm font-semibold text-stone-700">{t('admin-merchant.form.last_push')}</p>
          <LastPushLine push={shownPush} />
        </div>
      ) : null}
      <form id="merchant-product-form" onSubmit={submit} noValidate className="flex flex-col gap-5">
        <div className="grid gap-4 md:grid-cols-2">
          {text('productId', t('admin-merchant.form.product_id'), {
            required: true,
            hint: t('admin-merchant.form.product_id_hint'),
            dir: 'ltr',
            inputMode: 'numeric',
            readOnly: prefill !== null,
          })}
          {text('title', t('admin-merchant.form.title_field'), { required: true })}
        </div>
        <Field id={fieldId('description')} label={t('admin-merchant.form.description')} optional error={form.errors.description}>
          <TextArea
            id={fieldId('description')}
            rows={4}
            dir="auto"
            value={form.values.description}
            onValue={(value) => form.change('description', value)}
            error={form.errors.description}
          />
        </Field>
        <div className="grid gap-4 md:grid-cols-3">
          {text('price', t('admin-merchant.form.price'), { required: true, hint: t('admin-merchant.form.price_hint'), dir: 'ltr', inputMode: 'decimal' })}
          {text('salePrice', t('admin-merchant.form.sale_price'), { hint: t('admin-merchant.form.sale_price_hint'), dir: 'ltr', inputMode: 'decimal' })}
          <Field id={fieldId('currency')} label={t('admin-merchant.form.currency')} required error={form.errors.currency}>
            <SelectInput id={fieldId('currency')} value={form.values.currency} onValue={(value) => form.change('currency', value)} error={form.errors.currency} dir="ltr">
              {MERCHANT_CURRENCIES.map((currency) => (
                <option key={currency} value={currency}>
                  {currency}
                </option>
              ))}
            </SelectInput>
          </Field>
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          {text('link', t('admin-merchant.form.link'), { required: true, type: 'url', dir: 'ltr', inputMode: 'url' })}
          <div className="flex flex-col gap-2">
            {text('imageLink', t('admin-merchant.form.image_link'), { required: true, type: 'url', dir: 'ltr', inputMode: 'url' })}
            <ImagePreview url={form.values.imageLink} />
          </div>
        </div>
        <div className="grid gap-4 md:grid-cols-3">
          {text('brand', t('admin-merchant.form.brand'), { hint: t('admin-merchant.form.brand_hint') })}
          <Field id={fieldId('availability')} label={t('admin-merchant.form.availability')} required error={form.errors.availability}>
            <SelectInput
              id={fieldId('availability')}
              value={form.values.availability}
              onValue={(value) => form.change('availability', value)}
              error={form.errors.availability}
            >
              {MERCHANT_AVAILABILITIES.map((availability) => (
                <option key={availability} value={availability}>
                  {t(`admin-merchant.availability.${availability}`)}
                </option>
              ))}
            </SelectInput>
          </Field>
          <Field id={fieldId('condition')} label={t('admin-merchant.form.condition')} required error={form.errors.condition}>
            <SelectInput id={fieldId('condition')} value={form.values.condition} onValue={(value) => form.change('condition', value)} error={form.errors.condition}>
              {MERCHANT_CONDITIONS.map((condition) => (
                <option key={condition} value={condition}>
                  {t(`admin-merchant.condition.${condition}`)}
                </option>
              ))}
            </SelectInput>
          </Field>
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          {text('gtin', t('admin-merchant.form.gtin'), { hint: t('admin-merchant.form.gtin_hint'), dir: 'ltr', inputMode: 'numeric' })}
          {text('mpn', t('admin-merchant.form.mpn'), { dir: 'ltr' })}
          {text('googleProductCategory', t('admin-merchant.form.google_product_category'), { hint: t('admin-merchant.form.google_product_category_hint') })}
          {text('productType', t('admin-merchant.form.product_type'), { hint: t('admin-merchant.form.product_type_hint') })}
        </div>
        <div role="group" aria-label={t('admin-merchant.form.actions')} className="flex flex-col-reverse gap-2 border-t border-stone-100 pt-4 sm:flex-row sm:flex-wrap sm:justify-end">
          <Button variant="ghost" disabled={busy} onClick={onClear}>
            {t('admin-merchant.form.clear')}
          </Button>
          <Button variant="danger" pending={remove.isPending} disabled={busy} onClick={() => void askDelete()}>
            {remove.isPending ? null : <TrashIcon className="size-4" />}
            {remove.isPending ? t('admin-merchant.form.deleting') : t('admin-merchant.form.delete')}
          </Button>
          <Button type="submit" pending={push.isPending} disabled={busy}>
            {push.isPending ? t('admin-merchant.form.updating') : t('admin-merchant.form.update')}
          </Button>
        </div>
      </form>
    </div>
  );
}
