import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'inverse' | 'outline-inverse' | 'danger';
export type ButtonSize = 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800',
  secondary: 'border border-brand-700 bg-white text-brand-700 hover:bg-brand-50',
  ghost: 'text-brand-800 hover:bg-brand-50',
  inverse: 'bg-white text-brand-800 hover:bg-sand-100',
  'outline-inverse': 'border border-white/70 text-white hover:bg-white/10',
  danger: 'bg-red-700 text-white hover:bg-red-800',
};

// A phone's finger needs 44 × 44 px; a desktop pointer keeps the tighter 40.
const sizes: Record<ButtonSize, string> = {
  md: 'min-h-11 min-w-11 px-4 py-2 text-sm lg:min-h-10 lg:min-w-10',
  lg: 'min-h-12 px-6 py-3 text-base',
};

/** The class list of a button-looking control, for elements that are not <Button>/<ButtonLink>. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = ''): string {
  return [base, variants[variant], sizes[size], extra].filter(Boolean).join(' ');
}

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** The small turning ring a busy button shows before its text ("Adding…", "Saving…"). */
export function ButtonSpinner() {
  return (
    <span
      aria-hidden="true"
      data-button-spinner
      className="size-4 shrink-0 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none"
    />
  );
}

/**
 * A button. While its action runs (`pending`, or `aria-busy` given by the caller) it is disabled,
 * busy for assistive technology and shows a spinner before its text, which the caller words as
 * the running action ("Adding…").
 */
export function Button({
  variant,
  size,
  className,
  type = 'button',
  pending = false,
  disabled,
  children,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & StyleProps & { pending?: boolean }) {
  const busy = pending || props['aria-busy'] === true || props['aria-busy'] === 'true';
  return (
    <button
      type={type}
      className={buttonClasses(variant, size, className)}
      {...props}
      disabled={disabled === true || pending}
      aria-busy={busy || undefined}
    >
      {busy && <ButtonSpinner />}
      {children}
    </button>
  );
}

export function ButtonLink({ variant, size, className, ...props }: LinkProps & StyleProps) {
  return <Link className={buttonClasses(variant, size, typeof className === 'string' ? className : '')} {...props} />;
}
