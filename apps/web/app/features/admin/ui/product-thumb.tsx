import { imageSrcSet } from '@shop/shared';
import { BoxIcon } from './admin-icons';

const SIZES = {
  /** 48 px: the merchant picker's rows. */
  small: { box: 'size-12', icon: 'size-5', sizes: '48px' },
  /** 56 px: the products list's rows. */
  medium: { box: 'size-14', icon: 'size-6', sizes: '56px' },
} as const;

/** A product's featured image in a back-office list, or a placeholder named `missingLabel`. */
export function ProductThumb({ url, size, missingLabel }: { url: string | null; size: keyof typeof SIZES; missingLabel: string }) {
  const { box, icon, sizes } = SIZES[size];
  if (!url) {
    return (
      <span className={`flex ${box} items-center justify-center rounded-lg border border-stone-200 bg-stone-100 text-stone-400`}>
        <BoxIcon className={icon} />
        <span className="sr-only">{missingLabel}</span>
      </span>
    );
  }
  return (
    <img
      src={url}
      srcSet={imageSrcSet(url)}
      sizes={sizes}
      alt=""
      loading="lazy"
      decoding="async"
      className={`${box} rounded-lg border border-stone-200 bg-stone-100 object-cover`}
    />
  );
}
