import type { ReactNode } from 'react';
import { useI18n } from '../../i18n/i18n';

const controlClass =
  'min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-stone-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30 disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-stone-500';

function borderFor(error: string | undefined) {
  return error ? 'border-red-600' : 'border-stone-300';
}

function FieldLabel({ htmlFor, required, children }: { htmlFor: string; required?: boolean; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <label htmlFor={htmlFor} className="text-sm font-semibold text-stone-800">
      {children}
      {required && (
        <>
          {' '}
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
          <span className="sr-only">{t('checkout.required_mark')}</span>
        </>
      )}
    </label>
  );
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return (
    <p id={id} className="text-sm font-semibold text-red-700 empty:hidden">
      {error}
    </p>
  );
}

export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  required,
  type = 'text',
  autoComplete,
  inputMode,
  dir,
  multiline,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel';
  /** Emails and phone numbers read left to right in Arabic too. */
  dir?: 'ltr';
  multiline?: boolean;
  placeholder?: string;
}) {
  const errorId = `${id}-error`;
  const shared = {
    id,
    name: id,
    value,
    placeholder,
    autoComplete,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': errorId,
    'aria-required': required ? true : undefined,
    className: `${controlClass} ${borderFor(error)} ${dir === 'ltr' ? 'text-start rtl:text-end' : ''}`,
  };
  return (
    <div className="flex flex-col gap-1.5">
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      {multiline ? (
        <textarea {...shared} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...shared}
          type={type}
          inputMode={inputMode}
          dir={dir}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

export interface SelectOption {
  id: number;
  name: string;
}

/** A location select: disabled until the level above is chosen, with its own loading state. */
export function SelectField({
  id,
  label,
  value,
  options,
  placeholder,
  disabled,
  loading,
  failed,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: number | null;
  options: readonly SelectOption[];
  placeholder: string;
  disabled: boolean;
  loading: boolean;
  failed: boolean;
  error?: string;
  onChange: (value: number | null) => void;
}) {
  const { t } = useI18n();
  const errorId = `${id}-error`;
  const shown = error ?? (failed ? t('checkout.select.failed') : undefined);
  return (
    <div className="flex flex-col gap-1.5">
      <FieldLabel htmlFor={id} required>
        {label}
      </FieldLabel>
      <select
        id={id}
        name={id}
        value={value === null ? '' : String(value)}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        aria-required
        aria-busy={loading || undefined}
        onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
        className={`${controlClass} ${borderFor(error)}`}
      >
        <option value="">{loading ? t('checkout.select.loading') : placeholder}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
      <FieldError id={errorId} error={shown} />
    </div>
  );
}

export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 className="mb-4 text-lg font-semibold text-stone-900">{title}</h2>
      <div className="flex flex-col gap-4">{children}</div>
    </section>
  );
}
