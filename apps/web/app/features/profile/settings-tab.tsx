import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH, type NotificationPreferences, type User } from '@shop/shared';
import { Button, buttonClasses } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast';
import { useI18n } from '../../i18n/i18n';
import { useAuth } from '../account/auth';
import { DeleteAccountDialog } from './delete-account-dialog';
import { changePassword, errorDetails, savePreferences, serverMessage } from './profile-api';
import { PasswordField } from '../account/password-input';
import { FormAlertNotice, ProfileCard } from './profile-fields';
import {
  detailsOnFields,
  emptyPasswordChange,
  notificationOptions,
  passwordChangeErrors,
  passwordChangeFields,
  passwordChangePayload,
  samePreferences,
  type PasswordChangeField,
  type PasswordChangeForm,
} from './profile-rules';

/** Settings (spec section 2): password, e-mail notifications and deleting the account. */
export function SettingsTab({ user, onLeaving }: { user: User; onLeaving: () => void }) {
  return (
    <div className="flex flex-col gap-6">
      <PasswordCard hasPassword={user.has_password} />
      <NotificationsCard user={user} />
      <DangerZone hasPassword={user.has_password} onLeaving={onLeaving} />
    </div>
  );
}

const passwordFieldId = (field: PasswordChangeField) => `profile-${field.replace(/_/g, '-')}`;

function PasswordCard({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    // The form is gone: focus returns to the button that opened it.
    requestAnimationFrame(() => opener.current?.focus());
  };
  return (
    <ProfileCard
      title={t('profile.password.title')}
      titleId="profile-password-title"
      actions={
        open ? null : (
          <button ref={opener} type="button" className={buttonClasses('secondary')} onClick={() => setOpen(true)}>
            {hasPassword ? t('profile.password.change') : t('profile.password.set')}
          </button>
        )
      }
    >
      {open ? (
        <PasswordForm hasPassword={hasPassword} onDone={close} />
      ) : (
        <p className="text-stone-600">{hasPassword ? t('profile.password.text') : t('profile.password.text_none')}</p>
      )}
    </ProfileCard>
  );
}

function PasswordForm({ hasPassword, onDone }: { hasPassword: boolean; onDone: () => void }) {
  const { t } = useI18n();
  const toast = useToast();
  const { handleAuthError } = useAuth();
  const [form, setForm] = useState<PasswordChangeForm>(emptyPasswordChange);
  const [errors, setErrors] = useState<Partial<Record<PasswordChangeField, string>>>({});
  const [alert, setAlert] = useState<{ text: string; extra: string[] } | null>(null);

  const saving = useMutation({
    mutationFn: changePassword,
    onSuccess: (reply) => {
      toast.success(reply.message || t('profile.password.changed'));
      onDone();
    },
    onError: (error) => {
      if (handleAuthError(error)) return;
      const details = errorDetails(error);
      if (details.length > 0) {
        const { onFields, elsewhere } = detailsOnFields(details, passwordChangeFields);
        setErrors(onFields);
        setAlert({ text: t('profile.form.correct_errors'), extra: elsewhere });
        focusFirst(onFields);
        return;
      }
      toast.error(serverMessage(error) ?? t('profile.password.failed'));
    },
  });

  function focusFirst(shown: Partial<Record<PasswordChangeField, string>>) {
    const first = passwordChangeFields.find((field) => shown[field]);
    if (first) document.getElementById(passwordFieldId(first))?.focus();
  }

  function change(field: PasswordChangeField, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      const next = { ...current };
      delete next[field];
      return next;
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (saving.isPending) return;
    const found = passwordChangeErrors(form, hasPassword);
    const shown: Partial<Record<PasswordChangeField, string>> = {};
    for (const field of passwordChangeFields) {
      const key = found[field];
      if (key) shown[field] = t(key, { min: PASSWORD_MIN_LENGTH });
    }
    if (Object.keys(shown).length > 0) {
      setErrors(shown);
      setAlert({ text: t('profile.form.correct_errors'), extra: [] });
      focusFirst(shown);
      return;
    }
    setErrors({});
    setAlert(null);
    saving.mutate(passwordChangePayload(form, hasPassword));
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="profile-password-title" className="flex flex-col gap-4">
      {hasPassword && (
        <PasswordField
          id={passwordFieldId('current_password')}
          label={t('profile.password.current')}
          autoComplete="current-password"
          value={form.current_password}
          onChange={(value) => change('current_password', value)}
          error={errors.current_password}
        />
      )}
      <PasswordField
        id={passwordFieldId('new_password')}
        label={t('profile.password.new')}
        hint={t('profile.password.rule', { min: PASSWORD_MIN_LENGTH })}
        autoComplete="new-password"
        value={form.new_password}
        onChange={(value) => change('new_password', value)}
        error={errors.new_password}
      />
      <PasswordField
        id={passwordFieldId('confirm_password')}
        label={t('profile.password.confirm')}
        autoComplete="new-password"
        value={form.confirm_password}
        onChange={(value) => change('confirm_password', value)}
        error={errors.confirm_password}
      />
      {alert && <FormAlertNotice text={alert.text} extra={alert.extra} />}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={saving.isPending}>
          {saving.isPending ? t('profile.password.saving') : t('profile.password.save')}
        </Button>
        <Button variant="ghost" onClick={onDone} disabled={saving.isPending}>
          {t('profile.account.cancel')}
        </Button>
      </div>
    </form>
  );
}

function NotificationsCard({ user }: { user: User }) {
  const { t } = useI18n();
  const toast = useToast();
  const { updateUser, handleAuthError } = useAuth();
  const saved = user.notification_preferences;
  const [choices, setChoices] = useState<NotificationPreferences>(saved);
  const changed = !samePreferences(choices, saved);

  const saving = useMutation({
    mutationFn: savePreferences,
    onSuccess: (reply) => {
      updateUser({ ...user, notification_preferences: reply.notification_preferences });
      setChoices(reply.notification_preferences);
      toast.success(reply.message || t('profile.notifications.saved'));
    },
    onError: (error) => {
      if (handleAuthError(error)) return;
      toast.error(serverMessage(error) ?? t('profile.notifications.failed'));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!saving.isPending) saving.mutate(choices);
  }

  return (
    <ProfileCard title={t('profile.notifications.title')} titleId="profile-notifications-title">
      <form onSubmit={submit} className="flex flex-col gap-4">
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-stone-600">{t('profile.notifications.text')}</legend>
          {notificationOptions.map((option) => {
            const id = `profile-notify-${option.key}`;
            return (
              <div key={option.key} className="flex items-start gap-3">
                <input
                  id={id}
                  type="checkbox"
                  checked={choices[option.key]}
                  onChange={(event) => setChoices((current) => ({ ...current, [option.key]: event.target.checked }))}
                  aria-describedby={`${id}-hint`}
                  className="mt-1 size-5 shrink-0 accent-brand-700"
                />
                <div className="flex flex-col">
                  <label htmlFor={id} className="font-semibold text-stone-900">
                    {t(option.label)}
                  </label>
                  <span id={`${id}-hint`} className="text-sm text-stone-600">
                    {t(option.hint)}
                  </span>
                </div>
              </div>
            );
          })}
        </fieldset>
        <div>
          <Button type="submit" disabled={!changed || saving.isPending}>
            {saving.isPending ? t('profile.notifications.saving') : t('profile.notifications.save')}
          </Button>
        </div>
      </form>
    </ProfileCard>
  );
}

function DangerZone({ hasPassword, onLeaving }: { hasPassword: boolean; onLeaving: () => void }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <ProfileCard title={t('profile.danger.title')} titleId="profile-danger-title" tone="danger">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-stone-700">{t('profile.danger.text')}</p>
        <button
          ref={opener}
          type="button"
          onClick={() => setOpen(true)}
          aria-haspopup="dialog"
          className="inline-flex min-h-10 shrink-0 items-center justify-center rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
        >
          {t('profile.danger.delete')}
        </button>
      </div>
      {open && (
        <DeleteAccountDialog
          hasPassword={hasPassword}
          onLeaving={onLeaving}
          onClose={() => {
            setOpen(false);
            // After the modal has closed: while it is open the rest of the page is inert.
            requestAnimationFrame(() => opener.current?.focus());
          }}
        />
      )}
    </ProfileCard>
  );
}
