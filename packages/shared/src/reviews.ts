/**
 * Reviews from buyers (issue 33, item 5; docs/decisions/064): their limits and the two rules both
 * sides share, the average shown with one decimal and the reviewer's name as the public sees it.
 */

/** Stars a review gives: a whole number from REVIEW_RATING_MIN to REVIEW_RATING_MAX. */
export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
/** Longest title and text of a review (characters). */
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MAX = 2000;
/** Longest public reply of the shop under a review. */
export const REVIEW_REPLY_MAX = 2000;
/** Approved reviews per page on the product page (and in its structured data). */
export const REVIEWS_PAGE_SIZE = 5;
/** Reviews per page in the back office's Reviews screen. */
export const ADMIN_REVIEWS_PAGE_SIZE = 20;

export const reviewStatuses = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

/**
 * The average of `count` ratings adding up to `sum`, in tenths of a star rounded half up (4.45 →
 * 45), in integers so that 4.45 never becomes 4.4 by floating point; null without ratings.
 */
export function averageRatingTenths(sum: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.floor((sum * 20 + count) / (2 * count));
}

/** The average as shown and sent (one decimal, e.g. 4.5), or null without ratings. */
export function averageRating(sum: number, count: number): number | null {
  const tenths = averageRatingTenths(sum, count);
  return tenths === null ? null : tenths / 10;
}

/** The Arabic definite article that starts most family names (الصباح): its initial says nothing. */
const ARABIC_ARTICLE = /^ال(?=\p{L}{2})/u;

/**
 * A reviewer as the public sees them: the first name and the initial of the last ("Fatima A.",
 * "فاطمة ص." for فاطمة الصباح), a single name as it is; null for a blank name. A review never shows
 * the whole name (privacy).
 */
export function reviewerDisplayName(fullName: string): string | null {
  const words = fullName.trim().split(/\s+/u).filter((word) => word !== '');
  const first = words[0];
  if (first === undefined) return null;
  const last = words.length > 1 ? words[words.length - 1]! : undefined;
  if (last === undefined) return first;
  const initial = Array.from(last.replace(ARABIC_ARTICLE, '').replace(/^al-/iu, ''))[0];
  return initial === undefined ? first : `${first} ${initial.toLocaleUpperCase('en')}.`;
}
