import { useState } from 'react';
import { useRootData } from '../../components/layout/root-data';
import { useI18n } from '../../i18n/i18n';
import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { startGoogleSignIn } from './auth-api';
import { serverMessage } from '../../lib/errors';

function GoogleLogo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={className}>
      <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7z" />
      <path fill="#34A853" d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z" />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.8 3.6-4.9 6.7-4.9z" />
    </svg>
  );
}

/**
 * "Continue with Google": asks the server for Google's consent address and sends the browser
 * there. Not configured (503): the server's 'Google services unavailable' message.
 */
export function GoogleSignInButton() {
  const { t } = useI18n();
  const toast = useToast();
  const [starting, setStarting] = useState(false);

  async function start() {
    if (starting) return;
    setStarting(true);
    try {
      const { url } = await startGoogleSignIn();
      window.location.assign(url);
      // The page is leaving; the button stays busy until it has.
    } catch (error) {
      setStarting(false);
      if (error instanceof ApiError && error.status === 503) {
        toast.error(serverMessage(error) ?? t('account.google.unavailable'));
      } else {
        toast.error(t('account.google.failed'));
      }
    }
  }

  return (
    <button
      type="button"
      onClick={() => void start()}
      disabled={starting}
      aria-busy={starting || undefined}
      className="inline-flex min-h-11 w-full items-center justify-center gap-3 rounded-lg border border-stone-300 bg-white px-4 py-2 font-semibold text-stone-800 hover:bg-stone-50 disabled:cursor-wait disabled:opacity-70"
    >
      <GoogleLogo className="size-5 shrink-0" />
      <span>{starting ? t('account.google.redirecting') : t('account.google.button')}</span>
    </button>
  );
}

/** Whether the server offers "Sign in with Google" (public settings; only when it is configured). */
export function useGoogleSignInOffered(): boolean {
  return useRootData().settings.sign_in_methods.includes('google');
}

/**
 * "Continue with Google" and the "or" below it, only when the server offers Google sign-in:
 * a button that can only fail is never shown.
 */
export function SocialSignIn() {
  if (!useGoogleSignInOffered()) return null;
  return (
    <>
      <GoogleSignInButton />
      <OrDivider />
    </>
  );
}

/** The "or" between social sign-in and the e-mail form. */
export function OrDivider() {
  const { t } = useI18n();
  return (
    <div className="flex items-center gap-3 text-sm text-stone-500" aria-hidden="true">
      <span className="h-px flex-1 bg-stone-200" />
      <span>{t('account.or')}</span>
      <span className="h-px flex-1 bg-stone-200" />
    </div>
  );
}
