import { useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { StrokeIcon, type IconProps } from '../../components/ui/icons';
import { FieldError, FieldLabel, fieldIds, inputBorder, inputClass } from './form-field';

function EyeIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M2.5 12s3.5-6.5 9.5-6.5 9.5 6.5 9.5 6.5-3.5 6.5-9.5 6.5S2.5 12 2.5 12z" />
      <circle cx="12" cy="12" r="3" />
    </StrokeIcon>
  );
}

function EyeOffIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M3 3l18 18" />
      <path d="M10.6 5.6A9.9 9.9 0 0 1 12 5.5c6 0 9.5 6.5 9.5 6.5a17 17 0 0 1-2.9 3.7M6.6 6.6A17 17 0 0 0 2.5 12s3.5 6.5 9.5 6.5a9.6 9.6 0 0 0 4.4-1.1" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
    </StrokeIcon>
  );
}

/**
 * A password input with a show/hide toggle. The toggle is a real button with a pressed state
 * and names what it does, so it works with the keyboard and screen readers.
 */
export function PasswordField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  required,
  autoComplete,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  required?: boolean;
  /** 'current-password' on login, 'new-password' where one is chosen. */
  autoComplete: 'current-password' | 'new-password';
}) {
  const { t } = useI18n();
  const [visible, setVisible] = useState(false);
  const ids = fieldIds(id);
  return (
    <div className="flex flex-col gap-1.5">
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <div className="relative">
        <input
          id={id}
          name={id}
          type={visible ? 'text' : 'password'}
          value={value}
          autoComplete={autoComplete}
          dir="ltr"
          spellCheck={false}
          autoCapitalize="none"
          aria-invalid={error ? true : undefined}
          aria-required={required ? true : undefined}
          aria-describedby={hint ? `${ids.error} ${ids.hint}` : ids.error}
          onChange={(event) => onChange(event.target.value)}
          className={`${inputClass} ${inputBorder(error)} pe-12 text-start rtl:text-end`}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-pressed={visible}
          aria-controls={id}
          aria-label={visible ? t('account.password.hide') : t('account.password.show')}
          className="absolute inset-y-0 end-0 flex w-11 items-center justify-center rounded-e-lg text-stone-600 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {visible ? <EyeOffIcon className="size-5" /> : <EyeIcon className="size-5" />}
        </button>
      </div>
      {hint ? (
        <p id={ids.hint} className="text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={ids.error} error={error} />
    </div>
  );
}
