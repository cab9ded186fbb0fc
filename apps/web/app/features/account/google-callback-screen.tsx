import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useToast } from '../../components/ui/toast';
import { toastOnNextLoad } from '../../components/ui/toast-on-next-load';
import { useI18n } from '../../i18n/i18n';
import { ApiError } from '../../lib/api';
import { useAuth } from './auth';
import { completeGoogleSignIn } from './auth-api';
import { AuthCard } from './auth-card';
import { Spinner } from '../../components/ui/spinner';
import { serverMessage } from '../../lib/errors';
import { useLocalizedPath } from '../../lib/localized-path';

/**
 * Codes already sent to the server in this page's life. Google's code works once: a second
 * POST (React's development double effects, a remount) would fail and undo a good sign-in.
 */
const postedCodes = new Set<string>();

/**
 * Where Google sends the browser back: posts code and state, stores the
 * session and reloads the whole page on /, or explains the failure and returns to /login.
 */
export function GoogleCallbackScreen() {
  const localized = useLocalizedPath();
  const { t } = useI18n();
  const toast = useToast();
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const [search] = useSearchParams();
  const code = search.get('code');
  const state = search.get('state');
  const failedAtGoogle = search.has('error');

  useEffect(() => {
    const giveUp = (message: string) => {
      toast.error(message);
      void navigate(localized('/login'), { replace: true });
    };
    if (failedAtGoogle || !code || !state) {
      giveUp(t('account.google.auth_failed'));
      return;
    }
    if (postedCodes.has(code)) return;
    postedCodes.add(code);
    completeGoogleSignIn(code, state).then(
      ({ token, user }) => {
        signIn(token, user);
        // A full load, so every part of the page starts from the signed-in session; the welcome
        // is shown by that page (a toast here would go with this page).
        toastOnNextLoad({
          kind: 'success',
          message: t('account.login.welcome', { name: user.name }),
        });
        window.location.assign('/');
      },
      (error: unknown) => {
        const network = error instanceof ApiError && error.status === 0;
        giveUp(
          network
            ? t('account.google.network_error')
            : (serverMessage(error) ?? t('account.google.auth_failed')),
        );
      },
    );
    // Runs once per code: the toast, navigate, signIn and t identities do not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code, state, failedAtGoogle]);

  return (
    <AuthCard title={t('account.google.callback_title')}>
      <Spinner label={t('account.google.completing')} />
    </AuthCard>
  );
}
