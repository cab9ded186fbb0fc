import { queryOptions } from '@tanstack/react-query';
import type {
  AdminContentPage,
  AdminContentPageResponse,
  AdminContentPagesResponse,
  AdminStorefrontLayout,
  AdminStorefrontLayoutResponse,
  ContentPageSlug,
} from '@shop/shared';
import { adminApi, adminQueryKeys, useResourceMutation, type MutationCallbacks } from '../ui/admin-api';

/** The editable pages and layout (packages/shared/src/contracts/pages.ts, docs/decisions/058). */
export const pagesQueryKeys = adminQueryKeys('pages');
const layoutKey = [...pagesQueryKeys.all, 'layout'] as const;

export type PageForm = Pick<AdminContentPage, 'title_ar' | 'title_en' | 'body_ar' | 'body_en'>;
export type LayoutForm = Omit<AdminStorefrontLayout, 'updated_at'>;

export function adminPagesQuery() {
  return queryOptions({
    queryKey: pagesQueryKeys.lists(),
    queryFn: async () => (await adminApi().get<AdminContentPagesResponse>('/admin/pages')).pages,
  });
}

export function adminLayoutQuery() {
  return queryOptions({
    queryKey: layoutKey,
    queryFn: async () => (await adminApi().get<AdminStorefrontLayoutResponse>('/admin/storefront-layout')).layout,
  });
}

/** Saves a page (PUT /api/admin/pages/:slug); the reply, as stored (sanitised), replaces it in the list. */
export function useSavePage(callbacks?: MutationCallbacks<AdminContentPage, { slug: ContentPageSlug; form: PageForm }>) {
  return useResourceMutation(
    async ({ slug, form }: { slug: ContentPageSlug; form: PageForm }) =>
      (await adminApi().put<AdminContentPageResponse>(`/admin/pages/${slug}`, form)).page,
    (client, saved) =>
      client.setQueryData<AdminContentPage[]>(pagesQueryKeys.lists(), (pages) =>
        pages?.map((page) => (page.slug === saved.slug ? saved : page)),
      ),
    callbacks,
  );
}

/** Saves the footer's links, the home sections and the hero (PUT /api/admin/storefront-layout). */
export function useSaveLayout(callbacks?: MutationCallbacks<AdminStorefrontLayout, LayoutForm>) {
  return useResourceMutation(
    async (form: LayoutForm) => (await adminApi().put<AdminStorefrontLayoutResponse>('/admin/storefront-layout', form)).layout,
    (client, saved) => client.setQueryData(layoutKey, saved),
    callbacks,
  );
}
