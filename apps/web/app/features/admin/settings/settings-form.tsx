import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import {
  STORE_ADDRESS_MAX,
  STORE_DESCRIPTION_MAX,
  STORE_EMAIL_MAX,
  STORE_NAME_MAX,
  STORE_PHONE_DIGITS_MAX,
  STORE_PHONE_DIGITS_MIN,
  STORE_PHONE_MAX,
} from '@shop/shared';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { useFieldForm } from '../../../components/ui/use-field-form';
import { useI18n } from '../../../i18n/i18n';
import { BilingualField, Field, TextInput } from '../ui/fields';
import { useLeaveForm } from '../ui/form-flow';
import { ImagePicker } from '../ui/image-picker';
import { AdminPageHeader, FormErrorBox } from '../ui/states';
import { useUnsavedChanges } from '../ui/use-unsaved-changes';
import { useSaveSettings, type AdminSettings } from './settings-api';
import { isSettingsFormDirty, settingsFields, settingsFormFrom, settingsFormProblems, type SettingsForm } from './settings-rules';
import { useFormRefusal } from '../../../lib/errors';

const fieldId = (field: string) => `settings-${field}`;

/**
 * The edit mode of the settings tab: the same fields as the read view. Saving or cancelling
 * returns to the read view; after a refusal the form keeps what was typed, with the messages on
 * their fields. A save refreshes the shop's shell so the storefront shows the new settings.
 */
export function SettingsEditForm({ settings, onDone }: { settings: AdminSettings; onDone: () => void }) {
  const { t, tp } = useI18n();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [initial] = useState<SettingsForm>(() => settingsFormFrom(settings));
  const form = useFieldForm<SettingsForm>(initial, { fields: settingsFields, fieldId });
  const { formErrors, clearFormErrors, showRefusal } = useFormRefusal(form, t('admin-settings.toast.save_failed'));

  const save = useSaveSettings();
  const dirty = isSettingsFormDirty(form.values, initial) && !save.isSuccess;
  useUnsavedChanges(dirty);

  const cancel = useLeaveForm({
    dirty,
    saving: save.isPending,
    question: {
      title: t('admin-settings.confirm.discard_title'),
      message: t('admin-settings.confirm.discard_message'),
      confirmLabel: t('admin-settings.confirm.discard'),
      cancelLabel: t('admin-settings.confirm.keep_editing'),
    },
    leave: onDone,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    clearFormErrors();
    if (!form.validate(settingsFormProblems(form.values), (problem) => t(problem.key, problem.params))) return;
    save.mutate(form.values, {
      onSuccess: () => {
        // The shop's shell (header, footer, store name) holds the settings of the root loader.
        void revalidator.revalidate();
        toast.success(t('admin-settings.toast.saved'));
        onDone();
      },
      onError: showRefusal,
    });
  }

  const busy = save.isPending;
  const name = form.field('store_name');
  const nameEn = form.field('store_name_en');
  const description = form.field('store_description');
  const descriptionEn = form.field('store_description_en');
  const email = form.field('email');
  const phone = form.field('phone_number');
  const whatsapp = form.field('whatsapp_number');
  const address = form.field('address');
  const addressEn = form.field('address_en');
  const freeShipping = form.field('free_shipping_threshold');
  const giftWrapFee = form.field('gift_wrap_fee');
  const phoneHint = tp('admin-settings.hint.phone', STORE_PHONE_DIGITS_MAX, { min: STORE_PHONE_DIGITS_MIN });

  return (
    <section>
      <AdminPageHeader title={t('admin-settings.edit_title')} description={t('admin-settings.description')} />
      <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-busy={busy || undefined}>
        <FormErrorBox messages={formErrors} />
        <fieldset className="flex flex-col gap-5 rounded-2xl border border-stone-200 bg-white p-5">
          <legend className="px-1 text-lg font-semibold text-stone-900">{t('admin-settings.section.identity')}</legend>
          <BilingualField
            id={name.id}
            label={t('admin-settings.field.store_name')}
            required
            arabic={name.value}
            english={nameEn.value}
            onArabic={name.onChange}
            onEnglish={nameEn.onChange}
            errors={{ arabic: name.error, english: nameEn.error }}
            maxLength={STORE_NAME_MAX}
          />
          <BilingualField
            id={description.id}
            label={t('admin-settings.field.store_description')}
            multiline
            rows={4}
            arabic={description.value}
            english={descriptionEn.value}
            onArabic={description.onChange}
            onEnglish={descriptionEn.onChange}
            errors={{ arabic: description.error, english: descriptionEn.error }}
            maxLength={STORE_DESCRIPTION_MAX}
          />
          <ImagePicker
            id={fieldId('logo')}
            label={t('admin-settings.field.logo')}
            currentUrl={form.values.logo.removed ? null : settings.logo}
            file={form.values.logo.file}
            onFile={(file) => form.change('logo', { ...form.values.logo, file })}
            // Removing a newly chosen file keeps the stored logo; removing the stored one drops it on save.
            onRemove={() =>
              form.change('logo', form.values.logo.file ? { ...form.values.logo, file: null } : { file: null, removed: true })
            }
            onProblem={(message) => form.showErrors({ ...form.errors, logo: message })}
            error={form.errors.logo}
          />
        </fieldset>
        <fieldset className="grid gap-5 rounded-2xl border border-stone-200 bg-white p-5 md:grid-cols-2">
          <legend className="px-1 text-lg font-semibold text-stone-900">{t('admin-settings.section.contact')}</legend>
          <div className="md:col-span-2">
            <Field id={email.id} label={t('admin-settings.field.email')} optional hint={t('admin-settings.hint.email')} error={email.error}>
              <TextInput
                id={email.id}
                value={email.value}
                onValue={email.onChange}
                error={email.error}
                hint={t('admin-settings.hint.email')}
                type="email"
                inputMode="email"
                autoComplete="email"
                spellCheck={false}
                dir="ltr"
                maxLength={STORE_EMAIL_MAX}
              />
            </Field>
          </div>
          <Field id={phone.id} label={t('admin-settings.field.phone_number')} optional hint={phoneHint} error={phone.error}>
            <TextInput
              id={phone.id}
              value={phone.value}
              onValue={phone.onChange}
              error={phone.error}
              hint={phoneHint}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              dir="ltr"
              maxLength={STORE_PHONE_MAX}
            />
          </Field>
          <Field
            id={whatsapp.id}
            label={t('admin-settings.field.whatsapp_number')}
            optional
            hint={t('admin-settings.hint.whatsapp')}
            error={whatsapp.error}
          >
            <TextInput
              id={whatsapp.id}
              value={whatsapp.value}
              onValue={whatsapp.onChange}
              error={whatsapp.error}
              hint={t('admin-settings.hint.whatsapp')}
              type="tel"
              inputMode="tel"
              dir="ltr"
              maxLength={STORE_PHONE_MAX}
            />
          </Field>
          <div className="md:col-span-2">
            <BilingualField
              id={address.id}
              label={t('admin-settings.field.address')}
              multiline
              rows={3}
              arabic={address.value}
              english={addressEn.value}
              onArabic={address.onChange}
              onEnglish={addressEn.onChange}
              errors={{ arabic: address.error, english: addressEn.error }}
              maxLength={STORE_ADDRESS_MAX}
            />
          </div>
        </fieldset>
        <fieldset className="flex flex-col gap-5 rounded-2xl border border-stone-200 bg-white p-5">
          <legend className="px-1 text-lg font-semibold text-stone-900">{t('admin-settings.section.delivery')}</legend>
          <Field
            id={freeShipping.id}
            label={t('admin-settings.field.free_shipping_threshold')}
            optional
            hint={t('admin-settings.hint.free_shipping')}
            error={freeShipping.error}
          >
            <TextInput
              id={freeShipping.id}
              value={freeShipping.value}
              onValue={freeShipping.onChange}
              error={freeShipping.error}
              hint={t('admin-settings.hint.free_shipping')}
              inputMode="decimal"
              dir="ltr"
            />
          </Field>
          <Field
            id={giftWrapFee.id}
            label={t('admin-settings.field.gift_wrap_fee')}
            optional
            hint={t('admin-settings.hint.gift_wrap_fee')}
            error={giftWrapFee.error}
          >
            <TextInput
              id={giftWrapFee.id}
              value={giftWrapFee.value}
              onValue={giftWrapFee.onChange}
              error={giftWrapFee.error}
              hint={t('admin-settings.hint.gift_wrap_fee')}
              inputMode="decimal"
              dir="ltr"
            />
          </Field>
        </fieldset>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => void cancel()} disabled={busy}>
            {t('admin.common.cancel')}
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? t('admin.common.saving') : t('admin.common.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
