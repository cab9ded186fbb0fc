import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH, type AdminUser, type AdminUserDetail } from '@shop/shared';
import { ButtonLink } from '../../../components/ui/button';
import { UserIcon } from '../../../components/ui/icons';
import { useToast } from '../../../components/ui/toast';
import { useFieldForm } from '../../../components/ui/use-field-form';
import { useI18n } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api';
import { useAuth } from '../../account/auth';
import { adminHref } from '../shell/admin-links';
import { userCan } from '../shell/gate';
import { Field, SelectInput, TextArea, TextInput } from '../ui/fields';
import { AdminPageHeader, EmptyPanel, ErrorPanel, FormErrorBox, LoadingPanel } from '../ui/states';
import { FormScreenActions, FormScreenFrame } from '../ui/form-screen';
import { useLeaveAfterSave } from '../ui/use-unsaved-changes';
import {
  ROLE_CHOICES,
  USERS_TAB_PATH,
  emptyUserForm,
  isEmailTaken,
  isUserFormDirty,
  roleLabels,
  roleSelectable,
  userFields,
  userFormFrom,
  userFormProblems,
  userRequestBody,
  type UserForm,
} from './user-rules';
import { UserOrdersPanel } from './user-orders-panel';
import { NewOrderAlertsNote } from '../orders/new-order-alerts';
import { adminUserQuery, useSaveUser } from './users-api';
import { failureText, useSessionFailure, useSessionFailureOf } from '../../../lib/errors';

const fieldId = (field: keyof UserForm) => `user-${field}`;

/** /admin/users/edit/{id} with an id that names no user. */
export function UserNotFound() {
  const { t } = useI18n();
  return (
    <FormScreenFrame
      title={t('admin-users.form.edit_title')}
      backTo={USERS_TAB_PATH}
      backLabel={t('admin-users.form.back')}
    >
      <EmptyPanel
        icon={<UserIcon className="size-8" />}
        title={t('admin-users.form.load_error')}
        text={t('admin-users.form.not_found')}
        action={<ButtonLink to={USERS_TAB_PATH}>{t('admin-users.form.back')}</ButtonLink>}
      />
    </FormScreenFrame>
  );
}

/**
 * /admin/users/new (id null) and /admin/users/edit/{id}: on edit the
 * user is loaded first, with a spinner, then an error panel with a way back if that fails.
 */
export function UserFormScreen({ id }: { id: number | null }) {
  const { t } = useI18n();
  const { user: me } = useAuth();
  const canManage = userCan(me, 'users.manage');
  const user = useQuery({ ...adminUserQuery(id ?? 0), enabled: canManage && id !== null });
  const title = id === null ? t('admin-users.form.create_title') : t('admin-users.form.edit_title');
  useSessionFailureOf(user.error);

  let body;
  if (!canManage) {
    body = (
      <EmptyPanel
        icon={<UserIcon className="size-8" />}
        title={t('admin-users.form.no_access_title')}
        text={t('admin-users.form.no_access_text')}
        action={<ButtonLink to={adminHref()}>{t('admin-users.form.back_to_admin')}</ButtonLink>}
      />
    );
  } else if (id !== null && user.isError) {
    const gone = user.error instanceof ApiError && user.error.status === 404;
    body = gone ? (
      <EmptyPanel
        icon={<UserIcon className="size-8" />}
        title={t('admin-users.form.load_error')}
        text={t('admin-users.form.not_found')}
        action={<ButtonLink to={USERS_TAB_PATH}>{t('admin-users.form.back')}</ButtonLink>}
      />
    ) : (
      <div className="flex flex-col items-center">
        <ErrorPanel
          title={t('admin-users.form.load_error')}
          fallback={t('admin-users.form.load_failed')}
          error={user.error}
          onRetry={() => void user.refetch()}
        />
        <ButtonLink to={USERS_TAB_PATH} variant="secondary">
          {t('admin-users.form.back')}
        </ButtonLink>
      </div>
    );
  } else if (id !== null && user.isPending) {
    body = <LoadingPanel label={t('admin-users.form.loading')} />;
  } else {
    body = <UserFormBody key={id ?? 'new'} id={id} user={id === null ? null : (user.data ?? null)} />;
  }

  return (
    <FormScreenFrame title={title} backTo={USERS_TAB_PATH} backLabel={t('admin-users.form.back')}>
      <AdminPageHeader title={id !== null && user.data ? `${title}: ${user.data.name}` : title} />
      {body}
    </FormScreenFrame>
  );
}

function UserFormBody({ id, user }: { id: number | null; user: AdminUserDetail | null }) {
  const { t, tp } = useI18n();
  const toast = useToast();
  const authFailure = useSessionFailure();
  const { user: me } = useAuth();
  const mode = id === null ? 'create' : 'edit';
  const editingSelf = id !== null && id === me?.id;
  const initial = useMemo(() => (user ? userFormFrom(user) : emptyUserForm()), [user]);
  const form = useFieldForm<UserForm>(initial, { fields: userFields, fieldId });
  const [boxMessages, setBoxMessages] = useState<string[]>([]);
  const box = useRef<HTMLDivElement>(null);

  const { saved, markSaved } = useLeaveAfterSave(isUserFormDirty(form.values, initial), USERS_TAB_PATH);

  const saving = useSaveUser(id, (values: UserForm) => userRequestBody(values), {
    onSuccess: (savedUser) => {
      toast.success(t(id === null ? 'admin-users.toast.created' : 'admin-users.toast.updated', { name: savedUser.name }));
      markSaved();
    },
    onError: (error) => {
      if (authFailure(error)) return;
      if (isEmailTaken(error)) {
        setBoxMessages([]);
        form.showErrors({ email: t('admin-users.form.email_taken') });
        return;
      }
      // VALIDATION_ERROR: each detail under its field; anything else in the red box.
      const elsewhere = form.showServerErrors(error);
      const onAField = error instanceof ApiError && error.details.some((detail) => (userFields as readonly string[]).includes(detail.field));
      const failed = t(id === null ? 'admin-users.form.create_failed' : 'admin-users.form.update_failed');
      setBoxMessages(onAField ? (elsewhere ?? []) : [failureText(failed, error), ...(elsewhere ?? [])]);
      if (!onAField) requestAnimationFrame(() => box.current?.querySelector<HTMLElement>('[role="alert"]')?.focus());
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (saving.isPending) return;
    setBoxMessages([]);
    if (!form.validate(userFormProblems(form.values, mode), (key) => t(key, { count: PASSWORD_MIN_LENGTH }))) return;
    saving.mutate(form.values);
  }

  const passwordHint = mode === 'edit' ? t('admin-users.form.password_hint_edit') : tp('admin-users.form.password_hint', PASSWORD_MIN_LENGTH);
  const roleHint = editingSelf ? t('admin-users.form.role_self_hint') : t('admin-users.form.role_hint');
  const busy = saving.isPending || saved;

  return (
    <div className="flex flex-col gap-4">
      {user ? <AccountFacts user={user} /> : null}
      <div ref={box}>
        <FormErrorBox messages={boxMessages} />
      </div>
      <form onSubmit={submit} noValidate className="flex flex-col gap-5 rounded-2xl border border-stone-200 bg-white p-4 sm:p-6">
        <div className="grid gap-4 md:grid-cols-2">
          <Field id={fieldId('name')} label={t('admin-users.form.name')} required error={form.errors.name}>
            <TextInput
              id={fieldId('name')}
              value={form.values.name}
              onValue={(value) => form.change('name', value)}
              error={form.errors.name}
              autoComplete="off"
              dir="auto"
            />
          </Field>
          <Field id={fieldId('email')} label={t('admin-users.form.email')} required error={form.errors.email}>
            <TextInput
              id={fieldId('email')}
              type="email"
              inputMode="email"
              value={form.values.email}
              onValue={(value) => form.change('email', value)}
              error={form.errors.email}
              autoComplete="off"
              dir="ltr"
            />
          </Field>
          <Field id={fieldId('password')} label={t('admin-users.form.password')} required={mode === 'create'} optional={mode === 'edit'} hint={passwordHint} error={form.errors.password}>
            <TextInput
              id={fieldId('password')}
              type="password"
              value={form.values.password}
              onValue={(value) => form.change('password', value)}
              error={form.errors.password}
              hint={passwordHint}
              autoComplete="new-password"
              dir="ltr"
            />
          </Field>
          <Field id={fieldId('role')} label={t('admin-users.form.role')} required hint={roleHint} error={form.errors.role}>
            <SelectInput
              id={fieldId('role')}
              value={form.values.role}
              onValue={(value) => form.change('role', value as UserForm['role'])}
              error={form.errors.role}
              hint={roleHint}
            >
              {ROLE_CHOICES.map((role) => (
                <option key={role} value={role} disabled={!roleSelectable(role, editingSelf)}>
                  {t(roleLabels[role])}
                </option>
              ))}
            </SelectInput>
          </Field>
          <Field id={fieldId('phone')} label={t('admin-users.form.phone')} optional hint={t('admin-users.form.phone_hint')} error={form.errors.phone}>
            <TextInput
              id={fieldId('phone')}
              type="tel"
              inputMode="tel"
              value={form.values.phone}
              onValue={(value) => form.change('phone', value)}
              error={form.errors.phone}
              hint={t('admin-users.form.phone_hint')}
              autoComplete="off"
              dir="ltr"
            />
          </Field>
        </div>
        <Field id={fieldId('address')} label={t('admin-users.form.address')} optional error={form.errors.address}>
          <TextArea
            id={fieldId('address')}
            rows={3}
            value={form.values.address}
            onValue={(value) => form.change('address', value)}
            error={form.errors.address}
            dir="auto"
          />
        </Field>
        <FormScreenActions
          backTo={USERS_TAB_PATH}
          busy={busy}
          submitLabel={busy ? t('admin.common.saving') : id === null ? t('admin-users.form.create_submit') : t('admin-users.form.update_submit')}
        />
      </form>
      {user?.new_order_alerts !== undefined ? <NewOrderAlertsNote on={user.new_order_alerts} /> : null}
      {user ? <UserOrdersPanel user={user} /> : null}
    </div>
  );
}

/** What the back office knows of an account beyond the form: when it joined, its last activity, its orders and its e-mail. */
function AccountFacts({ user }: { user: AdminUser }) {
  const { t, tp, formatDateTime } = useI18n();
  const facts = [
    { id: 'joined', label: t('admin-users.facts.joined'), value: formatDateTime(user.created_at) },
    {
      id: 'last_active',
      label: t('admin-users.facts.last_active'),
      value: user.last_active_at ? formatDateTime(user.last_active_at) : t('admin-users.facts.no_session'),
    },
    { id: 'orders', label: t('admin-users.facts.orders'), value: tp('admin-users.facts.order_count', user.order_count) },
    { id: 'email', label: t('admin-users.facts.email'), value: user.email_verified ? t('admin-users.facts.verified') : t('admin-users.facts.unverified') },
  ];
  return (
    <dl className="grid gap-3 rounded-2xl border border-stone-200 bg-stone-50 p-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
      {facts.map((fact) => (
        <div key={fact.id}>
          <dt className="text-stone-600">{fact.label}</dt>
          <dd className="font-semibold text-stone-900">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
