import { Link } from 'react-router';
import { imageSrcSet, inLanguage, type Category } from '@shop/shared';
import { BeadsIcon } from '../../components/ui/icons';
import { useI18n } from '../../i18n/i18n';
import { useLocalizedPath } from '../../lib/localized-path';
import { SameMarkup } from '../../lib/same-markup';

export const categoryGridClass = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-6';

type CategoryCardData = Pick<Category, 'id' | 'name' | 'name_en' | 'slug' | 'image' | 'product_count'>;

export function CategoryGrid({ categories }: { categories: CategoryCardData[] }) {
  const localized = useLocalizedPath();
  const { tp, lang } = useI18n();
  return (
    // The same grid for everyone: kept under the categories it shows (decision 070).
    <SameMarkup as="ul" markupKey={`category-grid|${lang}|${JSON.stringify(categories)}`} className={categoryGridClass}>
      {categories.map((category) => (
        <li key={category.id}>
          <Link
            to={localized(`/category/${encodeURIComponent(category.slug)}`)}
            className="group flex h-full flex-col overflow-hidden rounded-xl bg-white ring-1 ring-stone-200 transition-shadow hover:shadow-md hover:ring-brand-600"
          >
            <div className="flex aspect-square items-center justify-center overflow-hidden bg-brand-50">
              {category.image ? (
                // The category name is written below the image, so the image needs no text of its own.
                <img
                  src={category.image}
                  srcSet={imageSrcSet(category.image)}
                  sizes="(min-width: 64rem) 180px, (min-width: 40rem) 33vw, 50vw"
                  width={320}
                  height={320}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="size-full object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none"
                />
              ) : (
                <BeadsIcon className="size-16 text-brand-600" strokeWidth={1.2} />
              )}
            </div>
            <div className="flex flex-1 flex-col p-3">
              <h3 className="font-semibold text-stone-900 group-hover:text-brand-700">
                <bdi>{inLanguage(lang, category.name, category.name_en)}</bdi>
              </h3>
              <p className="mt-1 text-sm text-stone-600">
                {tp('home.product_count', category.product_count)}
              </p>
            </div>
          </Link>
        </li>
      ))}
    </SameMarkup>
  );
}
