import type { StoreSettings } from '@shop/shared';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { BeadsIcon } from '../../components/ui/icons';
import { useI18n } from '../../i18n/i18n';
import { storeDescription, storeName } from '../../lib/localized';
import { useLocalizedPath } from '../../lib/localized-path';

/**
 * The store's name with the owner's top line and text (the back office's Pages tab; without a
 * text, the store's description from settings), and the way into the catalogue.
 */
export function Hero({ settings, kicker, text }: { settings: StoreSettings; kicker: string; text: string | null }) {
  const localized = useLocalizedPath();
  const { t, lang } = useI18n();
  const description = text ?? storeDescription(lang, settings);
  return (
    <section aria-labelledby="home-title" className="relative overflow-hidden bg-brand-800 text-white">
      <BeadsIcon
        className="pointer-events-none absolute -end-16 -top-10 size-56 text-white/10 sm:-end-10 sm:-top-6 sm:size-96"
        strokeWidth={0.8}
      />
      <Container className="relative py-12 sm:py-16">
        <p className="text-sm font-semibold text-sand-100">{kicker}</p>
        <h1 id="home-title" className="mt-2 max-w-2xl text-3xl font-semibold leading-tight sm:text-5xl">
          <bdi>{storeName(lang, settings)}</bdi>
        </h1>
        <p className="mt-4 max-w-2xl text-base leading-relaxed text-brand-50 sm:text-lg">
          {description ? <bdi>{description}</bdi> : t('home.hero.fallback_description')}
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <ButtonLink to={localized('/products')} variant="inverse" size="lg">
            {t('home.hero.shop_now')}
          </ButtonLink>
          <ButtonLink to={localized('/categories')} variant="outline-inverse" size="lg">
            {t('home.hero.browse_categories')}
          </ButtonLink>
        </div>
      </Container>
    </section>
  );
}
