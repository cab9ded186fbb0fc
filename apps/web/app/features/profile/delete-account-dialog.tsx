import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { CloseIcon } from '../../components/ui/icons';
import { useToast } from '../../components/ui/toast';
import { useI18n, type MessageKey } from '../../i18n/i18n';
import { useAuth } from '../account/auth';
import { serverFieldMessage, useFieldForm } from '../../components/ui/use-field-form';
import { deleteAccount } from './profile-api';
import { PasswordField } from '../account/password-input';
import { deleteAccountPayload } from './profile-rules';
import { useErrorText, useSessionFailure } from '../../lib/errors';
import { useLocalizedPath } from '../../lib/localized-path';

const fields = ['password'] as const;
const passwordId = 'profile-delete-password';

/**
 * Confirms deleting the account. A native modal <dialog> keeps focus inside it (the page behind
 * is inert) and closes on Escape; the current password confirms when the account has one.
 */
export function DeleteAccountDialog({
  hasPassword,
  onClose,
  onLeaving,
}: {
  hasPassword: boolean;
  onClose: () => void;
  /** Called just before the session ends, so the profile page does not send the user to /login. */
  onLeaving: () => void;
}) {
  const localized = useLocalizedPath();
  const { t } = useI18n();
  const failureText = useErrorText();
  const toast = useToast();
  const navigate = useNavigate();
  const { forget } = useAuth();
  const handleAuthError = useSessionFailure();
  const dialog = useRef<HTMLDialogElement>(null);
  const form = useFieldForm({ password: '' }, { fields, fieldId: () => passwordId });

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    // The password is what the customer has to give: the cursor starts there.
    document.getElementById(passwordId)?.focus();
    return () => element?.close();
  }, []);

  const deleting = useMutation({
    mutationFn: deleteAccount,
    onSuccess: (reply) => {
      onLeaving();
      forget();
      toast.success(reply.message || t('profile.delete.done'));
      void navigate(localized('/'), { replace: true });
    },
    onError: (failure) => {
      if (handleAuthError(failure)) return;
      const onPassword = serverFieldMessage(failure, 'password');
      if (onPassword) {
        form.showErrors({ password: onPassword });
        return;
      }
      toast.error(failureText(failure, t('profile.delete.failed')));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (deleting.isPending) return;
    const problem: MessageKey | undefined =
      hasPassword && form.values.password === '' ? 'profile.delete.password_required' : undefined;
    if (!form.validate({ password: problem }, (key) => t(key))) return;
    deleting.mutate(deleteAccountPayload(form.values.password, hasPassword));
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby="profile-delete-title"
      aria-describedby="profile-delete-text"
      onCancel={(event) => {
        // Escape: closing is our state's decision (not while the request is on its way).
        event.preventDefault();
        if (!deleting.isPending) onClose();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 text-stone-900 shadow-xl backdrop:bg-stone-900/50"
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4 p-5 sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <h2 id="profile-delete-title" className="text-xl font-semibold text-red-800">
            {t('profile.delete.title')}
          </h2>
          <button
            type="button"
            onClick={onClose}
            disabled={deleting.isPending}
            aria-label={t('profile.delete.close')}
            className="-m-1 rounded p-1 text-stone-600 hover:bg-stone-100 hover:text-stone-900"
          >
            <CloseIcon className="size-5" />
          </button>
        </div>
        <div id="profile-delete-text" className="flex flex-col gap-2 text-stone-700">
          <p>{t('profile.delete.text')}</p>
          <p>{t('profile.delete.orders_kept')}</p>
        </div>
        {hasPassword && (
          <PasswordField
            {...form.field('password')}
            label={t('profile.delete.password')}
            autoComplete="current-password"
          />
        )}
        {!hasPassword && form.errors.password && (
          <p className="text-sm font-semibold text-red-700">{form.errors.password}</p>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onClose} disabled={deleting.isPending} autoFocus={!hasPassword}>
            {t('profile.delete.cancel')}
          </Button>
          <Button type="submit" variant="danger" pending={deleting.isPending}>
            {deleting.isPending ? t('profile.delete.deleting') : t('profile.delete.confirm')}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
