import type { ReactNode } from 'react';
import { Container } from '../../components/ui/container';
import { Spinner } from '../../components/ui/spinner';
import { useI18n } from '../../i18n/i18n';

/**
 * The frame of every account screen: a centred card with the page's one h1. The heading can
 * take the focus, so screens that swap their content (success, error) move the focus there.
 */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
  headingRef,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  headingRef?: React.Ref<HTMLHeadingElement>;
}) {
  return (
    <Container className="py-8 sm:py-12">
      <div className="mx-auto w-full max-w-md rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold text-stone-900 focus:outline-none">
          {title}
        </h1>
        {subtitle ? <div className="mt-2 text-stone-600">{subtitle}</div> : null}
        <div className="mt-6 flex flex-col gap-4">{children}</div>
        {footer ? <div className="mt-6 border-t border-stone-200 pt-4 text-center text-sm text-stone-700">{footer}</div> : null}
      </div>
    </Container>
  );
}

/** A text link in the account screens' style. */
export const authLinkClass = 'font-semibold text-brand-700 underline-offset-4 hover:underline';

/** What a guest-only screen shows while a signed-in visitor is sent on (see useGuestOnly). */
export function RedirectingCard({ title }: { title: string }) {
  const { t } = useI18n();
  return (
    <AuthCard title={title}>
      <Spinner label={t('account.signed_in.redirecting')} />
    </AuthCard>
  );
}
