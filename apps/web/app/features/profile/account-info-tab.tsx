import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { User } from '@shop/shared';
import { Button } from '../../components/ui/button';
import { AlertCircleIcon, CheckCircleIcon, MailIcon } from '../../components/ui/icons';
import { useToast } from '../../components/ui/toast';
import { useI18n } from '../../i18n/i18n';
import { ApiError } from '../../lib/api';
import { useAuth } from '../account/auth';
import { useFieldForm } from '../../components/ui/use-field-form';
import { sendVerificationCode, updateProfile } from './profile-api';
import { TextField } from '../account/form-field';
import { PasswordField } from '../account/password-input';
import { EditFormFooter, ProfileCard, type FormAlert } from './profile-fields';
import {
  needsCurrentPassword,
  profileFields,
  profileFormErrors,
  profileFormFrom,
  profileUpdatePayload,
  roleLabel,
  shownValue,
  type ProfileField,
  type ProfileForm,
} from './profile-rules';
import { useErrorText, useSessionFailure } from '../../lib/errors';
import { useLocalizedPath } from '../../lib/localized-path';

const fieldId = (field: ProfileField) => `profile-${field}`;

/** Account Info: the customer's details, Edit Profile and the verification banner. */
export function AccountInfoTab({ user }: { user: User }) {
  const { t } = useI18n();
  const [editing, setEditing] = useState(false);
  return (
    <div className="flex flex-col gap-6">
      {!user.isVerified && <VerificationBanner email={user.email} />}
      <ProfileCard
        title={t('profile.account.title')}
        titleId="profile-account-title"
        actions={
          editing ? null : (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              {t('profile.account.edit')}
            </Button>
          )
        }
      >
        {editing ? <EditProfileForm user={user} onDone={() => setEditing(false)} /> : <AccountDetails user={user} />}
      </ProfileCard>
    </div>
  );
}

function AccountDetails({ user }: { user: User }) {
  const { t } = useI18n();
  const notProvided = <span className="font-normal text-stone-500">{t('profile.account.not_provided')}</span>;
  const optional = (value: string | null, ltr = false) => {
    const shown = shownValue(value);
    if (!shown) return notProvided;
    return ltr ? <bdi dir="ltr">{shown}</bdi> : <bdi>{shown}</bdi>;
  };
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
      <Detail label={t('profile.account.username')} testId="profile-username">
        <bdi dir="ltr">{user.username}</bdi>
      </Detail>
      <Detail label={t('profile.account.email')} testId="profile-email">
        <span className="flex flex-wrap items-center gap-2">
          <bdi dir="ltr" className="break-all">
            {user.email}
          </bdi>
          <VerifiedBadge verified={user.isVerified} />
        </span>
      </Detail>
      <Detail label={t('profile.account.first_name')} testId="profile-first-name">
        {optional(user.first_name)}
      </Detail>
      <Detail label={t('profile.account.last_name')} testId="profile-last-name">
        {optional(user.last_name)}
      </Detail>
      <Detail label={t('profile.account.phone')} testId="profile-phone">
        {optional(user.phone, true)}
      </Detail>
      <Detail label={t('profile.account.role')} testId="profile-role">
        {t(roleLabel(user))}
      </Detail>
    </dl>
  );
}

function Detail({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 border-b border-stone-100 pb-3">
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="font-semibold text-stone-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function VerifiedBadge({ verified }: { verified: boolean }) {
  const { t } = useI18n();
  return verified ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
      <CheckCircleIcon className="size-4" />
      {t('profile.account.verified')}
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
      <AlertCircleIcon className="size-4" />
      {t('profile.account.not_verified')}
    </span>
  );
}

function EditProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const { t } = useI18n();
  const failureText = useErrorText();
  const toast = useToast();
  const { updateUser } = useAuth();
  const handleAuthError = useSessionFailure();
  const form = useFieldForm<ProfileForm>(() => profileFormFrom(user), { fields: profileFields, fieldId });
  const [alert, setAlert] = useState<FormAlert | null>(null);

  const saving = useMutation({
    mutationFn: updateProfile,
    onSuccess: (updated) => {
      updateUser(updated);
      toast.success(t('profile.account.updated'));
      onDone();
    },
    onError: (error) => {
      if (handleAuthError(error)) return;
      const elsewhere = form.showServerErrors(error);
      if (elsewhere) {
        setAlert({ text: t('profile.form.correct_errors'), extra: elsewhere });
        return;
      }
      if (error instanceof ApiError && error.code === 'USER_EXISTS') {
        // 409: the new email belongs to another account.
        form.showErrors({ email: error.message });
        setAlert(null);
        return;
      }
      toast.error(failureText(error, t('profile.account.update_failed')));
    },
  });

  // A new email is confirmed with the current password (the server refuses it without).
  const withPassword = needsCurrentPassword(form.values, user);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (saving.isPending) return;
    if (!form.validate(profileFormErrors(form.values, withPassword), (key) => t(key))) {
      setAlert({ text: t('profile.form.correct_errors'), extra: [] });
      return;
    }
    setAlert(null);
    saving.mutate(profileUpdatePayload(form.values, withPassword));
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="profile-account-title" className="flex flex-col gap-4">
      <TextField
        {...form.field('email')}
        label={t('profile.account.email')}
        type="email"
        ltr
        autoComplete="email"
        hint={t('profile.account.email_change_hint')}
      />
      {withPassword && (
        <PasswordField
          {...form.field('current_password')}
          label={t('profile.password.current')}
          hint={t('profile.account.email_password_hint')}
          autoComplete="current-password"
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          {...form.field('first_name')}
          label={t('profile.account.first_name')}
          autoComplete="given-name"
        />
        <TextField
          {...form.field('last_name')}
          label={t('profile.account.last_name')}
          autoComplete="family-name"
        />
      </div>
      <TextField
        {...form.field('phone')}
        label={t('profile.account.phone')}
        type="tel"
        ltr
        autoComplete="tel"
      />
      <EditFormFooter
        alert={alert}
        saving={saving.isPending}
        saveLabel={t('profile.account.save')}
        savingLabel={t('profile.account.saving')}
        onCancel={onDone}
      />
    </form>
  );
}

/** Unverified customers can ask for a new code and go on to /verify-code. */
function VerificationBanner({ email }: { email: string }) {
  const localized = useLocalizedPath();
  const { t } = useI18n();
  const failureText = useErrorText();
  const toast = useToast();
  const navigate = useNavigate();
  const handleAuthError = useSessionFailure();
  const sending = useMutation({
    mutationFn: () => sendVerificationCode(email),
    onSuccess: () => {
      toast.success(t('profile.verify.sent'));
      void navigate(localized(`/verify-code?email=${encodeURIComponent(email)}`), { state: { email } });
    },
    onError: (error) => {
      if (handleAuthError(error)) return;
      toast.error(failureText(error, t('profile.verify.failed')));
    },
  });
  return (
    <section
      aria-labelledby="profile-verify-title"
      className="flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5"
    >
      <div className="flex gap-3">
        <MailIcon className="mt-0.5 size-6 shrink-0 text-amber-800" />
        <div>
          <h2 id="profile-verify-title" className="font-semibold text-amber-950">
            {t('profile.verify.title')}
          </h2>
          <p className="text-sm text-amber-900">{t('profile.verify.text')}</p>
          <p className="text-sm font-semibold break-all text-amber-950">
            <bdi dir="ltr">{email}</bdi>
          </p>
        </div>
      </div>
      <Button onClick={() => sending.mutate()} pending={sending.isPending} className="shrink-0">
        {sending.isPending ? t('profile.verify.sending') : t('profile.verify.send')}
      </Button>
    </section>
  );
}
