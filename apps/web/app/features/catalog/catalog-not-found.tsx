import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { useI18n } from '../../i18n/i18n';
import { useLocalizedPath } from '../../lib/localized-path';

/**
 * The error state of a product or category page inside the shop's header and footer:
 * 'Product Not Found' (or the category's equivalent) for a 404, a general apology otherwise.
 * Its texts are the shell's (common): a loader that threw sent no messages of its own.
 */
export function CatalogNotFound({
  kind,
  notFound,
}: {
  kind: 'product' | 'category';
  notFound: boolean;
}) {
  const localized = useLocalizedPath();
  const { t } = useI18n();
  const title = !notFound
    ? t('common.error.title')
    : kind === 'product'
      ? t('common.not_found.product_title')
      : t('common.not_found.category_title');
  const text = !notFound
    ? t('common.error.text')
    : kind === 'product'
      ? t('common.not_found.product_text')
      : t('common.not_found.category_text');
  return (
    <Container className="flex flex-col items-center gap-4 py-20 text-center">
      {notFound && (
        <p className="text-6xl font-semibold text-brand-700" aria-hidden="true">
          404
        </p>
      )}
      <h1 className="text-2xl font-semibold text-stone-900">{title}</h1>
      <p className="max-w-lg text-stone-600">{text}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <ButtonLink to={localized('/products')} size="lg">
          {t('common.not_found.browse')}
        </ButtonLink>
        <ButtonLink to={kind === 'product' ? '/' : '/categories'} variant="secondary" size="lg">
          {kind === 'product' ? t('common.not_found.go_home') : t('common.not_found.categories')}
        </ButtonLink>
      </div>
    </Container>
  );
}
