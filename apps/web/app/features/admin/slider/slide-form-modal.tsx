import { useState, type FormEvent } from 'react';
import { SLIDE_DESCRIPTION_MAX, SLIDE_LINK_MAX, SLIDE_TITLE_MAX } from '@shop/shared';
import { useToast } from '../../../components/ui/toast';
import { useFieldForm } from '../../../components/ui/use-field-form';
import { useI18n } from '../../../i18n/i18n';
import { BilingualField, CheckboxField, Field, TextInput } from '../ui/fields';
import { useLeaveForm } from '../ui/form-flow';
import { ImagePicker } from '../ui/image-picker';
import { Modal, ModalFormFooter } from '../ui/modal';
import { FormErrorBox } from '../ui/states';
import { useUnsavedChanges } from '../ui/use-unsaved-changes';
import {
  emptySlideForm,
  isSlideFormDirty,
  slideFields,
  slideFormFrom,
  slideFormProblems,
  type SlideForm,
} from './slide-rules';
import { useSaveSlide, type AdminSlide } from './slider-api';
import { useFormRefusal } from '../../../lib/errors';

const fieldId = (field: string) => `slide-${field}`;

/**
 * The slide form in a modal: add when `slide` is null, edit
 * otherwise. It closes on success or cancel; after a refusal it stays open with what was typed
 * and the messages on their fields; closing it with unsaved changes asks first.
 */
export function SlideFormModal({
  slide,
  slides,
  onClose,
}: {
  slide: AdminSlide | null;
  /** The slides already there (a new slide goes after them). */
  slides: readonly AdminSlide[];
  onClose: () => void;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const [initial] = useState<SlideForm>(() => (slide ? slideFormFrom(slide) : emptySlideForm(slides)));
  const form = useFieldForm<SlideForm>(initial, { fields: slideFields, fieldId });
  const { formErrors, clearFormErrors, showRefusal } = useFormRefusal(form, t('admin-slider.toast.save_failed'));
  const storedImage = slide && !form.values.image.removed ? slide.image : null;

  const save = useSaveSlide(slide?.id ?? null);
  const dirty = isSlideFormDirty(form.values, initial) && !save.isSuccess;
  useUnsavedChanges(dirty);

  const requestClose = useLeaveForm({
    dirty,
    saving: save.isPending,
    question: {
      title: t('admin-slider.confirm.discard_title'),
      message: t('admin-slider.confirm.discard_message'),
      confirmLabel: t('admin-slider.confirm.discard'),
      cancelLabel: t('admin-slider.confirm.keep_editing'),
    },
    leave: onClose,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    clearFormErrors();
    if (!form.validate(slideFormProblems(form.values, slide?.image ?? null), (problem) => t(problem.key, problem.params))) return;
    save.mutate(form.values, {
      onSuccess: () => {
        toast.success(t(slide ? 'admin-slider.toast.updated' : 'admin-slider.toast.created'));
        onClose();
      },
      // A refusal that names fields shows the messages there (and the rest above the form).
      onError: showRefusal,
    });
  }

  const busy = save.isPending;
  const title = form.field('title');
  const titleEn = form.field('title_en');
  const description = form.field('description');
  const descriptionEn = form.field('description_en');
  const link = form.field('link_url');
  const sortOrder = form.field('sort_order');
  const submitLabel = busy ? t('admin.common.saving') : t(slide ? 'admin-slider.form.update_submit' : 'admin-slider.form.create_submit');

  return (
    <Modal
      size="lg"
      title={t(slide ? 'admin-slider.form.edit_title' : 'admin-slider.form.create_title')}
      onClose={() => void requestClose()}
      footer={<ModalFormFooter formId="slide-form" busy={busy} submitLabel={submitLabel} onCancel={() => void requestClose()} />}
    >
      <form id="slide-form" noValidate onSubmit={submit} className="flex flex-col gap-5">
        <FormErrorBox messages={formErrors} />
        <BilingualField
          id={title.id}
          label={t('admin-slider.form.title')}
          required
          arabic={title.value}
          english={titleEn.value}
          onArabic={title.onChange}
          onEnglish={titleEn.onChange}
          errors={{ arabic: title.error, english: titleEn.error }}
          maxLength={SLIDE_TITLE_MAX}
        />
        <BilingualField
          id={description.id}
          label={t('admin-slider.form.description')}
          multiline
          rows={3}
          arabic={description.value}
          english={descriptionEn.value}
          onArabic={description.onChange}
          onEnglish={descriptionEn.onChange}
          errors={{ arabic: description.error, english: descriptionEn.error }}
          maxLength={SLIDE_DESCRIPTION_MAX}
        />
        <div className="grid gap-4 md:grid-cols-[2fr_1fr]">
          <Field id={link.id} label={t('admin-slider.form.link_url')} optional hint={t('admin-slider.form.link_hint')} error={link.error}>
            <TextInput
              id={link.id}
              value={link.value}
              onValue={link.onChange}
              error={link.error}
              hint={t('admin-slider.form.link_hint')}
              dir="ltr"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="/products"
              maxLength={SLIDE_LINK_MAX}
            />
          </Field>
          <Field id={sortOrder.id} label={t('admin-slider.form.sort_order')} required hint={t('admin-slider.form.sort_order_hint')} error={sortOrder.error}>
            <TextInput
              id={sortOrder.id}
              value={sortOrder.value}
              onValue={sortOrder.onChange}
              error={sortOrder.error}
              hint={t('admin-slider.form.sort_order_hint')}
              inputMode="numeric"
              autoComplete="off"
              dir="ltr"
            />
          </Field>
        </div>
        <CheckboxField
          id={fieldId('is_active')}
          label={t('admin-slider.form.is_active')}
          checked={form.values.is_active}
          onChecked={(checked) => form.change('is_active', checked)}
        />
        <ImagePicker
          id={fieldId('image')}
          label={t('admin-slider.form.image')}
          required
          currentUrl={storedImage}
          file={form.values.image.file}
          onFile={(file) => form.change('image', { ...form.values.image, file })}
          // Removing a newly chosen file brings the stored picture back; removing the stored one
          // leaves the slide without a picture until another is chosen (every slide needs one).
          onRemove={() => form.change('image', form.values.image.file ? { ...form.values.image, file: null } : { file: null, removed: slide !== null })}
          onProblem={(message) => form.showErrors({ ...form.errors, image: message })}
          error={form.errors.image}
        />
      </form>
    </Modal>
  );
}
