import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH, type NotificationPreferences, type User } from '@shop/shared';
import { Button, buttonClasses } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast';
import { useI18n } from '../../i18n/i18n';
import { useAuth } from '../account/auth';
import { DeleteAccountDialog } from './delete-account-dialog';
import { useFieldForm } from '../../components/ui/use-field-form';
import { changePassword, savePreferences } from './profile-api';
import { PasswordField } from '../account/password-input';
import { EditFormFooter, ProfileCard, type FormAlert } from './profile-fields';
import {
  emptyPasswordChange,
  notificationOptionsFor,
  passwordChangeErrors,
  passwordChangeFields,
  passwordChangePayload,
  samePreferences,
  type PasswordChangeField,
  type PasswordChangeForm,
} from './profile-rules';
import { useErrorText, useSessionFailure } from '../../lib/errors';

/** Settings: password, e-mail notifications and deleting the account. */
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
  const { t, tp } = useI18n();
  const failureText = useErrorText();
  const toast = useToast();
  const handleAuthError = useSessionFailure();
  const form = useFieldForm<PasswordChangeForm>(emptyPasswordChange, {
    fields: passwordChangeFields,
    fieldId: passwordFieldId,
  });
  const [alert, setAlert] = useState<FormAlert | null>(null);

  const saving = useMutation({
    mutationFn: changePassword,
    onSuccess: (reply) => {
      toast.success(reply.message || t('profile.password.changed'));
      onDone();
    },
    onError: (error) => {
      if (handleAuthError(error)) return;
      const elsewhere = form.showServerErrors(error);
      if (elsewhere) {
        setAlert({ text: t('profile.form.correct_errors'), extra: elsewhere });
        return;
      }
      toast.error(failureText(error, t('profile.password.failed')));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (saving.isPending) return;
    const problems = passwordChangeErrors(form.values, hasPassword);
    if (!form.validate(problems, (key) => t(key, { count: PASSWORD_MIN_LENGTH }))) {
      setAlert({ text: t('profile.form.correct_errors'), extra: [] });
      return;
    }
    setAlert(null);
    saving.mutate(passwordChangePayload(form.values, hasPassword));
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="profile-password-title" className="flex flex-col gap-4">
      {hasPassword && (
        <PasswordField
          {...form.field('current_password')}
          label={t('profile.password.current')}
          autoComplete="current-password"
        />
      )}
      <PasswordField
        {...form.field('new_password')}
        label={t('profile.password.new')}
        hint={tp('profile.password.rule', PASSWORD_MIN_LENGTH)}
        autoComplete="new-password"
      />
      <PasswordField
        {...form.field('confirm_password')}
        label={t('profile.password.confirm')}
        autoComplete="new-password"
      />
      <EditFormFooter
        alert={alert}
        saving={saving.isPending}
        saveLabel={t('profile.password.save')}
        savingLabel={t('profile.password.saving')}
        onCancel={onDone}
      />
    </form>
  );
}

function NotificationsCard({ user }: { user: User }) {
  const { t } = useI18n();
  const failureText = useErrorText();
  const toast = useToast();
  const { updateUser } = useAuth();
  const handleAuthError = useSessionFailure();
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
      toast.error(failureText(error, t('profile.notifications.failed')));
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
          {notificationOptionsFor(user.role).map((option) => {
            const id = `profile-notify-${option.key}`;
            return (
              <div key={option.key} className="flex items-start gap-3">
                <input
                  id={id}
                  type="checkbox"
                  checked={choices[option.key] ?? false}
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
          <Button type="submit" disabled={!changed} pending={saving.isPending}>
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
