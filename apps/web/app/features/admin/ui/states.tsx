import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { AlertCircleIcon, SearchIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { useI18n } from '../../../i18n/i18n';
import { serverMessage } from '../../../lib/errors';
import { useStaffErrorText } from '../../../lib/errors/staff-error-text';

export function LoadingPanel({ label }: { label?: string }) {
  const { t } = useI18n();
  return <Spinner label={label ?? t('admin.common.loading')} />;
}

/**
 * A list or screen that could not load: what failed, the server's reason (else `fallback`, else a
 * generic sentence), and a retry.
 */
export function ErrorPanel({ title, error, onRetry, fallback }: { title?: string; error: unknown; onRetry?: () => void; fallback?: string }) {
  const { t } = useI18n();
  const errorText = useStaffErrorText();
  const text = (failure: unknown) => (fallback === undefined ? errorText(failure) : (serverMessage(failure, 'staff') ?? fallback));
  return (
    <div role="alert" className="mx-auto my-8 flex max-w-md flex-col items-center gap-3 rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
      <AlertCircleIcon className="size-8 text-red-700" />
      <p className="font-semibold text-red-800">{title ?? t('admin.common.error_title')}</p>
      <p className="text-sm text-red-800">{text(error)}</p>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          {t('admin.common.retry')}
        </Button>
      ) : null}
    </div>
  );
}

/** Nothing to show yet (or nothing matches): a title, a sentence and one way forward. */
export function EmptyPanel({ icon, title, text, action }: { icon?: ReactNode; title: string; text?: string; action?: ReactNode }) {
  return (
    <div className="mx-auto my-10 flex max-w-md flex-col items-center gap-3 text-center">
      {icon ? <span className="flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">{icon}</span> : null}
      <p className="text-lg font-semibold text-stone-900">{title}</p>
      {text ? <p className="text-stone-600">{text}</p> : null}
      {action}
    </div>
  );
}

/** A search that found nothing: says what was searched for and offers to clear it. */
export function NoMatchPanel({ title, text, clearLabel, onClear }: { title: string; text: string; clearLabel: string; onClear: () => void }) {
  return (
    <EmptyPanel
      icon={<SearchIcon className="size-8" />}
      title={title}
      text={text}
      action={
        <Button variant="secondary" onClick={onClear}>
          {clearLabel}
        </Button>
      }
    />
  );
}

/** The red box above a form with what the server refused that is not on one field (errors above the form). */
export function FormErrorBox({ messages }: { messages: readonly string[] }) {
  const { t } = useI18n();
  if (messages.length === 0) return null;
  return (
    <div role="alert" tabIndex={-1} className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-800">
      {messages.length === 1 ? (
        <p className="font-semibold">{messages[0]}</p>
      ) : (
        <>
          <p className="font-semibold">{t('admin.common.form_errors')}</p>
          <ul className="mt-2 list-disc space-y-1 ps-5 text-sm">
            {messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The title row of an admin screen with its main actions. */
export function AdminPageHeader({ title, description, actions }: { title: string; description?: string; actions?: ReactNode }) {
  return (
    <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-semibold text-stone-900">{title}</h1>
        {description ? <p className="mt-1 text-stone-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
