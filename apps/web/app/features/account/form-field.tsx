import type { InputHTMLAttributes, ReactNode } from 'react';
import { useI18n } from '../../i18n/i18n';
import { AlertCircleIcon, CheckCircleIcon, InfoCircleIcon } from '../../components/ui/icons';

/** The look of a text control on the account screens (shared with the profile screen). */
export const inputClass =
  'min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-stone-900 placeholder:text-stone-400 focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30 disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-stone-500';

export function inputBorder(error: string | undefined): string {
  return error ? 'border-red-600' : 'border-stone-300';
}

/** The ids a field's label, hint and error use, so aria-describedby always points at them. */
export function fieldIds(id: string) {
  return { error: `${id}-error`, hint: `${id}-hint` };
}

export function FieldLabel({
  htmlFor,
  required,
  optional,
  children,
}: {
  htmlFor: string;
  required?: boolean;
  optional?: boolean;
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <label htmlFor={htmlFor} className="text-sm font-semibold text-stone-800">
      {children}
      {required ? (
        <>
          {' '}
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
          <span className="sr-only">{t('common.field.required_mark')}</span>
        </>
      ) : null}
      {optional ? <span className="ms-1 font-normal text-stone-500">{t('common.field.optional')}</span> : null}
    </label>
  );
}

/** A field's error text; always rendered (empty when fine) so aria-describedby never dangles. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return (
    <p id={id} className="flex items-start gap-1 text-sm font-semibold text-red-700 empty:hidden">
      {error}
    </p>
  );
}

type NativeInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className'>;

/** A labelled text input with its hint and error, wired for screen readers. */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  required,
  optional,
  ltr,
  ...input
}: NativeInputProps & {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  required?: boolean;
  optional?: boolean;
  /** Emails and phone numbers read left to right in Arabic too. */
  ltr?: boolean;
}) {
  const ids = fieldIds(id);
  return (
    <div className="flex flex-col gap-1.5">
      <FieldLabel htmlFor={id} required={required} optional={optional}>
        {label}
      </FieldLabel>
      <input
        {...input}
        id={id}
        name={input.name ?? id}
        value={value}
        dir={ltr ? 'ltr' : input.dir}
        aria-invalid={error ? true : undefined}
        aria-required={required ? true : undefined}
        aria-describedby={hint ? `${ids.error} ${ids.hint}` : ids.error}
        onChange={(event) => onChange(event.target.value)}
        className={`${inputClass} ${inputBorder(error)} ${ltr ? 'text-start rtl:text-end' : ''}`}
      />
      {hint ? (
        <p id={ids.hint} className="text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={ids.error} error={error} />
    </div>
  );
}

/** The required e-mail field of the account screens: typed as an address, read left to right. */
export function EmailField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <TextField {...props} name="email" type="email" inputMode="email" autoComplete="email" ltr required />
  );
}

export type NoticeTone = 'success' | 'error' | 'info';

const noticeStyles: Record<NoticeTone, string> = {
  success: 'border-brand-600/40 bg-brand-50 text-brand-900',
  error: 'border-red-300 bg-red-50 text-red-800',
  info: 'border-stone-300 bg-stone-50 text-stone-800',
};

const noticeIcons = { success: CheckCircleIcon, error: AlertCircleIcon, info: InfoCircleIcon } as const;

/**
 * A message inside the form (success banner, form-level error, status). Errors are announced
 * at once (role=alert), the others politely (role=status).
 */
export function FormNotice({
  tone,
  children,
  id,
}: {
  tone: NoticeTone;
  children: ReactNode;
  id?: string;
}) {
  const Icon = noticeIcons[tone];
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      className={`flex items-start gap-2 rounded-lg border p-3 text-sm ${noticeStyles[tone]}`}
    >
      <Icon className="mt-0.5 size-5 shrink-0" />
      <div className="flex-1">{children}</div>
    </div>
  );
}

/** The server's messages that belong to no field of the form, one paragraph each; nothing when none. */
export function FormErrors({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <FormNotice tone="error">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </FormNotice>
  );
}
