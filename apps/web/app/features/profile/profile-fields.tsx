import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { useI18n } from '../../i18n/i18n';
import { FormNotice } from '../account/form-field';

/** A titled white card, one per part of a tab. */
export function ProfileCard({
  title,
  titleId,
  actions,
  tone = 'normal',
  children,
}: {
  title: string;
  titleId: string;
  actions?: ReactNode;
  tone?: 'normal' | 'danger';
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={titleId}
      className={`rounded-2xl border bg-white p-4 shadow-sm sm:p-6 ${tone === 'danger' ? 'border-red-200' : 'border-stone-200'}`}
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={titleId} className={`text-lg font-semibold ${tone === 'danger' ? 'text-red-800' : 'text-stone-900'}`}>
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** Why a form was not sent: the summary and any server messages that belong to no field. */
export function FormAlertNotice({ text, extra = [] }: { text: string; extra?: readonly string[] }) {
  return (
    <FormNotice tone="error">
      <p className="font-semibold">{text}</p>
      {extra.length > 0 && (
        <ul className="mt-1 list-disc ps-4">
          {extra.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </FormNotice>
  );
}

/** Why an edit form was not sent: the summary, and the server messages no field shows. */
export interface FormAlert {
  text: string;
  extra: string[];
}

/** The end of an edit form: its alert, then Save (its label while saving) and Cancel. */
export function EditFormFooter({
  alert,
  saving,
  saveLabel,
  savingLabel,
  onCancel,
}: {
  alert: FormAlert | null;
  saving: boolean;
  saveLabel: string;
  savingLabel: string;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  return (
    <>
      {alert && <FormAlertNotice text={alert.text} extra={alert.extra} />}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" pending={saving}>
          {saving ? savingLabel : saveLabel}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={saving}>
          {t('profile.account.cancel')}
        </Button>
      </div>
    </>
  );
}
