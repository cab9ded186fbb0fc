import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { AlertCircleIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { useI18n } from '../../../i18n/i18n';
import { useAuth } from '../../account/auth';
import { readToken } from '../../account/auth-token';
import { GATE_INITIAL_WAIT_MS, GATE_USER_GRACE_MS, gateDecision, loginPathFor } from './gate';
import { adminHref } from './admin-links';

/** True once `ms` have passed since the component mounted (in the browser). */
function useElapsed(ms: number): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setElapsed(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return elapsed;
}

function GateScreen({ children }: { children: ReactNode }) {
  return <div className="flex min-h-dvh items-center justify-center bg-sand-50 px-4">{children}</div>;
}

/** The admin access gate: only staff get past it; the server checks again. */
export function AdminGate({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const { status, user, signOut } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const waited = useElapsed(GATE_INITIAL_WAIT_MS);
  const graceOver = useElapsed(GATE_USER_GRACE_MS);
  const decision = gateDecision({ waited, status, hasToken: readToken() !== null, user, graceOver });
  const returnTo = `${location.pathname}${location.search}`;

  useEffect(() => {
    if (decision === 'redirect') void navigate(loginPathFor(returnTo), { replace: true });
  }, [decision, navigate, returnTo]);

  if (decision === 'allowed') return <>{children}</>;
  if (decision === 'denied') {
    return (
      <GateScreen>
        <div role="alert" className="flex max-w-md flex-col items-center gap-4 rounded-2xl bg-white p-8 text-center shadow-sm">
          <AlertCircleIcon className="size-10 text-red-700" />
          <h1 className="text-xl font-semibold text-stone-900">{t('admin.gate.denied_title')}</h1>
          <p className="text-stone-700">{t('admin.gate.denied')}</p>
          <div className="flex flex-wrap justify-center gap-2">
            <Button
              onClick={async () => {
                // The login page sends signed-in visitors away: sign this account out first.
                await signOut();
                void navigate(loginPathFor(adminHref()));
              }}
            >
              {t('admin.gate.go_to_login')}
            </Button>
            <ButtonLink to="/" variant="secondary">
              {t('admin.gate.go_home')}
            </ButtonLink>
          </div>
        </div>
      </GateScreen>
    );
  }
  return (
    <GateScreen>
      <Spinner label={decision === 'redirect' ? t('admin.gate.redirecting') : t('admin.gate.checking')} />
    </GateScreen>
  );
}
