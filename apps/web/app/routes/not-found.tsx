import { data, Link } from 'react-router';
import { useI18n } from '../i18n/i18n';

export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ name: 'robots', content: 'noindex' }];
}

export default function NotFound() {
  const { t } = useI18n();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <p className="text-6xl font-semibold text-brand-700" aria-hidden="true">404</p>
      <h1 className="text-2xl font-semibold">{t('common.not_found.title')}</h1>
      <p className="text-stone-600">{t('common.not_found.text')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/" className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
          {t('common.not_found.go_home')}
        </Link>
        <Link to="/products" className="rounded-lg border border-brand-700 px-5 py-2.5 font-semibold text-brand-700 hover:bg-brand-50">
          {t('common.not_found.browse')}
        </Link>
      </div>
    </section>
  );
}
