import { Link } from 'react-router';
import { inLanguage, type Category } from '@shop/shared';
import { useI18n } from '../../i18n/i18n';
import { CatalogImage, ImagePlaceholder } from './product-image';
import { useLocalizedPath } from '../../lib/localized-path';
import { SameMarkup } from '../../lib/same-markup';

export type CategoryCardData = Omit<Category, 'children' | 'products'>;

const CATEGORY_CARD_IMAGE_SIZES = '(min-width: 1024px) 280px, (min-width: 640px) 33vw, 50vw';

/** A category in the category list: image, name (links to its products), description, count. */
export function CategoryCard({
  category,
  parentName,
}: {
  category: CategoryCardData;
  parentName?: string;
}) {
  const localized = useLocalizedPath();
  const { tp, lang } = useI18n();
  const description = inLanguage(lang, category.description, category.description_en);
  return (
    <SameMarkup
      as="article"
      // The same card for everyone: kept under what it shows (decision 070).
      markupKey={`category-card|${lang}|${JSON.stringify([category, parentName ?? null])}`}
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition hover:border-brand-600/40 hover:shadow-md"
    >
      <div className="aspect-[4/3] overflow-hidden bg-sand-100">
        {category.image ? (
          <CatalogImage
            src={category.image}
            alt=""
            sizes={CATEGORY_CARD_IMAGE_SIZES}
            className="size-full object-cover transition duration-300 group-hover:scale-105"
          />
        ) : (
          <ImagePlaceholder className="size-full" />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-3 sm:p-4">
        {parentName && <p className="text-xs text-stone-500">{parentName}</p>}
        <h2 className="text-base font-semibold text-stone-900">
          <Link
            to={localized(`/category/${encodeURIComponent(category.slug)}`)}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:after:rounded-2xl focus-visible:after:outline-2 focus-visible:after:outline-brand-600"
          >
            {inLanguage(lang, category.name, category.name_en)}
          </Link>
        </h2>
        {description && (
          <p className="line-clamp-3 text-sm text-stone-600">
            <bdi>{description}</bdi>
          </p>
        )}
        <p className="mt-auto pt-2 text-sm font-semibold text-brand-700">
          {tp('catalog.categories.product_count', category.product_count)}
        </p>
      </div>
    </SameMarkup>
  );
}
