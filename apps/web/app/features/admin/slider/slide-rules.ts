import { SLIDE_DESCRIPTION_MAX, SLIDE_LINK_MAX, SLIDE_SORT_ORDER_MAX, SLIDE_TITLE_MAX, isSafeLink, latinDigits } from '@shop/shared';
import type { TranslationKey, TranslationParams } from '../../../i18n/i18n';

/**
 * The rules of the slide form: what it starts from, what is checked
 * before sending, and the multipart body POST/PUT /api/slider take. The server checks again.
 */

/** One refused field: the message's key and its {placeholders}. */
export interface SlideProblem {
  key: TranslationKey;
  params?: TranslationParams;
}

/** What the form needs of a stored slide. */
export interface SlideValues {
  title: string;
  title_en: string | null;
  description: string | null;
  description_en: string | null;
  link_url: string | null;
  sort_order: number;
  is_active: boolean;
  image: string;
}

/** The picture of the form: the newly chosen file, and whether the stored one was removed. */
export interface SlideImageState {
  file: File | null;
  removed: boolean;
}

export const untouchedImage: SlideImageState = { file: null, removed: false };

export interface SlideForm {
  title: string;
  title_en: string;
  description: string;
  description_en: string;
  link_url: string;
  /** As typed: a whole number ≥ 0. */
  sort_order: string;
  is_active: boolean;
  /** The picture: a newly chosen file, and whether the stored one was removed. */
  image: SlideImageState;
}

/** The form's fields in screen order (the focus goes to the first invalid one); `image` is the picture. */
export const slideFields = ['title', 'title_en', 'description', 'description_en', 'link_url', 'sort_order', 'image'] as const;
export type SlideField = (typeof slideFields)[number];

/**
 * A new slide: active, placed after the others (the next sort order after the largest one, within
 * the server's limit).
 */
export function emptySlideForm(existing: readonly Pick<SlideValues, 'sort_order'>[] = []): SlideForm {
  const next = existing.length === 0 ? 0 : Math.min(Math.max(...existing.map((slide) => slide.sort_order)) + 1, SLIDE_SORT_ORDER_MAX);
  return {
    title: '',
    title_en: '',
    description: '',
    description_en: '',
    link_url: '',
    sort_order: String(next),
    is_active: true,
    image: untouchedImage,
  };
}

/** The form of a stored slide. */
export function slideFormFrom(slide: SlideValues): SlideForm {
  return {
    title: slide.title,
    title_en: slide.title_en ?? '',
    description: slide.description ?? '',
    description_en: slide.description_en ?? '',
    link_url: slide.link_url ?? '',
    sort_order: String(slide.sort_order),
    is_active: slide.is_active,
    image: untouchedImage,
  };
}

/** Whether the form differs from where it started: a text, the flag, or the picture. */
export function isSlideFormDirty(form: SlideForm, initial: SlideForm): boolean {
  if (form.image.file !== null || form.image.removed) return true;
  if (form.is_active !== initial.is_active) return true;
  const texts = ['title', 'title_en', 'description', 'description_en', 'link_url', 'sort_order'] as const;
  return texts.some((key) => form[key].trim() !== initial[key].trim());
}

/**
 * A link a slide may carry: an http(s) address, or a path of this site ("/products"); the server's
 * rule (isSafeLink of @shop/shared). Protocol-relative ("//host", "/\host"), backslashes and other
 * schemes (javascript:, mailto:) are refused.
 */
export function isSlideLink(value: string): boolean {
  return isSafeLink(value.trim());
}

/**
 * A sort order as typed: a whole number from 0 to SLIDE_SORT_ORDER_MAX (digits only, Arabic ones
 * too; no sign, decimals or exponent). Null when it is not one.
 */
export function parseSortOrder(value: string): number | null {
  const text = latinDigits(value).trim();
  if (!/^\d{1,9}$/.test(text)) return null;
  const order = Number(text);
  return order <= SLIDE_SORT_ORDER_MAX ? order : null;
}

/** Whether the form has a picture to keep or send (the stored one not removed, or a new file). */
export function hasSlideImage(image: SlideImageState, storedUrl: string | null): boolean {
  return image.file !== null || (storedUrl !== null && !image.removed);
}

/**
 * The checks before sending: title required; link an address or a site path;
 * sort order a whole number ≥ 0; a picture, which every slide must have.
 */
export function slideFormProblems(
  form: SlideForm,
  /** The stored picture's URL when editing, null for a new slide. */
  storedImage: string | null,
): Partial<Record<SlideField, SlideProblem>> {
  const problems: Partial<Record<SlideField, SlideProblem>> = {};
  const tooLong = (max: number): SlideProblem => ({ key: 'admin-slider.validation.too_long', params: { count: max } });
  const title = form.title.trim();
  if (!title) problems.title = { key: 'admin-slider.validation.title_required' };
  else if (title.length > SLIDE_TITLE_MAX) problems.title = tooLong(SLIDE_TITLE_MAX);
  if (form.title_en.trim().length > SLIDE_TITLE_MAX) problems.title_en = tooLong(SLIDE_TITLE_MAX);
  if (form.description.trim().length > SLIDE_DESCRIPTION_MAX) problems.description = tooLong(SLIDE_DESCRIPTION_MAX);
  if (form.description_en.trim().length > SLIDE_DESCRIPTION_MAX) problems.description_en = tooLong(SLIDE_DESCRIPTION_MAX);
  const link = form.link_url.trim();
  if (link) {
    if (link.length > SLIDE_LINK_MAX) problems.link_url = tooLong(SLIDE_LINK_MAX);
    else if (!isSlideLink(link)) problems.link_url = { key: 'admin-slider.validation.link_invalid' };
  }
  if (!form.sort_order.trim()) problems.sort_order = { key: 'admin-slider.validation.sort_order_required' };
  else if (parseSortOrder(form.sort_order) === null) {
    problems.sort_order = { key: 'admin-slider.validation.sort_order_invalid', params: { max: SLIDE_SORT_ORDER_MAX } };
  }
  if (!hasSlideImage(form.image, storedImage)) problems.image = { key: 'admin-slider.validation.image_required' };
  return problems;
}

/**
 * The multipart body of POST /api/slider and PUT /api/slider/:id: every text trimmed (an empty
 * optional text clears it), sort order as a whole number, is_active as 1 or 0, and the image
 * only when a new one was chosen (an edit without one keeps the stored picture).
 */
export function slideFormData(form: SlideForm): FormData {
  const file = form.image.file;
  const body = new FormData();
  body.set('title', form.title.trim());
  body.set('title_en', form.title_en.trim());
  body.set('description', form.description.trim());
  body.set('description_en', form.description_en.trim());
  body.set('link_url', form.link_url.trim());
  body.set('sort_order', String(parseSortOrder(form.sort_order) ?? form.sort_order.trim()));
  body.set('is_active', form.is_active ? '1' : '0');
  if (file) body.set('image', file, file.name);
  return body;
}

/** Slides in the order the storefront shows them: by sort order, then by id. */
export function sortSlides<Slide extends { id: number; sort_order: number }>(slides: readonly Slide[]): Slide[] {
  return [...slides].sort((a, b) => a.sort_order - b.sort_order || a.id - b.id);
}
