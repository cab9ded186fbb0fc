import { data } from 'react-router';
import { rootMeta } from '../components/layout/root-data';
import { ButtonLink } from '../components/ui/button';
import { useI18n } from '../i18n/i18n';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/not-found';
import { useLocalizedPath } from '../lib/localized-path';

export function loader() {
  return data(null, { status: 404 });
}

export function meta({ matches, location }: Route.MetaArgs) {
  const root = rootMeta(matches);
  if (!root) return [{ name: 'robots', content: 'noindex' }];
  return pageMeta({
    title: root.t('common.not_found.title'),
    description: root.t('common.not_found.text'),
    path: location.pathname,
    publicUrl: root.publicUrl,
    lang: root.lang,
    siteName: root.storeName,
    noindex: true,
  });
}

export default function NotFound() {
  const localized = useLocalizedPath();
  const { t } = useI18n();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <p className="text-7xl font-semibold text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-semibold">{t('common.not_found.title')}</h1>
      <p className="text-stone-600">{t('common.not_found.text')}</p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <ButtonLink to={localized('/')} size="lg">
          {t('common.not_found.go_home')}
        </ButtonLink>
        <ButtonLink to={localized('/products')} variant="secondary" size="lg">
          {t('common.not_found.browse')}
        </ButtonLink>
      </div>
    </section>
  );
}
