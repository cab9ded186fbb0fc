import { useState, type FormEvent } from 'react';
import { SYNONYM_TEXT_MAX, type AdminSynonym } from '@shop/shared';
import { useToast } from '../../../components/ui/toast';
import { useFieldForm } from '../../../components/ui/use-field-form';
import { useI18n } from '../../../i18n/i18n';
import { Field, TextArea, TextInput } from '../ui/fields';
import { useLeaveForm } from '../ui/form-flow';
import { Modal, ModalFormFooter } from '../ui/modal';
import { FormErrorBox } from '../ui/states';
import { useUnsavedChanges } from '../ui/use-unsaved-changes';
import { useSaveSynonym } from './synonyms-api';
import {
  emptySynonymForm,
  isSynonymFormDirty,
  synonymFields,
  synonymFormFrom,
  synonymFormProblems,
  type SynonymForm,
} from './synonym-rules';
import { useFormRefusal } from '../../../lib/errors';

const fieldId = (field: string) => `synonym-${field}`;

/**
 * The synonym form in a modal: add when `synonym` is null, edit otherwise. It closes on success
 * with a toast; after a refusal (a term that already has synonyms, 409) it stays open with the
 * server's message on its field.
 */
export function SynonymFormModal({ synonym, onClose }: { synonym: AdminSynonym | null; onClose: () => void }) {
  const { t } = useI18n();
  const toast = useToast();
  const [initial] = useState<SynonymForm>(() => (synonym ? synonymFormFrom(synonym) : emptySynonymForm));
  const form = useFieldForm<SynonymForm>(initial, { fields: synonymFields, fieldId });
  const { formErrors, clearFormErrors, showRefusal } = useFormRefusal(form, t('admin-search.toast.save_failed'));

  const save = useSaveSynonym(synonym?.id ?? null);
  const dirty = isSynonymFormDirty(form.values, initial) && !save.isSuccess;
  useUnsavedChanges(dirty);

  const requestClose = useLeaveForm({
    dirty,
    saving: save.isPending,
    question: {
      title: t('admin-search.confirm.discard_title'),
      message: t('admin-search.confirm.discard_message'),
      confirmLabel: t('admin-search.confirm.discard'),
      cancelLabel: t('admin-search.confirm.keep_editing'),
    },
    leave: onClose,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    clearFormErrors();
    if (!form.validate(synonymFormProblems(form.values), (key) => t(key))) return;
    save.mutate(form.values, {
      onSuccess: (saved) => {
        toast.success(t(synonym ? 'admin-search.toast.updated' : 'admin-search.toast.created', { term: saved.term }));
        onClose();
      },
      onError: showRefusal,
    });
  }

  const busy = save.isPending;
  const term = form.field('term');
  const targets = form.field('targets');
  const termHint = t('admin-search.form.term_hint');
  const targetsHint = t('admin-search.form.targets_hint');

  return (
    <Modal
      title={t(synonym ? 'admin-search.form.edit_title' : 'admin-search.form.create_title')}
      onClose={() => void requestClose()}
      footer={
        <ModalFormFooter
          formId="synonym-form"
          busy={busy}
          submitLabel={busy ? t('admin.common.saving') : t(synonym ? 'admin-search.form.update_submit' : 'admin-search.form.create_submit')}
          onCancel={() => void requestClose()}
        />
      }
    >
      <form id="synonym-form" noValidate onSubmit={submit} className="flex flex-col gap-5">
        <FormErrorBox messages={formErrors} />
        <Field id={term.id} label={t('admin-search.form.term')} required hint={termHint} error={term.error}>
          <TextInput
            id={term.id}
            value={term.value}
            onValue={term.onChange}
            error={term.error}
            hint={termHint}
            dir="auto"
            autoComplete="off"
            maxLength={SYNONYM_TEXT_MAX}
            required
          />
        </Field>
        <Field id={targets.id} label={t('admin-search.form.targets')} required hint={targetsHint} error={targets.error}>
          <TextArea
            id={targets.id}
            value={targets.value}
            onValue={targets.onChange}
            error={targets.error}
            hint={targetsHint}
            dir="auto"
            rows={4}
            required
          />
        </Field>
      </form>
    </Modal>
  );
}
