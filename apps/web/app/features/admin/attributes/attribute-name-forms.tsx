import { type FormEvent } from 'react';
import { ATTRIBUTE_TEXT_MAX, type AdminAttribute } from '@shop/shared';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { useFieldForm } from '../../../components/ui/use-field-form';
import { useI18n } from '../../../i18n/i18n';
import { PlusIcon } from '../ui/admin-icons';
import { Field, TextInput } from '../ui/fields';
import { useWriteFailure } from './attribute-hooks';
import { attributeBody, attributeNameEnProblem, attributeNameProblem } from './attribute-rules';
import { useCreateAttribute, useRenameAttribute } from './attributes-api';
import { inlineEditHandlers } from './inline-edit';

const NEW_ATTRIBUTE_ID = 'new-attribute-name';
const NEW_ATTRIBUTE_EN_ID = 'new-attribute-name-en';

const nameFields = ['name', 'name_en'] as const;
type NameField = (typeof nameFields)[number];

/** An attribute's Arabic and optional English name as typed, checked before sending. */
function useNameForm(initial: Record<NameField, string>, ids: Record<NameField, string>) {
  const { t } = useI18n();
  const form = useFieldForm<Record<NameField, string>>(initial, { fields: nameFields, fieldId: (field) => ids[field] });
  return {
    ...form,
    /** True when the names may be sent; otherwise shows why. */
    check: () =>
      form.validate(
        { name: attributeNameProblem(form.values.name) ?? undefined, name_en: attributeNameEnProblem(form.values.name_en) ?? undefined },
        (key) => t(key),
      ),
    /** What a refusal shows on the names (useWriteFailure). */
    writeForm: { fields: nameFields, showErrors: form.showErrors },
  };
}

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

/** The name input and add button above the list. */
export function NewAttributeForm({ onCreated }: { onCreated: (id: number) => void }) {
  const { t } = useI18n();
  const toast = useToast();
  const failure = useWriteFailure();
  const form = useNameForm({ name: '', name_en: '' }, { name: NEW_ATTRIBUTE_ID, name_en: NEW_ATTRIBUTE_EN_ID });

  const create = useCreateAttribute({
    onSuccess: (attribute) => {
      toast.success(t('admin-attributes.toast.created'));
      form.setValues({ name: '', name_en: '' });
      onCreated(attribute.id);
    },
    onError: (failed) => failure(failed, 'admin-attributes.toast.create_failed', form.writeForm),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending || !form.check()) return;
    create.mutate(attributeBody(form.values.name, form.values.name_en));
  }

  return (
    <form onSubmit={submit} noValidate className="mb-5 rounded-2xl border border-stone-200 bg-white p-4">
      <Field id={NEW_ATTRIBUTE_ID} label={t('admin-attributes.new_label')} error={form.errors.name}>
        <div className="flex flex-col gap-2 sm:flex-row">
          <div className="min-w-0 flex-1">
            <TextInput
              id={NEW_ATTRIBUTE_ID}
              value={form.values.name}
              onValue={(value) => form.change('name', value)}
              error={form.errors.name}
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
              value={form.values.name_en}
              onValue={(value) => form.change('name_en', value)}
              error={form.errors.name_en}
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

/** The inline rename of an attribute: Enter saves, Escape cancels. */
export function RenameAttributeForm({ attribute, onClose }: { attribute: AdminAttribute; onClose: (restoreFocus: boolean) => void }) {
  const { t } = useI18n();
  const toast = useToast();
  const failure = useWriteFailure();
  const id = `attribute-${attribute.id}-name`;
  const idEn = `attribute-${attribute.id}-name-en`;
  const form = useNameForm({ name: attribute.name, name_en: attribute.name_en ?? '' }, { name: id, name_en: idEn });

  const rename = useRenameAttribute(attribute.id, {
    onSuccess: () => {
      toast.success(t('admin-attributes.toast.renamed'));
      onClose(true);
    },
    onError: (failed) => failure(failed, 'admin-attributes.toast.rename_failed', form.writeForm),
  });

  const body = attributeBody(form.values.name, form.values.name_en);
  const changed = body.name !== attribute.name || body.name_en !== attribute.name_en;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (rename.isPending || !form.check()) return;
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
          value={form.values.name}
          onValue={(value) => form.change('name', value)}
          error={form.errors.name}
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
          {form.errors.name}
        </p>
        <label htmlFor={idEn} className="mt-2 block text-sm font-semibold text-stone-700">
          {t('admin-attributes.rename_en_input', { name: attribute.name })}
        </label>
        <EnglishNameInput id={idEn} value={form.values.name_en} onValue={(value) => form.change('name_en', value)} error={form.errors.name_en} />
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
