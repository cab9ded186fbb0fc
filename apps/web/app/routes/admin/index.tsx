import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../features/account/auth';
import { SectionUnavailable } from '../../features/admin/shell/section-unavailable';
import { resolveTab, visibleTabs } from '../../features/admin/shell/tabs';
import { EmptyPanel, LoadingPanel } from '../../features/admin/ui/states';
import { useI18n } from '../../i18n/i18n';

/**
 * /admin: the tab named in ?tab=, each tab's screen loaded on demand; a section the role may not
 * open, or one that does not exist, says so (never another section in its place).
 */
export default function AdminIndex() {
  const { t } = useI18n();
  const { user } = useAuth();
  const [params] = useSearchParams();
  const resolved = resolveTab(params.get('tab'), visibleTabs(user));
  if (resolved.kind === 'none') return <EmptyPanel title={t('admin.gate.denied')} />;
  if (resolved.kind !== 'tab') return <SectionUnavailable reason={resolved.kind} role={user?.role} />;
  const Screen = resolved.tab.screen;
  return (
    <Suspense fallback={<LoadingPanel />}>
      <title>{`${t(resolved.tab.label)} | ${t('admin.meta.title')}`}</title>
      <Screen />
    </Suspense>
  );
}
