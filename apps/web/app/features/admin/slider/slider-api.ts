import type { AdminSlideDeleteResponse, AdminSlideResponse, Slide, SlideListResponse } from '@shop/shared';
import { adminApi } from '../ui/admin-api';
import { slideFormData, type SlideForm } from './slide-rules';

/** A slide as the back office sees it (packages/shared/src/contracts/admin-slider.ts). */
export type AdminSlide = Slide;

/** Every slide, active or not, in display order (GET /api/slider/admin, catalog.read). */
export async function fetchAdminSlides(): Promise<AdminSlide[]> {
  const reply = await adminApi().get<SlideListResponse>('/slider/admin');
  return reply.slides;
}

/** Creates a slide (POST /api/slider, multipart; the image is required). */
export async function createSlide(form: SlideForm): Promise<AdminSlide> {
  const reply = await adminApi().postForm<AdminSlideResponse>('/slider', slideFormData(form));
  return reply.slide;
}

/** Changes a slide (PUT /api/slider/:id, multipart; without a new image the stored one stays). */
export async function updateSlide(id: number, form: SlideForm): Promise<AdminSlide> {
  const reply = await adminApi().putForm<AdminSlideResponse>(`/slider/${id}`, slideFormData(form));
  return reply.slide;
}

/** Deletes a slide and its image (DELETE /api/slider/:id). */
export async function deleteSlide(id: number): Promise<void> {
  await adminApi().delete<AdminSlideDeleteResponse>(`/slider/${id}`);
}
