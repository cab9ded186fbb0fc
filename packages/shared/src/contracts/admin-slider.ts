import { z } from 'zod';
import { slideSchema } from './catalog.js';
import { idParam, successShape } from './common.js';
import { formBoolean, optionalFormLink, optionalFormText, requiredFormText } from './form-fields.js';
import {
  SLIDE_DESCRIPTION_MAX,
  SLIDE_LINK_MAX,
  SLIDE_SORT_ORDER_MAX,
  SLIDE_TITLE_MAX,
} from '../backoffice-limits.js';
import { wholeNumber, withMaxLength } from './admin-form-text.js';

/**
 * The back office's home-page slider.
 *
 * - `GET /api/slider/admin` (`catalog.read`): every slide, active or not, in display order
 *   (sort_order, then id); reply `slideListResponseSchema`.
 * - `POST /api/slider` (image required), `PUT /api/slider/:id`, `DELETE /api/slider/:id`
 *   (`catalog.write`): multipart or JSON, the fields below and the file field `image`. A PUT
 *   changes only the fields it sends; without a new image the stored one stays.
 * - The public `GET /api/slider` lists active slides only, in the same order.
 */

const title = withMaxLength(
  SLIDE_TITLE_MAX,
  'slider.title_too_long',
  requiredFormText(SLIDE_TITLE_MAX, 'slider.title_required'),
);
const titleEn = withMaxLength(SLIDE_TITLE_MAX, 'slider.title_too_long', optionalFormText(SLIDE_TITLE_MAX));
const description = withMaxLength(
  SLIDE_DESCRIPTION_MAX,
  'slider.description_too_long',
  optionalFormText(SLIDE_DESCRIPTION_MAX),
);
/** An http(s) address or a path of this site ("/products"); blank means no link. */
const linkUrl = withMaxLength(SLIDE_LINK_MAX, 'slider.link_too_long', optionalFormLink('slider.link_invalid'));
/** A whole number from 0; blank or absent on create: 0. */
const sortOrder = wholeNumber('slider.sort_order_invalid', 0, SLIDE_SORT_ORDER_MAX, 0);

/** POST /api/slider: the form's fields (the picture travels as the file field `image`, required). */
export const adminSlideCreateSchema = z.object({
  title,
  title_en: titleEn,
  description,
  description_en: description,
  link_url: linkUrl,
  sort_order: sortOrder,
  is_active: formBoolean.default(true),
});
export type AdminSlideCreate = z.output<typeof adminSlideCreateSchema>;

/** PUT /api/slider/:id: the same fields, each optional; a field left out keeps its value. */
export const adminSlideUpdateSchema = z.object({
  title: title.optional(),
  title_en: titleEn.optional(),
  description: description.optional(),
  description_en: description.optional(),
  link_url: linkUrl.optional(),
  sort_order: sortOrder.optional(),
  is_active: formBoolean.optional(),
});
export type AdminSlideUpdate = z.output<typeof adminSlideUpdateSchema>;

export const adminSlideParamsSchema = z.object({ id: idParam });

/** POST and PUT reply: the slide as saved. */
export const adminSlideResponseSchema = successShape({ slide: slideSchema });
export type AdminSlideResponse = z.infer<typeof adminSlideResponseSchema>;

/** DELETE reply: a confirmation in the request's language. */
export const adminSlideDeleteResponseSchema = successShape({ message: z.string() });
export type AdminSlideDeleteResponse = z.infer<typeof adminSlideDeleteResponseSchema>;
