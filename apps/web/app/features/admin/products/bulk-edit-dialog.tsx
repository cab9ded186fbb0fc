import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import {
  formatPrice,
  inLanguage,
  toThousandths,
  type BulkFieldChange,
  type ProductsBulkEditInput,
  type ProductsBulkEditResponse,
} from '@shop/shared';
import { Button } from '../../../components/ui/button';
import { useMoneyFormat } from '../../../components/ui/price';
import { useToast } from '../../../components/ui/toast';
import { useI18n } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api';
import { failureText } from '../../../lib/errors/error-text';
import { useSessionFailure, useSessionFailureOf } from '../../../lib/errors/use-session-failure';
import { categoryOptionsQuery } from '../categories/categories-api';
import { Field, SelectInput, TextInput } from '../ui/fields';
import { Modal } from '../ui/modal';
import {
  bulkChangesFrom,
  choiceOf,
  EMPTY_BULK_FORM,
  PRICE_MODES,
  SALE_MODES,
  type BulkChangesInput, type BulkEditForm, type BulkFormError, type BulkFormField } from './bulk-edit-rules';
import { categoryOptions } from './product-form-rules';
import { useBulkEditProducts } from './products-api';

/** How many changing products the preview lists one by one (the refused ones are always all listed). */
const PREVIEW_ROWS = 100;

/**
 * The bulk edit of products (decision 057): the changes (price, sale price, stock, status,
 * category, featured), then the server's preview of every chosen product before → after with the
 * refused ones marked, then the change applied to the products previewed (without the refused
 * ones: "Apply to the others"), a toast with the count. Going back keeps what was typed.
 */
export function BulkEditDialog({
  selection,
  count,
  onClose,
  onDone,
}: {
  /** The products: their ids, or the products list's filter (resolved by the server). */
  selection: ProductsBulkEditInput['selection'];
  /** How many products the selection holds, for the title. */
  count: number;
  onClose: () => void;
  /** The change was applied. */
  onDone: () => void;
}) {
  const { t, tp } = useI18n();
  const toast = useToast();
  const authFailure = useSessionFailure();
  const formId = useId();
  const [form, setForm] = useState<BulkEditForm>(EMPTY_BULK_FORM);
  const [errors, setErrors] = useState<Partial<Record<BulkFormField, BulkFormError>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ reply: ProductsBulkEditResponse; changes: BulkChangesInput } | null>(null);
  const previewing = useBulkEditProducts();
  const applying = useBulkEditProducts();
  const busy = previewing.isPending || applying.isPending;

  const set = <Key extends keyof BulkEditForm>(key: Key, value: BulkEditForm[Key]) => setForm((current) => ({ ...current, [key]: value }));

  function runPreview(changes: BulkChangesInput, from: ProductsBulkEditInput['selection']) {
    setServerError(null);
    previewing.mutate(
      { selection: from, changes, dry_run: true },
      {
        onSuccess: (reply) => setPreview({ reply, changes }),
        onError: (error) => {
          if (authFailure(error)) return;
          // The form stays as typed, with the server's reason above it.
          setPreview(null);
          setServerError(failureText(t('admin-products.bulk.preview_failed'), error));
        },
      },
    );
  }

  function submit() {
    const result = bulkChangesFrom(form);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    runPreview(result.changes, selection);
  }

  function apply() {
    if (!preview) return;
    const { reply, changes } = preview;
    const refused = new Set(reply.products.filter((product) => product.refused).map((product) => product.id));
    // The products previewed, not the filter again: what is applied is what was seen.
    const ids = reply.ids.filter((id) => !refused.has(id));
    applying.mutate(
      { selection: { ids }, changes, dry_run: false },
      {
        onSuccess: (done) => {
          toast.success(done.message);
          onDone();
        },
        onError: (error) => {
          if (authFailure(error)) return;
          if (error instanceof ApiError && error.status === 422) {
            // A product changed (or went) since the preview: show the preview of now.
            toast.error(t('admin-products.bulk.stale'));
            runPreview(changes, { ids });
            return;
          }
          toast.error(failureText(t('admin-products.bulk.failed'), error));
        },
      },
    );
  }

  let body;
  let footer;
  if (applying.isPending) {
    body = (
      <div role="status" className="flex flex-col items-center gap-3 py-4 text-center">
        <span aria-hidden="true" className="size-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700 motion-reduce:animate-none" />
        <p className="font-semibold">{t('admin-products.bulk.applying')}</p>
        <div className="h-2 w-full overflow-hidden rounded-full bg-stone-100">
          <div className="h-full w-1/3 animate-pulse rounded-full bg-brand-600" />
        </div>
      </div>
    );
    footer = null;
  } else if (preview) {
    const { summary } = preview.reply;
    const others = preview.reply.ids.length - summary.refused;
    body = <BulkPreview reply={preview.reply} />;
    footer = (
      <>
        <Button variant="secondary" onClick={() => setPreview(null)} disabled={busy}>
          {t('admin-products.bulk.back')}
        </Button>
        <Button onClick={apply} disabled={busy || summary.changed === 0} aria-busy={busy || undefined}>
          {summary.refused > 0 ? tp('admin-products.bulk.apply_others', others) : tp('admin-products.bulk.apply', summary.changed)}
        </Button>
      </>
    );
  } else {
    body = (
      <BulkEditFields
        formId={formId}
        form={form}
        set={set}
        errors={errors}
        serverError={serverError}
        onSubmit={submit}
      />
    );
    footer = (
      <>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          {t('admin.common.cancel')}
        </Button>
        <Button type="submit" form={formId} disabled={busy} aria-busy={busy || undefined}>
          {previewing.isPending ? t('admin-products.bulk.previewing') : t('admin-products.bulk.preview')}
        </Button>
      </>
    );
  }

  return (
    <Modal title={tp('admin-products.bulk.title', count)} onClose={busy ? () => undefined : onClose} footer={footer} size="lg" fullScreenOnPhone>
      <div aria-busy={busy || undefined}>{body}</div>
    </Modal>
  );
}

/** The change fields: each "Keep" by default; a value field beside the choices that need one. */
function BulkEditFields({
  formId,
  form,
  set,
  errors,
  serverError,
  onSubmit,
}: {
  formId: string;
  form: BulkEditForm;
  set: <Key extends keyof BulkEditForm>(key: Key, value: BulkEditForm[Key]) => void;
  errors: Partial<Record<BulkFormField, BulkFormError>>;
  serverError: string | null;
  onSubmit: () => void;
}) {
  const { t, lang } = useI18n();
  const categories = useQuery(categoryOptionsQuery());
  useSessionFailureOf(categories.error);
  const categoryChoices = useMemo(
    () => categoryOptions(categories.data ?? [], (category) => inLanguage(lang, category.name, category.name_en)),
    [categories.data, lang],
  );
  const error = (field: BulkFormField) => (errors[field] ? t(errors[field]) : undefined);
  const id = (name: string) => `${formId}-${name}`;

  return (
    <form
      id={formId}
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <p className="text-sm text-stone-600">{t('admin-products.bulk.intro')}</p>
      {errors.form || serverError ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-semibold text-red-800">
          {errors.form ? t(errors.form) : serverError}
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={id('price-mode')} label={t('admin-products.bulk.price')}>
          <SelectInput id={id('price-mode')} value={form.priceMode} onValue={(value) => set('priceMode', choiceOf(PRICE_MODES, value))}>
            <option value="">{t('admin-products.bulk.keep')}</option>
            <option value="set">{t('admin-products.bulk.price.set')}</option>
            <option value="percent">{t('admin-products.bulk.price.percent')}</option>
            <option value="amount">{t('admin-products.bulk.price.amount')}</option>
          </SelectInput>
        </Field>
        {form.priceMode ? (
          <Field id={id('price')} label={t('admin-products.bulk.price.value')} error={error('price')}>
            <TextInput id={id('price')} value={form.price} onValue={(value) => set('price', value)} inputMode="decimal" dir="ltr" error={error('price')} />
          </Field>
        ) : (
          <span className="hidden sm:block" />
        )}
        <Field id={id('sale-mode')} label={t('admin-products.bulk.sale_price')}>
          <SelectInput id={id('sale-mode')} value={form.saleMode} onValue={(value) => set('saleMode', choiceOf(SALE_MODES, value))}>
            <option value="">{t('admin-products.bulk.keep')}</option>
            <option value="set">{t('admin-products.bulk.sale_price.set')}</option>
            <option value="percent_off_price">{t('admin-products.bulk.sale_price.percent_off_price')}</option>
            <option value="remove">{t('admin-products.bulk.sale_price.remove')}</option>
          </SelectInput>
        </Field>
        {form.saleMode && form.saleMode !== 'remove' ? (
          <Field id={id('sale')} label={t('admin-products.bulk.sale_price.value')} error={error('salePrice')}>
            <TextInput id={id('sale')} value={form.salePrice} onValue={(value) => set('salePrice', value)} inputMode="decimal" dir="ltr" error={error('salePrice')} />
          </Field>
        ) : (
          <span className="hidden sm:block" />
        )}
        <Field id={id('stock-mode')} label={t('admin-products.bulk.stock')}>
          <SelectInput id={id('stock-mode')} value={form.stockMode} onValue={(value) => set('stockMode', value === 'set' ? 'set' : '')}>
            <option value="">{t('admin-products.bulk.keep')}</option>
            <option value="set">{t('admin-products.bulk.stock.set')}</option>
          </SelectInput>
        </Field>
        {form.stockMode ? (
          <Field id={id('stock')} label={t('admin-products.bulk.stock.value')} error={error('stock')}>
            <TextInput id={id('stock')} value={form.stock} onValue={(value) => set('stock', value)} inputMode="numeric" dir="ltr" error={error('stock')} />
          </Field>
        ) : (
          <span className="hidden sm:block" />
        )}
        <Field id={id('status')} label={t('admin-products.bulk.status')}>
          <SelectInput id={id('status')} value={form.status} onValue={(value) => set('status', value === 'published' || value === 'draft' ? value : '')}>
            <option value="">{t('admin-products.bulk.keep')}</option>
            <option value="published">{t('admin-products.status.published')}</option>
            <option value="draft">{t('admin-products.status.draft')}</option>
          </SelectInput>
        </Field>
        <Field id={id('featured')} label={t('admin-products.bulk.featured')}>
          <SelectInput id={id('featured')} value={form.featured} onValue={(value) => set('featured', value === 'yes' || value === 'no' ? value : '')}>
            <option value="">{t('admin-products.bulk.keep')}</option>
            <option value="yes">{t('admin-products.bulk.featured.yes')}</option>
            <option value="no">{t('admin-products.bulk.featured.no')}</option>
          </SelectInput>
        </Field>
        <Field id={id('category')} label={t('admin-products.bulk.category')}>
          <SelectInput id={id('category')} value={form.categoryId} onValue={(value) => set('categoryId', value)}>
            <option value="">{t('admin-products.bulk.keep')}</option>
            {categoryChoices.map((category) => (
              <option key={category.id} value={String(category.id)}>
                {category.label}
              </option>
            ))}
          </SelectInput>
        </Field>
      </div>
      <p className="text-xs text-stone-500">{t('admin-products.bulk.rounding')}</p>
    </form>
  );
}

/** The server's preview: the counts, then each refused product and the products that change, before → after. */
function BulkPreview({ reply }: { reply: ProductsBulkEditResponse }) {
  const { t, tp, lang } = useI18n();
  const money = useMoneyFormat();
  // Before, then after, in the reading direction.
  const arrow = lang === 'ar' ? '←' : '→';
  const categoryName = new Map(reply.categories.map((category) => [category.id, category.name]));
  const { summary } = reply;
  const refused = reply.products.filter((product) => product.refused);
  const changing = reply.products.filter((product) => !product.refused && product.changes.length > 0);
  const listed = [...refused, ...changing.slice(0, PREVIEW_ROWS)];

  const valueText = (change: BulkFieldChange, value: BulkFieldChange['before']): string => {
    if (value === null) return t('admin-products.bulk.none');
    if (change.field === 'price' || change.field === 'sale_price') return formatPrice(toThousandths(Number(value)), money);
    if (change.field === 'status') return value === 'published' ? t('admin-products.status.published') : t('admin-products.status.draft');
    if (change.field === 'featured') return value ? t('admin-products.bulk.featured.yes') : t('admin-products.bulk.featured.no');
    if (change.field === 'category_id') return categoryName.get(Number(value)) ?? `#${String(value)}`;
    return String(value);
  };
  const fieldLabel = {
    price: t('admin-products.bulk.price'),
    sale_price: t('admin-products.bulk.sale_price'),
    stock_quantity: t('admin-products.bulk.stock'),
    status: t('admin-products.bulk.status'),
    category_id: t('admin-products.bulk.category'),
    featured: t('admin-products.bulk.featured'),
  } as const;

  const changeList = (product: ProductsBulkEditResponse['products'][number]) =>
    product.refused ? (
      <p className="font-semibold text-red-800">{t('admin-products.bulk.refused_reason', { reason: product.refused.message })}</p>
    ) : (
      <ul className="flex flex-col gap-1">
        {product.changes.map((change) => (
          <li key={change.field}>
            <span className="text-stone-600">{fieldLabel[change.field]}: </span>
            <bdi className="text-stone-500 line-through">{valueText(change, change.before)}</bdi>
            <span> {arrow} </span>
            <bdi className="font-semibold text-stone-900">{valueText(change, change.after)}</bdi>
          </li>
        ))}
      </ul>
    );

  return (
    <section aria-label={t('admin-products.bulk.preview_label')} className="flex flex-col gap-3">
      <p aria-live="polite" className="font-semibold text-stone-900">
        {[
          tp('admin-products.bulk.summary_changed', summary.changed),
          summary.unchanged > 0 ? tp('admin-products.bulk.summary_unchanged', summary.unchanged) : null,
          summary.refused > 0 ? tp('admin-products.bulk.summary_refused', summary.refused) : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {summary.changed === 0 ? (
        <p role="alert" className="rounded-xl bg-stone-100 p-3 text-sm text-stone-800">
          {summary.refused > 0 ? t('admin-products.bulk.all_refused') : t('admin-products.bulk.nothing_changes')}
        </p>
      ) : null}
      {/* A table from the sm width; cards on a phone. */}
      <table className="hidden w-full text-sm sm:table">
        <thead>
          <tr className="border-b border-stone-200 text-start text-stone-600">
            <th scope="col" className="py-2 pe-3 text-start font-semibold">
              {t('admin-products.bulk.product')}
            </th>
            <th scope="col" className="py-2 text-start font-semibold">
              {t('admin-products.bulk.changes')}
            </th>
          </tr>
        </thead>
        <tbody>
          {listed.map((product) => (
            <tr key={product.id} className={`border-b border-stone-100 align-top ${product.refused ? 'bg-red-50' : ''}`} data-refused={product.refused ? 'true' : undefined}>
              <td className="py-2 pe-3 font-semibold" dir="auto">
                {product.name}
              </td>
              <td className="py-2">{changeList(product)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="flex flex-col gap-2 sm:hidden">
        {listed.map((product) => (
          <li
            key={product.id}
            className={`rounded-xl border p-3 text-sm ${product.refused ? 'border-red-200 bg-red-50' : 'border-stone-200'}`}
            data-refused={product.refused ? 'true' : undefined}
          >
            <p className="mb-1 font-semibold" dir="auto">
              {product.name}
            </p>
            {changeList(product)}
          </li>
        ))}
      </ul>
      {changing.length > PREVIEW_ROWS ? <p className="text-sm text-stone-600">{t('admin-products.bulk.more', { count: changing.length - PREVIEW_ROWS })}</p> : null}
    </section>
  );
}
