import { REVIEW_RATING_MAX } from '@shop/shared';
import { useI18n } from '../../i18n/i18n';

/** How much of each of the five stars is filled for an average (4.5 → four full, one half). */
export function starFills(average: number): number[] {
  return Array.from({ length: REVIEW_RATING_MAX }, (_, index) => Math.min(1, Math.max(0, average - index)));
}

const STAR_PATH = 'M10 1.5l2.6 5.6 6 .7-4.5 4.1 1.2 6L10 14.9l-5.3 3 1.2-6L1.4 7.8l6-.7z';

function Star({ fill, rtl, className }: { fill: number; rtl: boolean; className: string }) {
  // The filled part starts on the reading side: a half star is filled on its right in Arabic.
  const empty = `${Math.round((1 - fill) * 100)}%`;
  const clipPath = rtl ? `inset(0 0 0 ${empty})` : `inset(0 ${empty} 0 0)`;
  return (
    <span className={`relative inline-block ${className}`} aria-hidden="true">
      <svg viewBox="0 0 20 20" className="absolute inset-0 size-full text-stone-300" fill="currentColor">
        <path d={STAR_PATH} />
      </svg>
      {fill > 0 ? (
        <svg viewBox="0 0 20 20" className="absolute inset-0 size-full text-amber-500" fill="currentColor" style={{ clipPath }}>
          <path d={STAR_PATH} />
        </svg>
      ) : null}
    </span>
  );
}

/** An average as shown beside the stars and read in their label: one decimal (4.5, 4.0). */
export function averageText(average: number): string {
  return average.toFixed(1);
}

/**
 * A product's stars: the average drawn as five stars, with one accessible label ("4.5 out of 5,
 * 12 reviews") and, when `showCount`, the count beside them. Nothing without reviews.
 */
export function ReviewStars({
  average,
  count,
  size = 'sm',
  showCount = true,
}: {
  average: number | null;
  /** Approved reviews; null for one review's own rating. */
  count: number | null;
  size?: 'sm' | 'md';
  showCount?: boolean;
}) {
  const { t, tp, dir } = useI18n();
  if (average === null) return null;
  const shown = averageText(average);
  const label =
    count === null
      ? t('catalog.reviews.stars_label', { average: shown })
      : tp('catalog.reviews.summary_label', count, { average: shown });
  const starClass = size === 'md' ? 'size-5' : 'size-4';
  return (
    <span role="img" aria-label={label} className="inline-flex items-center gap-1" data-testid="review-stars">
      <span className="inline-flex">
        {starFills(average).map((fill, index) => (
          <Star key={index} fill={fill} rtl={dir === 'rtl'} className={starClass} />
        ))}
      </span>
      {showCount && count !== null ? (
        <span aria-hidden="true" className="text-xs text-stone-600 tabular-nums">
          {shown} ({count})
        </span>
      ) : null}
    </span>
  );
}
