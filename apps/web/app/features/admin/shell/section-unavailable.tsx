import type { UserRoleName } from '@shop/shared';
import { ButtonLink } from '../../../components/ui/button';
import { AlertCircleIcon, SearchIcon } from '../../../components/ui/icons';
import { useI18n } from '../../../i18n/i18n';
import { roleLabels } from '../users/user-rules';
import { adminHref } from './admin-links';
import { DEFAULT_ADMIN_TAB } from './tabs';

/**
 * What /admin?tab= shows for a section the user's role may not open (`forbidden`) or one that does
 * not exist (`unknown`): says so, with the way back to the dashboard, instead of another section.
 */
export function SectionUnavailable({ reason, role }: { reason: 'forbidden' | 'unknown'; role: UserRoleName | undefined }) {
  const { t } = useI18n();
  const forbidden = reason === 'forbidden';
  const title = forbidden
    ? t('admin.section.forbidden_title', { role: role ? t(roleLabels[role]) : '' })
    : t('admin.section.unknown_title');
  return (
    <section className="mx-auto my-10 flex max-w-md flex-col items-center gap-3 text-center">
      <title>{`${title} | ${t('admin.meta.title')}`}</title>
      <span className="flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        {forbidden ? <AlertCircleIcon className="size-8" /> : <SearchIcon className="size-8" />}
      </span>
      <h1 className="text-xl font-semibold text-stone-900">{title}</h1>
      <p className="text-stone-600">{forbidden ? t('admin.section.forbidden_text') : t('admin.section.unknown_text')}</p>
      <ButtonLink to={adminHref(DEFAULT_ADMIN_TAB)}>{t('admin.section.back_to_dashboard')}</ButtonLink>
    </section>
  );
}
