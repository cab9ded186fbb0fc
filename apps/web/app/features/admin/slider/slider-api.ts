import type { AdminSlideDeleteResponse, AdminSlideResponse, Slide, SlideListResponse } from '@shop/shared';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { adminApi, adminQueryKeys, useRefresh, useResourceMutation, type MutationCallbacks } from '../ui/admin-api';
import { slideFormData, type SlideForm } from './slide-rules';

/** A slide as the back office sees it (packages/shared/src/contracts/admin-slider.ts). */
export type AdminSlide = Slide;

/** The slider's keys: one list of every slide (only the storefront's home page shows them else). */
export const slidesQueryKeys = adminQueryKeys('slides');

export function adminSlidesQuery() {
  return queryOptions({ queryKey: slidesQueryKeys.lists(), queryFn: fetchAdminSlides });
}

/** Every slide, active or not, in display order (GET /api/slider/admin, catalog.read). */
async function fetchAdminSlides(): Promise<AdminSlide[]> {
  const reply = await adminApi().get<SlideListResponse>('/slider/admin');
  return reply.slides;
}

/** Creates a slide (POST /api/slider, multipart; the image is required). */
async function createSlide(form: SlideForm): Promise<AdminSlide> {
  const reply = await adminApi().postForm<AdminSlideResponse>('/slider', slideFormData(form));
  return reply.slide;
}

/** Changes a slide (PUT /api/slider/:id, multipart; without a new image the stored one stays). */
async function updateSlide(id: number, form: SlideForm): Promise<AdminSlide> {
  const reply = await adminApi().putForm<AdminSlideResponse>(`/slider/${id}`, slideFormData(form));
  return reply.slide;
}

/** Deletes a slide and its image (DELETE /api/slider/:id). */
async function deleteSlide(id: number): Promise<void> {
  await adminApi().delete<AdminSlideDeleteResponse>(`/slider/${id}`);
}

/** After a write: the list of slides refreshes. */
function refreshSlides(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: slidesQueryKeys.all });
}

/** Creates a slide (`id` null) or changes one. */
export function useSaveSlide(id: number | null, callbacks?: MutationCallbacks<AdminSlide, SlideForm>) {
  return useResourceMutation((form: SlideForm) => (id === null ? createSlide(form) : updateSlide(id, form)), refreshSlides, callbacks);
}

export function useDeleteSlide(callbacks?: MutationCallbacks<void, AdminSlide>) {
  return useResourceMutation((slide: AdminSlide) => deleteSlide(slide.id), refreshSlides, callbacks);
}

/** Refreshes the slides (a row someone else deleted). */
export function useRefreshSlides(): () => void {
  return useRefresh(refreshSlides);
}
