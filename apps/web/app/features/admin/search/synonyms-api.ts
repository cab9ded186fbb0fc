import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  AdminSynonym,
  AdminSynonymDeleteResponse,
  AdminSynonymListResponse,
  AdminSynonymResponse,
} from '@shop/shared';
import { adminApi } from '../ui/admin-api';
import { synonymBody, type SynonymForm } from './synonym-rules';

/** The calls of the search words tab (docs/decisions/020). */

const synonymsKey = ['admin', 'search-synonyms'] as const;

/** GET /admin/search-synonyms: every synonym, by term. */
export function adminSynonymsQuery() {
  return queryOptions({
    queryKey: synonymsKey,
    queryFn: async () => (await adminApi().get<AdminSynonymListResponse>('/admin/search-synonyms')).synonyms,
    retry: false,
  });
}

/** POST /admin/search-synonyms (id null) or PUT /admin/search-synonyms/:id with the whole form. */
export async function saveSynonym(id: number | null, form: SynonymForm): Promise<AdminSynonym> {
  const api = adminApi();
  const body = synonymBody(form);
  const reply =
    id === null
      ? await api.post<AdminSynonymResponse>('/admin/search-synonyms', body)
      : await api.put<AdminSynonymResponse>(`/admin/search-synonyms/${id}`, body);
  return reply.synonym;
}

/** DELETE /admin/search-synonyms/:id. */
export async function deleteSynonym(id: number): Promise<void> {
  await adminApi().delete<AdminSynonymDeleteResponse>(`/admin/search-synonyms/${id}`);
}

/** After a write: the list refreshes. */
export function refreshSynonyms(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: synonymsKey });
}
