import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../features/account/auth';
import { resolveTab, visibleTabs } from '../../features/admin/shell/tabs';
import { EmptyPanel, LoadingPanel } from '../../features/admin/ui/states';
import { useI18n } from '../../i18n/i18n';

export function meta() {
  return [{ title: 'لوحة التحكم | Back office' }, { name: 'robots', content: 'noindex, nofollow' }];
}

/** /admin: the tab named in ?tab=, each tab's screen loaded on demand. */
export default function AdminIndex() {
  const { t } = useI18n();
  const { user } = useAuth();
  const [params] = useSearchParams();
  const tab = resolveTab(params.get('tab'), visibleTabs(user));
  if (!tab) return <EmptyPanel title={t('admin.gate.denied')} />;
  const Screen = tab.screen;
  return (
    <Suspense fallback={<LoadingPanel />}>
      <title>{`${t(tab.label)} | ${t('admin.meta.title')}`}</title>
      <Screen />
    </Suspense>
  );
}
