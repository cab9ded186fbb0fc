import { PRODUCT_NAME_MAX } from '@shop/shared';

/** What marks a duplicated product's name, in the name's own language. */
const COPY_MARK = { ar: '(نسخة)', en: '(copy)' } as const;

/**
 * A duplicate's name: the original's followed by the copy mark of its language, the original
 * shortened (whole characters, never half a surrogate pair) so the result stays within
 * PRODUCT_NAME_MAX, the limit the product form checks.
 */
export function copyName(name: string, language: keyof typeof COPY_MARK): string {
  const mark = ` ${COPY_MARK[language]}`;
  const room = PRODUCT_NAME_MAX - mark.length;
  let kept = name.trim();
  if (kept.length > room) {
    const characters = Array.from(kept);
    let length = 0;
    let count = 0;
    while (count < characters.length && length + characters[count]!.length <= room) {
      length += characters[count]!.length;
      count += 1;
    }
    kept = characters.slice(0, count).join('').trimEnd();
  }
  return `${kept}${mark}`;
}
