import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  AdminSynonym,
  AdminSynonymDeleteResponse,
  AdminSynonymListResponse,
  AdminSynonymResponse,
} from '@shop/shared';
import { adminApi, adminQueryKeys, useRefresh, useResourceMutation, type MutationCallbacks } from '../ui/admin-api';
import { synonymBody, type SynonymForm } from './synonym-rules';

/** The calls of the search words tab (docs/decisions/020). */

/** The synonyms' keys: one list (the storefront's search reads them on the server only). */
export const synonymsQueryKeys = adminQueryKeys('search-synonyms');

/** GET /admin/search-synonyms: every synonym, by term. */
export function adminSynonymsQuery() {
  return queryOptions({
    queryKey: synonymsQueryKeys.lists(),
    queryFn: async () => (await adminApi().get<AdminSynonymListResponse>('/admin/search-synonyms')).synonyms,
    retry: false,
  });
}

/** POST /admin/search-synonyms (id null) or PUT /admin/search-synonyms/:id with the whole form. */
async function saveSynonym(id: number | null, form: SynonymForm): Promise<AdminSynonym> {
  const api = adminApi();
  const body = synonymBody(form);
  const reply =
    id === null
      ? await api.post<AdminSynonymResponse>('/admin/search-synonyms', body)
      : await api.put<AdminSynonymResponse>(`/admin/search-synonyms/${id}`, body);
  return reply.synonym;
}

/** DELETE /admin/search-synonyms/:id. */
async function deleteSynonym(id: number): Promise<void> {
  await adminApi().delete<AdminSynonymDeleteResponse>(`/admin/search-synonyms/${id}`);
}

/** After a write: the list refreshes. */
function refreshSynonyms(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: synonymsQueryKeys.all });
}

/** Creates a synonym (`id` null) or changes one. */
export function useSaveSynonym(id: number | null, callbacks?: MutationCallbacks<AdminSynonym, SynonymForm>) {
  return useResourceMutation((form: SynonymForm) => saveSynonym(id, form), refreshSynonyms, callbacks);
}

export function useDeleteSynonym(callbacks?: MutationCallbacks<void, AdminSynonym>) {
  return useResourceMutation((synonym: AdminSynonym) => deleteSynonym(synonym.id), refreshSynonyms, callbacks);
}

/** Refreshes the synonyms (a row someone else deleted). */
export function useRefreshSynonyms(): () => void {
  return useRefresh(refreshSynonyms);
}
