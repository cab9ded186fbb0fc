import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ChevronRightIcon } from '../../../components/ui/icons';
import { useI18n } from '../../../i18n/i18n';

/** The link above a back-office form back to its tab. */
export function FormBackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      className="mb-3 inline-flex min-h-11 items-center gap-1 lg:min-h-10 rounded-lg pe-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
    >
      {/* Points back: to the right in Arabic, to the left in English. */}
      <ChevronRightIcon className="size-5 ltr:-scale-x-100" />
      {label}
    </Link>
  );
}

/**
 * A back-office form screen's frame (a form of its own page, such as a promo code's or a
 * category's): the page's title ("title | back office"), the link back to the tab, then
 * `children` (the header and the form, or a panel in their place). `wide` for a form with more
 * columns.
 */
export function FormScreenFrame({
  title,
  backTo,
  backLabel,
  wide = false,
  children,
}: {
  title: string;
  backTo: string;
  backLabel: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <section className={wide ? 'mx-auto max-w-4xl' : 'mx-auto max-w-3xl'}>
      <title>{`${title} | ${t('admin.meta.title')}`}</title>
      <FormBackLink to={backTo} label={backLabel} />
      {children}
    </section>
  );
}

/** The end of a form screen's form: Cancel (back to the tab, `backTo`), then the submit button, off while `busy`. */
export function FormScreenActions({ backTo, busy, submitLabel }: { backTo: string; busy: boolean; submitLabel: string }) {
  const { t } = useI18n();
  return (
    <div className="flex flex-col-reverse gap-2 border-t border-stone-100 pt-4 sm:flex-row sm:justify-end">
      <ButtonLink to={backTo} variant="secondary">
        {t('admin.common.cancel')}
      </ButtonLink>
      <Button type="submit" disabled={busy}>
        {submitLabel}
      </Button>
    </div>
  );
}
