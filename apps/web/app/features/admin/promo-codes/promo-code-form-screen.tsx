import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { PROMO_CODE_MAX_LENGTH_STORED, PROMO_DESCRIPTION_MAX, type AdminPromoCode } from '@shop/shared';
import { ButtonLink } from '../../../components/ui/button';
import { useCurrencySymbol } from '../../../components/ui/price';
import { useToast } from '../../../components/ui/toast';
import { useFieldForm } from '../../../components/ui/use-field-form';
import { useI18n } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api';
import { useAuth } from '../../account/auth';
import { adminHref } from '../shell/admin-links';
import { userCan } from '../shell/gate';
import { TicketIcon } from '../ui/admin-icons';
import { CheckboxField, Field, SelectInput, TextArea, TextInput } from '../ui/fields';
import { AdminPageHeader, EmptyPanel, ErrorPanel, FormErrorBox, LoadingPanel } from '../ui/states';
import { FormScreenActions, FormScreenFrame } from '../ui/form-screen';
import { useLeaveAfterSave } from '../ui/use-unsaved-changes';
import {
  codeSuggestion,
  emptyPromoCodeForm,
  isCodeTakenError,
  isPromoCodeFormDirty,
  promoCodeBody,
  promoCodeFields,
  promoCodeFormFrom,
  promoCodeFormProblems,
  saveFailureText,
  typedCode,
  type PromoCodeForm,
} from './promo-code-rules';
import { adminPromoCodeQuery, useSavePromoCode } from './promo-codes-api';
import { serverMessage, useSessionFailure, useSessionFailureOf } from '../../../lib/errors';

/** Where the form returns on save, cancel and back (save or cancel returns to the promo codes tab). */
export const PROMO_CODES_TAB_PATH = adminHref('promo-codes');

const fieldId = (field: keyof PromoCodeForm) => `promo-${field}`;

function NotFoundPanel() {
  const { t } = useI18n();
  return (
    <EmptyPanel
      icon={<TicketIcon className="size-8" />}
      title={t('admin-promo-codes.form.load_error')}
      text={t('admin-promo-codes.form.not_found')}
      action={<ButtonLink to={PROMO_CODES_TAB_PATH}>{t('admin-promo-codes.form.back')}</ButtonLink>}
    />
  );
}

/** /admin/promocode/edit/{id} with an id that names no promo code. */
export function PromoCodeNotFound() {
  const { t } = useI18n();
  return (
    <FormScreenFrame
      title={t('admin-promo-codes.form.edit_title')}
      backTo={PROMO_CODES_TAB_PATH}
      backLabel={t('admin-promo-codes.form.back')}
    >
      <NotFoundPanel />
    </FormScreenFrame>
  );
}

/**
 * /admin/promocode/new (id null) and /admin/promocode/edit/{id}:
 * loads the stored code when editing, then shows the form. Without promotions.manage
 * (moderators) there is nothing to do here.
 */
export function PromoCodeFormScreen({ id }: { id: number | null }) {
  const { t } = useI18n();
  const { user } = useAuth();
  const allowed = userCan(user, 'promotions.manage');
  const promo = useQuery({ ...adminPromoCodeQuery(id ?? 0), enabled: allowed && id !== null });
  const title = id === null ? t('admin-promo-codes.form.create_title') : t('admin-promo-codes.form.edit_title');
  useSessionFailureOf(promo.error);

  let body;
  if (!allowed) {
    body = (
      <EmptyPanel
        icon={<TicketIcon className="size-8" />}
        title={t('admin-promo-codes.form.forbidden_title')}
        text={t('admin-promo-codes.form.forbidden_text')}
        action={<ButtonLink to={PROMO_CODES_TAB_PATH}>{t('admin-promo-codes.form.back')}</ButtonLink>}
      />
    );
  } else if (id === null) body = <PromoCodeFormBody id={null} promo={null} />;
  else if (promo.isError) {
    const gone = promo.error instanceof ApiError && promo.error.status === 404;
    body = gone ? (
      <NotFoundPanel />
    ) : (
      <ErrorPanel title={t('admin-promo-codes.form.load_error')} error={promo.error} onRetry={() => void promo.refetch()} />
    );
  } else if (promo.isPending) body = <LoadingPanel />;
  else body = <PromoCodeFormBody key={id} id={id} promo={promo.data} />;

  return (
    <FormScreenFrame title={title} backTo={PROMO_CODES_TAB_PATH} backLabel={t('admin-promo-codes.form.back')}>
      <AdminPageHeader title={id !== null && promo.data ? `${title}: ${promo.data.code}` : title} />
      {body}
    </FormScreenFrame>
  );
}

/** A control with its unit beside it (the value's % or currency). */
function WithUnit({ unit, children }: { unit: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-2">
      <div className="min-w-0 flex-1">{children}</div>
      <span aria-hidden="true" className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg bg-stone-100 px-3 font-semibold text-stone-700">
        {unit}
      </span>
    </div>
  );
}

function PromoCodeFormBody({ id, promo }: { id: number | null; promo: AdminPromoCode | null }) {
  const { t } = useI18n();
  const symbol = useCurrencySymbol();
  const toast = useToast();
  const authFailure = useSessionFailure();
  const initial = useMemo(() => (promo ? promoCodeFormFrom(promo) : emptyPromoCodeForm()), [promo]);
  const form = useFieldForm<PromoCodeForm>(initial, { fields: promoCodeFields, fieldId });
  const [boxMessages, setBoxMessages] = useState<string[]>([]);
  const box = useRef<HTMLDivElement>(null);
  const creating = id === null;

  const { saved, markSaved } = useLeaveAfterSave(isPromoCodeFormDirty(form.values, initial), PROMO_CODES_TAB_PATH);

  const saving = useSavePromoCode(() => id, (values: PromoCodeForm) => promoCodeBody(values), {
    onSuccess: () => {
      toast.success(creating ? t('admin-promo-codes.toast.created') : t('admin-promo-codes.toast.updated'));
      markSaved();
    },
    onError: (error, values) => {
      if (authFailure(error)) return;
      // 'Promo code already exists': on the code field, asking for another.
      if (isCodeTakenError(error)) {
        setBoxMessages([]);
        const digits = String(Math.floor(10 + Math.random() * 90));
        form.showErrors({
          code: creating
            ? t('admin-promo-codes.form.code_exists_create', { suggestion: codeSuggestion(values.code, digits) })
            : t('admin-promo-codes.form.code_exists_edit'),
        });
        return;
      }
      const elsewhere = form.showServerErrors(error) ?? [];
      const failed = creating ? t('admin-promo-codes.form.create_failed') : t('admin-promo-codes.form.update_failed');
      setBoxMessages([saveFailureText(failed, serverMessage(error, 'staff'), t('admin.common.error_generic')), ...elsewhere]);
      const onAField = error instanceof ApiError && error.details.some((detail) => (promoCodeFields as readonly string[]).includes(detail.field));
      if (!onAField) requestAnimationFrame(() => box.current?.querySelector<HTMLElement>('[role="alert"]')?.focus());
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (saving.isPending) return;
    setBoxMessages([]);
    const problems = promoCodeFormProblems(form.values, { usedCount: promo?.used_count });
    if (!form.validate(problems, (problem) => t(problem.key, problem.params))) return;
    saving.mutate(form.values);
  }

  const percentage = form.values.discount_type === 'percentage';
  const valueHint = percentage
    ? t('admin-promo-codes.form.value_hint_percentage')
    : t('admin-promo-codes.form.value_hint_fixed', { currency: symbol });
  const unit = percentage ? '%' : symbol;
  const busy = saving.isPending || saved;

  return (
    <div className="flex flex-col gap-4">
      <div ref={box}>
        <FormErrorBox messages={boxMessages} />
      </div>
      <form onSubmit={submit} noValidate className="flex flex-col gap-6 rounded-2xl border border-stone-200 bg-white p-4 sm:p-6">
        <Field id={fieldId('code')} label={t('admin-promo-codes.form.code')} required hint={t('admin-promo-codes.form.code_hint')} error={form.errors.code}>
          <TextInput
            id={fieldId('code')}
            value={form.values.code}
            onValue={(value) => form.change('code', typedCode(value))}
            error={form.errors.code}
            hint={t('admin-promo-codes.form.code_hint')}
            dir="ltr"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={PROMO_CODE_MAX_LENGTH_STORED + 10}
          />
        </Field>
        <Field
          id={fieldId('description')}
          label={t('admin-promo-codes.form.description')}
          required
          hint={t('admin-promo-codes.form.description_hint')}
          error={form.errors.description}
        >
          <TextArea
            id={fieldId('description')}
            value={form.values.description}
            onValue={(value) => form.change('description', value)}
            error={form.errors.description}
            hint={t('admin-promo-codes.form.description_hint')}
            rows={3}
            dir="auto"
            maxLength={PROMO_DESCRIPTION_MAX + 50}
          />
        </Field>
        <div className="grid gap-4 md:grid-cols-2">
          <Field id={fieldId('discount_type')} label={t('admin-promo-codes.form.discount_type')} required error={form.errors.discount_type}>
            {/* The value means something else under the other type: its message goes too. */}
            <SelectInput
              id={fieldId('discount_type')}
              value={form.values.discount_type}
              onValue={(value) => form.changeWith('discount_value', (current) => ({ ...current, discount_type: value === 'fixed' ? 'fixed' : 'percentage' }))}
              error={form.errors.discount_type}
            >
              <option value="percentage">{t('admin-promo-codes.type.percentage')}</option>
              <option value="fixed">{t('admin-promo-codes.type.fixed')}</option>
            </SelectInput>
          </Field>
          <Field
            id={fieldId('discount_value')}
            label={`${t('admin-promo-codes.form.discount_value')} (${unit})`}
            required
            hint={valueHint}
            error={form.errors.discount_value}
          >
            <WithUnit unit={unit}>
              <TextInput
                id={fieldId('discount_value')}
                value={form.values.discount_value}
                onValue={(value) => form.change('discount_value', value)}
                error={form.errors.discount_value}
                hint={valueHint}
                inputMode={percentage ? 'numeric' : 'decimal'}
                autoComplete="off"
                dir="ltr"
              />
            </WithUnit>
          </Field>
          <Field
            id={fieldId('min_order_amount')}
            label={`${t('admin-promo-codes.form.min_order')} (${symbol})`}
            optional
            hint={t('admin-promo-codes.form.min_order_hint')}
            error={form.errors.min_order_amount}
          >
            <WithUnit unit={symbol}>
              <TextInput
                id={fieldId('min_order_amount')}
                value={form.values.min_order_amount}
                onValue={(value) => form.change('min_order_amount', value)}
                error={form.errors.min_order_amount}
                hint={t('admin-promo-codes.form.min_order_hint')}
                inputMode="decimal"
                autoComplete="off"
                dir="ltr"
              />
            </WithUnit>
          </Field>
          <Field
            id={fieldId('max_uses')}
            label={t('admin-promo-codes.form.max_uses')}
            optional
            hint={t('admin-promo-codes.form.max_uses_hint')}
            error={form.errors.max_uses}
          >
            {/* Text with a numeric keyboard, so Arabic-Indic digits are read too (a number input drops them). */}
            <TextInput
              id={fieldId('max_uses')}
              value={form.values.max_uses}
              onValue={(value) => form.change('max_uses', value)}
              error={form.errors.max_uses}
              hint={t('admin-promo-codes.form.max_uses_hint')}
              inputMode="numeric"
              autoComplete="off"
              dir="ltr"
            />
          </Field>
        </div>
        <fieldset className="flex flex-col gap-3">
          <legend className="sr-only">{t('admin-promo-codes.form.dates_hint')}</legend>
          <div className="grid gap-4 md:grid-cols-2">
            <Field id={fieldId('valid_from')} label={t('admin-promo-codes.form.valid_from')} optional error={form.errors.valid_from}>
              <TextInput
                id={fieldId('valid_from')}
                type="date"
                value={form.values.valid_from}
                onValue={(value) => form.change('valid_from', value)}
                error={form.errors.valid_from}
                max={form.values.valid_until || undefined}
                dir="ltr"
              />
            </Field>
            <Field id={fieldId('valid_until')} label={t('admin-promo-codes.form.valid_until')} optional error={form.errors.valid_until}>
              <TextInput
                id={fieldId('valid_until')}
                type="date"
                value={form.values.valid_until}
                onValue={(value) => form.change('valid_until', value)}
                error={form.errors.valid_until}
                min={form.values.valid_from || undefined}
                dir="ltr"
              />
            </Field>
          </div>
          <p aria-hidden="true" className="text-sm text-stone-500">
            {t('admin-promo-codes.form.dates_hint')}
          </p>
        </fieldset>
        <div className="flex flex-col gap-2">
          <CheckboxField
            id="promo-is_active"
            label={t('admin-promo-codes.form.is_active')}
            hint={t('admin-promo-codes.form.is_active_hint')}
            checked={form.values.is_active}
            onChecked={(checked) => form.change('is_active', checked)}
          />
          <CheckboxField
            id="promo-once_per_customer"
            label={t('admin-promo-codes.form.once_per_customer')}
            hint={t('admin-promo-codes.form.once_per_customer_hint')}
            checked={form.values.once_per_customer}
            onChecked={(checked) => form.change('once_per_customer', checked)}
          />
        </div>
        {promo ? (
          <Field id="promo-used_count" label={t('admin-promo-codes.form.used_count')} hint={t('admin-promo-codes.form.used_count_hint')}>
            <TextInput
              id="promo-used_count"
              value={String(promo.used_count)}
              onValue={() => undefined}
              hint={t('admin-promo-codes.form.used_count_hint')}
              readOnly
              dir="ltr"
            />
          </Field>
        ) : null}
        <FormScreenActions
          backTo={PROMO_CODES_TAB_PATH}
          busy={busy}
          submitLabel={busy ? t('admin.common.saving') : creating ? t('admin-promo-codes.form.create_submit') : t('admin-promo-codes.form.update_submit')}
        />
      </form>
    </div>
  );
}
