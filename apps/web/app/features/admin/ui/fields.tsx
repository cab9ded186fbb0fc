import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useI18n } from '../../../i18n/i18n';

/** The look of every back-office text control. */
export const controlClass =
  'min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-stone-900 placeholder:text-stone-400 focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30 disabled:cursor-not-allowed disabled:bg-stone-100';

export function controlBorder(error: string | undefined): string {
  return error ? 'border-red-600' : 'border-stone-300';
}

/** The ids a field's hint and error use, so aria-describedby always points at them. */
export function describedBy(id: string, hint: ReactNode | undefined): string {
  return hint ? `${id}-error ${id}-hint` : `${id}-error`;
}

/** A labelled control with its hint and error, wired for screen readers. */
export function Field({
  id,
  label,
  required,
  optional,
  hint,
  error,
  children,
  lang,
}: {
  id: string;
  label: string;
  required?: boolean;
  optional?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  children: ReactNode;
  /** The language of the label when it differs from the page (the English twin of a field). */
  lang?: string;
}) {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-stone-800">
        {label}
        {required ? (
          <>
            {' '}
            <span aria-hidden="true" className="text-red-700">
              *
            </span>
            <span className="sr-only">{t('admin.common.required_mark')}</span>
          </>
        ) : null}
        {/* A real space (not only a margin), so a screen reader says "Note (optional)". */}
        {optional ? <span className="font-normal text-stone-500"> {t('admin.common.optional')}</span> : null}
      </label>
      <div lang={lang}>{children}</div>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-stone-500">
          {hint}
        </p>
      ) : null}
      <p id={`${id}-error`} className="text-sm font-semibold text-red-700 empty:hidden">
        {error}
      </p>
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'onChange' | 'value'> & {
  id: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
};

export function TextInput({ id, value, onValue, error, hint, ...props }: InputProps) {
  return (
    <input
      id={id}
      name={id}
      value={value}
      onChange={(event) => onValue(event.target.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, hint)}
      className={`${controlClass} ${controlBorder(error)}`}
      {...props}
    />
  );
}

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className' | 'onChange' | 'value'> & {
  id: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
};

export function TextArea({ id, value, onValue, error, hint, rows = 4, ...props }: TextAreaProps) {
  return (
    <textarea
      id={id}
      name={id}
      rows={rows}
      value={value}
      onChange={(event) => onValue(event.target.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, hint)}
      className={`${controlClass} ${controlBorder(error)}`}
      {...props}
    />
  );
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className' | 'onChange' | 'value'> & {
  id: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
};

export function SelectInput({ id, value, onValue, error, hint, children, ...props }: SelectProps) {
  return (
    <select
      id={id}
      name={id}
      value={value}
      onChange={(event) => onValue(event.target.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, hint)}
      className={`${controlClass} ${controlBorder(error)}`}
      {...props}
    >
      {children}
    </select>
  );
}

/** A checkbox with its label beside it (a whole row is clickable). */
export function CheckboxField({
  id,
  label,
  checked,
  onChecked,
  hint,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  hint?: string;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="inline-flex min-h-11 cursor-pointer items-center gap-3 font-semibold text-stone-800">
        <input
          id={id}
          name={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChecked(event.target.checked)}
          className="size-5 accent-brand-700"
        />
        {label}
      </label>
      {hint ? <p className="text-sm text-stone-500">{hint}</p> : null}
    </div>
  );
}

/**
 * A text written in Arabic with its optional English version beside it (catalogue content in two
 * languages): Arabic right-to-left, English left-to-right, each with its own error.
 */
export function BilingualField({
  id,
  label,
  required,
  multiline,
  rows,
  arabic,
  english,
  onArabic,
  onEnglish,
  errors,
  maxLength,
}: {
  id: string;
  label: string;
  required?: boolean;
  multiline?: boolean;
  rows?: number;
  arabic: string;
  english: string;
  onArabic: (value: string) => void;
  onEnglish: (value: string) => void;
  errors?: { arabic?: string | undefined; english?: string | undefined };
  maxLength?: number;
}) {
  const { t } = useI18n();
  const englishId = `${id}_en`;
  const englishHint = t('admin.common.english_hint');
  const control = (controlId: string, value: string, onValue: (value: string) => void, error: string | undefined, dir: 'rtl' | 'ltr', hint?: string) =>
    multiline ? (
      <TextArea id={controlId} value={value} onValue={onValue} error={error} hint={hint} dir={dir} rows={rows} maxLength={maxLength} />
    ) : (
      <TextInput id={controlId} value={value} onValue={onValue} error={error} hint={hint} dir={dir} maxLength={maxLength} />
    );
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Field id={id} label={`${label} (${t('admin.common.arabic')})`} required={required} error={errors?.arabic}>
        {control(id, arabic, onArabic, errors?.arabic, 'rtl')}
      </Field>
      <Field id={englishId} label={`${label} (${t('admin.common.english')})`} optional hint={englishHint} error={errors?.english}>
        {control(englishId, english, onEnglish, errors?.english, 'ltr', englishHint)}
      </Field>
    </div>
  );
}
