import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent, type Ref } from 'react';
import { ATTRIBUTE_TEXT_MAX, type AdminAttribute, type AdminVariation } from '@shop/shared';
import { Button } from '../../../components/ui/button';
import { ChevronRightIcon } from '../../../components/ui/icons';
import { useCurrencySymbol, useMoneyFormat } from '../../../components/ui/price';
import { useToast } from '../../../components/ui/toast';
import { useI18n, type MessageKey } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api';
import { failureText, useSessionFailure, useSessionFailureOf } from '../../../lib/errors';
import { useAuth } from '../../account/auth';
import { userCan } from '../shell/gate';
import { PencilIcon, PlusIcon, TagIcon, TrashIcon } from '../ui/admin-icons';
import { useConfirm } from '../ui/confirm-dialog';
import { Field, TextInput } from '../ui/fields';
import { AdminPageHeader, EmptyPanel, ErrorPanel, LoadingPanel } from '../ui/states';
import {
  additionalPriceInput,
  attributeBody,
  attributeNameEnProblem,
  attributeNameProblem,
  formatSurcharge,
  variationBody,
  variationChanged,
  variationProblems,
  type AttributeBody,
  type VariationBody,
  type VariationDraft,
  type VariationField,
} from './attribute-rules';
import {
  attributesQuery,
  createAttribute,
  createVariation,
  deleteAttribute,
  deleteVariation,
  refreshAfterWrite,
  renameAttribute,
  updateVariation,
} from './attributes-api';
import { inlineEditHandlers } from './inline-edit';

const iconButton =
  'inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-50';
const dangerIconButton = `${iconButton} text-red-700 hover:bg-red-50`;

/** Field errors a failed write carries, by field name. */
type FieldMessages = Partial<Record<string, string>>;

/**
 * What to do with a failed write: an expired session is handled by the shop; messages about the
 * form's own fields go under them; anything else is a toast naming what failed. A 404 (someone
 * else deleted it) refreshes the list.
 */
function useWriteFailure() {
  const { t } = useI18n();
  const toast = useToast();
  const authFailure = useSessionFailure();
  const queryClient = useQueryClient();
  return (error: unknown, failed: MessageKey, fields: readonly string[], showOnFields?: (messages: FieldMessages) => void) => {
    if (authFailure(error)) return;
    if (error instanceof ApiError) {
      const onFields: FieldMessages = {};
      for (const detail of error.details) {
        if (fields.includes(detail.field) && onFields[detail.field] === undefined) onFields[detail.field] = detail.message;
      }
      if (showOnFields && Object.keys(onFields).length > 0) {
        showOnFields(onFields);
        return;
      }
      if (error.status === 404) refreshAfterWrite(queryClient);
    }
    toast.error(failureText(t(failed), error));
  };
}

/** "3 values", "Used by 2 products": a count in the language's plural form. */
function useCounts() {
  const { tp } = useI18n();
  return {
    values: (count: number) => tp('admin-attributes.values_count', count),
    usage: (count: number) => tp('admin-attributes.usage', count),
    valuesDeleted: (count: number) => tp('admin-attributes.confirm.values_deleted', count),
    productsAffected: (count: number) => tp('admin-attributes.confirm.products_affected', count),
    valueProducts: (count: number) => tp('admin-attributes.confirm.value_products', count),
  };
}

/**
 * The attributes tab: create, rename and delete attributes; expand
 * one to create, edit and delete its values, each with an additional price in the store's
 * currency. Without catalog.write (moderators) everything is read-only.
 */
export default function AttributesTab() {
  const { t } = useI18n();
  const { user } = useAuth();
  const canWrite = userCan(user, 'catalog.write');
  const attributes = useQuery(attributesQuery());
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());

  useSessionFailureOf(attributes.error);

  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  let body;
  if (attributes.isPending) body = <LoadingPanel />;
  else if (attributes.isError) {
    body = <ErrorPanel title={t('admin-attributes.load_error')} error={attributes.error} onRetry={() => void attributes.refetch()} />;
  } else if (attributes.data.length === 0) {
    body = (
      <EmptyPanel
        icon={<TagIcon className="size-8" />}
        title={t('admin-attributes.empty_title')}
        text={canWrite ? t('admin-attributes.empty_text') : t('admin-attributes.empty_text_readonly')}
      />
    );
  } else {
    body = (
      <ul aria-label={t('admin-attributes.list_label')} className="flex flex-col gap-3">
        {attributes.data.map((attribute) => (
          <AttributeItem
            key={attribute.id}
            attribute={attribute}
            canWrite={canWrite}
            expanded={expanded.has(attribute.id)}
            onToggle={() => toggle(attribute.id)}
          />
        ))}
      </ul>
    );
  }

  return (
    <section>
      <AdminPageHeader
        title={t('admin-attributes.title')}
        description={canWrite ? t('admin-attributes.description') : `${t('admin-attributes.description')} ${t('admin-attributes.readonly_note')}`}
      />
      {canWrite ? <NewAttributeForm onCreated={(id) => setExpanded((current) => new Set(current).add(id))} /> : null}
      {body}
    </section>
  );
}

const NEW_ATTRIBUTE_ID = 'new-attribute-name';
const NEW_ATTRIBUTE_EN_ID = 'new-attribute-name-en';

function focusField(id: string) {
  document.getElementById(id)?.focus();
}

/** The name input and add button above the list. */
/** An attribute's optional English name: the input, the hint under it and its error. */
function EnglishNameInput({
  id,
  value,
  onValue,
  error,
  placeholder,
}: {
  id: string;
  value: string;
  onValue: (value: string) => void;
  error: string | undefined;
  placeholder?: string;
}) {
  const { t } = useI18n();
  return (
    <>
      <TextInput
        id={id}
        value={value}
        onValue={onValue}
        error={error}
        hint={t('admin-attributes.english_hint')}
        placeholder={placeholder}
        maxLength={ATTRIBUTE_TEXT_MAX + 20}
        autoComplete="off"
        lang="en"
        dir="ltr"
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">
        {t('admin-attributes.english_hint')}
      </p>
      <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-700 empty:hidden">
        {error}
      </p>
    </>
  );
}

function NewAttributeForm({ onCreated }: { onCreated: (id: number) => void }) {
  const { t } = useI18n();
  const toast = useToast();
  const queryClient = useQueryClient();
  const failure = useWriteFailure();
  const [name, setName] = useState('');
  const [nameEn, setNameEn] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [errorEn, setErrorEn] = useState<string | undefined>();

  const create = useMutation({
    mutationFn: createAttribute,
    onSuccess: (attribute) => {
      toast.success(t('admin-attributes.toast.created'));
      setName('');
      setNameEn('');
      refreshAfterWrite(queryClient, (list) => [...list.filter((item) => item.id !== attribute.id), attribute]);
      onCreated(attribute.id);
    },
    onError: (failed) =>
      failure(failed, 'admin-attributes.toast.create_failed', ['name', 'name_en'], (messages) => {
        setError(messages.name);
        setErrorEn(messages.name_en);
        focusField(messages.name ? NEW_ATTRIBUTE_ID : NEW_ATTRIBUTE_EN_ID);
      }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending) return;
    const problem = attributeNameProblem(name);
    const problemEn = attributeNameEnProblem(nameEn);
    if (problem || problemEn) {
      setError(problem ? t(problem) : undefined);
      setErrorEn(problemEn ? t(problemEn) : undefined);
      focusField(problem ? NEW_ATTRIBUTE_ID : NEW_ATTRIBUTE_EN_ID);
      return;
    }
    create.mutate(attributeBody(name, nameEn));
  }

  return (
    <form onSubmit={submit} noValidate className="mb-5 rounded-2xl border border-stone-200 bg-white p-4">
      <Field id={NEW_ATTRIBUTE_ID} label={t('admin-attributes.new_label')} error={error}>
        <div className="flex flex-col gap-2 sm:flex-row">
          <div className="min-w-0 flex-1">
            <TextInput
              id={NEW_ATTRIBUTE_ID}
              value={name}
              onValue={(value) => {
                setName(value);
                setError(undefined);
              }}
              error={error}
              placeholder={t('admin-attributes.new_placeholder')}
              maxLength={ATTRIBUTE_TEXT_MAX + 20}
              autoComplete="off"
              dir="auto"
            />
          </div>
          <div className="min-w-0 flex-1">
            <label htmlFor={NEW_ATTRIBUTE_EN_ID} className="sr-only">
              {t('admin-attributes.new_en_label')}
            </label>
            <EnglishNameInput
              id={NEW_ATTRIBUTE_EN_ID}
              value={nameEn}
              onValue={(value) => {
                setNameEn(value);
                setErrorEn(undefined);
              }}
              error={errorEn}
              placeholder={t('admin-attributes.new_en_placeholder')}
            />
          </div>
          <Button type="submit" disabled={create.isPending} className="min-h-11 shrink-0">
            <PlusIcon className="size-4" />
            {create.isPending ? t('admin-attributes.adding') : t('admin-attributes.add')}
          </Button>
        </div>
      </Field>
    </form>
  );
}

/** A row's edit (pencil) and delete (bin) buttons; both are off while the row is being deleted. */
function EditDeleteButtons({
  editRef,
  onEdit,
  editLabel,
  editTitle,
  onDelete,
  deleteLabel,
  deleting,
}: {
  editRef: Ref<HTMLButtonElement>;
  onEdit: () => void;
  editLabel: string;
  editTitle: string;
  onDelete: () => void;
  deleteLabel: string;
  deleting: boolean;
}) {
  const { t } = useI18n();
  return (
    <>
      <button ref={editRef} type="button" className={iconButton} onClick={onEdit} aria-label={editLabel} title={editTitle} disabled={deleting}>
        <PencilIcon />
      </button>
      <button
        type="button"
        className={dangerIconButton}
        onClick={onDelete}
        aria-label={deleting ? t('admin.common.deleting') : deleteLabel}
        title={t('admin.common.delete')}
        disabled={deleting}
      >
        <TrashIcon />
      </button>
    </>
  );
}

/** One attribute: its name (a button that shows its values), counts, rename and delete. */
export function AttributeItem({
  attribute,
  canWrite,
  expanded,
  onToggle,
}: {
  attribute: AdminAttribute;
  canWrite: boolean;
  expanded: boolean;
  onToggle: () => void;
}) {
  const { t, formatDate } = useI18n();
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const failure = useWriteFailure();
  const counts = useCounts();
  const panelId = useId();
  const renameButton = useRef<HTMLButtonElement>(null);
  const [renaming, setRenaming] = useState(false);

  const remove = useMutation({
    mutationFn: () => deleteAttribute(attribute.id),
    onSuccess: () => {
      toast.success(t('admin-attributes.toast.deleted'));
      refreshAfterWrite(queryClient, (list) => list.filter((item) => item.id !== attribute.id));
    },
    onError: (error) => failure(error, 'admin-attributes.toast.delete_failed', []),
  });

  async function askDelete() {
    const values = attribute.variations.length;
    const yes = await confirm({
      message: (
        <div className="flex flex-col gap-2">
          <p className="font-semibold text-stone-900">{t('admin-attributes.confirm.delete_attribute', { name: attribute.name })}</p>
          <p>{counts.valuesDeleted(values)}</p>
          <p>{counts.productsAffected(attribute.product_count)}</p>
          <p>{t('admin-attributes.confirm.no_product_deleted')}</p>
        </div>
      ),
    });
    if (yes) remove.mutate();
  }

  const deleting = remove.isPending;
  return (
    <li className="rounded-2xl border border-stone-200 bg-white">
      <div className="flex items-center gap-1 p-2 sm:p-3">
        {renaming ? (
          <RenameAttributeForm
            attribute={attribute}
            onClose={(restoreFocus) => {
              setRenaming(false);
              if (restoreFocus) requestAnimationFrame(() => renameButton.current?.focus());
            }}
          />
        ) : (
          <>
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={panelId}
              onClick={onToggle}
              className="flex min-h-11 min-w-0 flex-1 items-center gap-3 rounded-lg px-2 py-1.5 text-start hover:bg-stone-50"
            >
              <ChevronRightIcon className={`size-5 shrink-0 text-stone-500 transition-transform ${expanded ? 'rotate-90' : 'rtl:-scale-x-100'}`} />
              <span className="min-w-0">
                <span className="block font-semibold break-words text-stone-900" dir="auto">
                  {attribute.name}
                </span>
                {attribute.name_en ? (
                  <span className="block text-sm break-words text-stone-600">
                    {t('admin-attributes.english_name', { name: attribute.name_en })}
                  </span>
                ) : null}
                <span className="block text-sm text-stone-500">
                  {counts.values(attribute.variations.length)} · {counts.usage(attribute.product_count)}
                  <span className="hidden sm:inline"> · {t('admin-attributes.created_on', { date: formatDate(attribute.created_at) })}</span>
                </span>
              </span>
            </button>
            {canWrite ? (
              <EditDeleteButtons
                editRef={renameButton}
                onEdit={() => setRenaming(true)}
                editLabel={t('admin-attributes.rename_label', { name: attribute.name })}
                editTitle={t('admin-attributes.rename')}
                onDelete={() => void askDelete()}
                deleteLabel={t('admin-attributes.delete_label', { name: attribute.name })}
                deleting={deleting}
              />
            ) : null}
          </>
        )}
      </div>
      {expanded ? (
        <div id={panelId} className="border-t border-stone-100 p-3 sm:p-4">
          <VariationList attribute={attribute} canWrite={canWrite} />
          {canWrite ? <NewVariationForm attribute={attribute} /> : null}
        </div>
      ) : null}
    </li>
  );
}


/** The inline rename of an attribute: Enter saves, Escape cancels. */
function RenameAttributeForm({ attribute, onClose }: { attribute: AdminAttribute; onClose: (restoreFocus: boolean) => void }) {
  const { t } = useI18n();
  const toast = useToast();
  const queryClient = useQueryClient();
  const failure = useWriteFailure();
  const id = `attribute-${attribute.id}-name`;
  const idEn = `attribute-${attribute.id}-name-en`;
  const [name, setName] = useState(attribute.name);
  const [nameEn, setNameEn] = useState(attribute.name_en ?? '');
  const [error, setError] = useState<string | undefined>();
  const [errorEn, setErrorEn] = useState<string | undefined>();

  const rename = useMutation({
    mutationFn: (body: AttributeBody) => renameAttribute(attribute.id, body),
    onSuccess: (updated) => {
      toast.success(t('admin-attributes.toast.renamed'));
      refreshAfterWrite(queryClient, (list) => list.map((item) => (item.id === updated.id ? updated : item)));
      onClose(true);
    },
    onError: (failed) =>
      failure(failed, 'admin-attributes.toast.rename_failed', ['name', 'name_en'], (messages) => {
        setError(messages.name);
        setErrorEn(messages.name_en);
        focusField(messages.name ? id : idEn);
      }),
  });

  const body = attributeBody(name, nameEn);
  const changed = body.name !== attribute.name || body.name_en !== attribute.name_en;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (rename.isPending) return;
    const problem = attributeNameProblem(name);
    const problemEn = attributeNameEnProblem(nameEn);
    if (problem || problemEn) {
      setError(problem ? t(problem) : undefined);
      setErrorEn(problemEn ? t(problemEn) : undefined);
      focusField(problem ? id : idEn);
      return;
    }
    if (!changed) {
      onClose(true);
      return;
    }
    rename.mutate(body);
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      {...inlineEditHandlers({ changed, busy: rename.isPending, onCancel: onClose })}
      className="flex min-w-0 flex-1 flex-col gap-2 p-1 sm:flex-row sm:items-start"
    >
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="sr-only">
          {t('admin-attributes.rename_input', { name: attribute.name })}
        </label>
        <TextInput
          id={id}
          value={name}
          onValue={(value) => {
            setName(value);
            setError(undefined);
          }}
          error={error}
          hint={t('admin-attributes.edit_hint')}
          maxLength={ATTRIBUTE_TEXT_MAX + 20}
          autoComplete="off"
          dir="auto"
          autoFocus
          onFocus={(event) => event.currentTarget.select()}
        />
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">
          {t('admin-attributes.edit_hint')}
        </p>
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-700 empty:hidden">
          {error}
        </p>
        <label htmlFor={idEn} className="mt-2 block text-sm font-semibold text-stone-700">
          {t('admin-attributes.rename_en_input', { name: attribute.name })}
        </label>
        <EnglishNameInput
          id={idEn}
          value={nameEn}
          onValue={(value) => {
            setNameEn(value);
            setErrorEn(undefined);
          }}
          error={errorEn}
        />
      </div>
      <div className="flex shrink-0 gap-2">
        <Button type="submit" disabled={rename.isPending} className="min-h-11">
          {rename.isPending ? t('admin.common.saving') : t('admin.common.save')}
        </Button>
        <Button variant="secondary" onClick={() => onClose(true)} disabled={rename.isPending} className="min-h-11">
          {t('admin.common.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The values of an expanded attribute. */
function VariationList({ attribute, canWrite }: { attribute: AdminAttribute; canWrite: boolean }) {
  const { t } = useI18n();
  if (attribute.variations.length === 0) {
    return <p className="text-sm text-stone-500">{t('admin-attributes.values.empty')}</p>;
  }
  return (
    <ul aria-label={t('admin-attributes.values.list_label', { name: attribute.name })} className="divide-y divide-stone-100 rounded-xl border border-stone-200">
      {attribute.variations.map((variation) => (
        <VariationRow key={variation.id} attribute={attribute} variation={variation} canWrite={canWrite} />
      ))}
    </ul>
  );
}

type VariationErrors = Partial<Record<VariationField, string>>;

const fieldId = (prefix: string, field: VariationField) => `${prefix}-${field}`;

/** A value's title and additional price (with the store's currency symbol). */
function VariationInputs({
  idPrefix,
  draft,
  errors,
  onChange,
  autoFocus,
}: {
  idPrefix: string;
  draft: VariationDraft;
  errors: VariationErrors;
  onChange: (field: VariationField, value: string) => void;
  autoFocus?: boolean;
}) {
  const { t } = useI18n();
  const symbol = useCurrencySymbol();
  const titleId = fieldId(idPrefix, 'title');
  const titleEnId = fieldId(idPrefix, 'title_en');
  const priceId = fieldId(idPrefix, 'additional_price');
  const priceHint = t('admin-attributes.values.price_hint');
  return (
    <div className="grid gap-3 sm:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Field id={titleId} label={t('admin-attributes.values.title_label')} required error={errors.title}>
        <TextInput
          id={titleId}
          value={draft.title}
          onValue={(value) => onChange('title', value)}
          error={errors.title}
          placeholder={t('admin-attributes.values.title_placeholder')}
          maxLength={ATTRIBUTE_TEXT_MAX + 20}
          autoComplete="off"
          dir="auto"
          autoFocus={autoFocus}
          onFocus={autoFocus ? (event) => event.currentTarget.select() : undefined}
        />
      </Field>
      <Field
        id={titleEnId}
        label={t('admin-attributes.values.title_en_label')}
        hint={t('admin-attributes.english_hint')}
        error={errors.title_en}
      >
        <TextInput
          id={titleEnId}
          value={draft.title_en}
          onValue={(value) => onChange('title_en', value)}
          error={errors.title_en}
          hint={t('admin-attributes.english_hint')}
          placeholder={t('admin-attributes.values.title_en_placeholder')}
          maxLength={ATTRIBUTE_TEXT_MAX + 20}
          autoComplete="off"
          lang="en"
          dir="ltr"
        />
      </Field>
      <Field id={priceId} label={t('admin-attributes.values.price_label')} hint={priceHint} error={errors.additional_price}>
        <div className="flex items-center gap-2">
          <div className="min-w-0 flex-1">
            <TextInput
              id={priceId}
              value={draft.additional_price}
              onValue={(value) => onChange('additional_price', value)}
              error={errors.additional_price}
              hint={priceHint}
              inputMode="decimal"
              placeholder="0.000"
              autoComplete="off"
              dir="ltr"
            />
          </div>
          <span className="shrink-0 text-sm font-semibold text-stone-600">{symbol}</span>
        </div>
      </Field>
    </div>
  );
}

/** The checks before sending a value: messages on the fields, the focus on the first. */
function useVariationDraft(initial: VariationDraft, idPrefix: string) {
  const { t } = useI18n();
  const [draft, setDraft] = useState<VariationDraft>(initial);
  const [errors, setErrors] = useState<VariationErrors>({});

  function show(next: VariationErrors) {
    setErrors(next);
    const first = (['title', 'title_en', 'additional_price'] as const).find((field) => next[field]);
    if (first) focusField(fieldId(idPrefix, first));
  }

  return {
    draft,
    errors,
    show,
    change(field: VariationField, value: string) {
      setDraft((current) => ({ ...current, [field]: value }));
      setErrors((current) => ({ ...current, [field]: undefined }));
    },
    reset() {
      setDraft(initial);
      setErrors({});
    },
    /** True when the draft may be sent; otherwise shows why. */
    check(): boolean {
      const problems = variationProblems(draft);
      const messages: VariationErrors = {};
      for (const [field, key] of Object.entries(problems) as [VariationField, MessageKey][]) messages[field] = t(key);
      show(messages);
      return Object.keys(messages).length === 0;
    },
  };
}

const VARIATION_FIELDS: readonly VariationField[] = ['title', 'title_en', 'additional_price'];

/** The form under an attribute's values that adds one. */
function NewVariationForm({ attribute }: { attribute: AdminAttribute }) {
  const { t } = useI18n();
  const toast = useToast();
  const queryClient = useQueryClient();
  const failure = useWriteFailure();
  const idPrefix = `attribute-${attribute.id}-new-value`;
  const headingId = `${idPrefix}-heading`;
  const form = useVariationDraft({ title: '', title_en: '', additional_price: '' }, idPrefix);

  const create = useMutation({
    mutationFn: (body: VariationBody) => createVariation(attribute.id, body),
    onSuccess: (variation) => {
      toast.success(t('admin-attributes.toast.value_created'));
      form.reset();
      refreshAfterWrite(queryClient, (list) =>
        list.map((item) => (item.id === attribute.id ? { ...item, variations: [...item.variations, variation] } : item)),
      );
      focusField(fieldId(idPrefix, 'title'));
    },
    onError: (error) => failure(error, 'admin-attributes.toast.value_create_failed', VARIATION_FIELDS, form.show),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending || !form.check()) return;
    create.mutate(variationBody(form.draft));
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby={headingId} className="mt-4 rounded-xl bg-sand-50 p-3 sm:p-4">
      <h3 id={headingId} className="mb-3 text-sm font-semibold text-stone-800">
        {t('admin-attributes.values.new_title')}
      </h3>
      <VariationInputs idPrefix={idPrefix} draft={form.draft} errors={form.errors} onChange={form.change} />
      <div className="mt-3 flex justify-end">
        <Button type="submit" disabled={create.isPending} className="min-h-11">
          <PlusIcon className="size-4" />
          {create.isPending ? t('admin-attributes.adding') : t('admin-attributes.values.add')}
        </Button>
      </div>
    </form>
  );
}

/** One value: its title, surcharge and use, with edit (inline) and delete. */
function VariationRow({ attribute, variation, canWrite }: { attribute: AdminAttribute; variation: AdminVariation; canWrite: boolean }) {
  const { t } = useI18n();
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const failure = useWriteFailure();
  const counts = useCounts();
  const money = useMoneyFormat();
  const editButton = useRef<HTMLButtonElement>(null);
  const [editing, setEditing] = useState(false);

  const remove = useMutation({
    mutationFn: () => deleteVariation(attribute.id, variation.id),
    onSuccess: () => {
      toast.success(t('admin-attributes.toast.value_deleted'));
      refreshAfterWrite(queryClient, (list) =>
        list.map((item) => (item.id === attribute.id ? { ...item, variations: item.variations.filter((value) => value.id !== variation.id) } : item)),
      );
    },
    onError: (error) => failure(error, 'admin-attributes.toast.value_delete_failed', []),
  });

  async function askDelete() {
    const yes = await confirm({
      message: (
        <div className="flex flex-col gap-2">
          <p className="font-semibold text-stone-900">
            {t('admin-attributes.confirm.delete_value', { title: variation.title, name: attribute.name })}
          </p>
          <p>{counts.valueProducts(variation.product_count)}</p>
          <p>{t('admin-attributes.confirm.no_product_deleted')}</p>
        </div>
      ),
    });
    if (yes) remove.mutate();
  }

  if (editing) {
    return (
      <li className="p-3">
        <EditVariationForm
          attribute={attribute}
          variation={variation}
          onClose={(restoreFocus) => {
            setEditing(false);
            if (restoreFocus) requestAnimationFrame(() => editButton.current?.focus());
          }}
        />
      </li>
    );
  }

  const deleting = remove.isPending;
  return (
    <li className="flex items-center gap-1 p-2 ps-3">
      <div className="min-w-0 flex-1 py-1">
        <p className="font-semibold break-words text-stone-900" dir="auto">
          {variation.title}
        </p>
        {variation.title_en ? (
          <p className="text-sm break-words text-stone-600">
            {t('admin-attributes.english_name', { name: variation.title_en })}
          </p>
        ) : null}
        <p className="text-sm text-stone-500">
          {variation.additional_price > 0 ? (
            <bdi className="font-semibold text-stone-700">{t('admin-attributes.values.surcharge', { amount: formatSurcharge(variation.additional_price, money) })}</bdi>
          ) : (
            t('admin-attributes.values.no_surcharge')
          )}{' '}
          · {counts.usage(variation.product_count)}
        </p>
      </div>
      {canWrite ? (
        <EditDeleteButtons
          editRef={editButton}
          onEdit={() => setEditing(true)}
          editLabel={t('admin-attributes.values.edit_label', { title: variation.title })}
          editTitle={t('admin.common.edit')}
          onDelete={() => void askDelete()}
          deleteLabel={t('admin-attributes.values.delete_label', { title: variation.title })}
          deleting={deleting}
        />
      ) : null}
    </li>
  );
}

/** The inline edit of a value: Enter saves, Escape cancels. */
function EditVariationForm({
  attribute,
  variation,
  onClose,
}: {
  attribute: AdminAttribute;
  variation: AdminVariation;
  onClose: (restoreFocus: boolean) => void;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const queryClient = useQueryClient();
  const failure = useWriteFailure();
  const idPrefix = `variation-${variation.id}`;
  const form = useVariationDraft(
    { title: variation.title, title_en: variation.title_en ?? '', additional_price: additionalPriceInput(variation.additional_price) },
    idPrefix,
  );

  const update = useMutation({
    mutationFn: (body: VariationBody) => updateVariation(attribute.id, variation.id, body),
    onSuccess: (updated) => {
      toast.success(t('admin-attributes.toast.value_updated'));
      refreshAfterWrite(queryClient, (list) =>
        list.map((item) =>
          item.id === attribute.id
            ? { ...item, variations: item.variations.map((value) => (value.id === updated.id ? { ...value, ...updated } : value)) }
            : item,
        ),
      );
      onClose(true);
    },
    onError: (error) => failure(error, 'admin-attributes.toast.value_update_failed', VARIATION_FIELDS, form.show),
  });

  const changed = variationChanged(form.draft, variation);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (update.isPending || !form.check()) return;
    if (!changed) {
      onClose(true);
      return;
    }
    update.mutate(variationBody(form.draft));
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('admin-attributes.values.edit_label', { title: variation.title })}
      {...inlineEditHandlers({ changed, busy: update.isPending, onCancel: onClose })}
    >
      <VariationInputs idPrefix={idPrefix} draft={form.draft} errors={form.errors} onChange={form.change} autoFocus />
      <div className="mt-3 flex flex-wrap items-center justify-end gap-2">
        <p className="me-auto text-xs text-stone-500">{t('admin-attributes.edit_hint')}</p>
        <Button type="submit" disabled={update.isPending} className="min-h-11">
          {update.isPending ? t('admin.common.saving') : t('admin.common.save')}
        </Button>
        <Button variant="secondary" onClick={() => onClose(true)} disabled={update.isPending} className="min-h-11">
          {t('admin.common.cancel')}
        </Button>
      </div>
    </form>
  );
}
