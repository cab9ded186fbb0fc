import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminSynonymBodySchema,
  adminSynonymDeleteResponseSchema,
  adminSynonymListResponseSchema,
  adminSynonymParamsSchema,
  adminSynonymResponseSchema,
  apiMessage,
} from '@shop/shared';
import {
  actorOf,
  ADMIN_ROUTE_FAILURES,
  ID_ROUTE_FAILURES,
  JSON_WRITE_ROUTE_FAILURES,
} from '../../lib/admin-form.js';

const READ = { permission: 'catalog.read' } as const;
const WRITE = { permission: 'catalog.write' } as const;

/**
 * The back office's search synonyms (docs/decisions/020): a word or phrase shoppers type and the
 * catalogue words it stands for. Staff who read the catalogue see them; those who change it
 * change them. A change applies to the next search, in every process.
 */
export async function searchSynonymRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { synonymsAdmin: service } = app.services;
  const tags = ['back office: search synonyms'];
  const bodyDescription =
    'Fields: term (the word or phrase shoppers type: one line, up to 60 characters and 4 ' +
    'words; unique ignoring case, diacritics and the Arabic article, else 409) and targets (1 ' +
    'to 10 words or phrases it stands for, up to 60 characters each, none the term itself). A ' +
    'search for the term also finds products with any of the targets.';

  routes.get(
    '/admin/search-synonyms',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Every search synonym, by term',
        response: { 200: adminSynonymListResponseSchema, ...ADMIN_ROUTE_FAILURES },
      },
    },
    async () => ({ success: true as const, synonyms: await service.list() }),
  );

  routes.post(
    '/admin/search-synonyms',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Add a search synonym',
        description: bodyDescription,
        body: adminSynonymBodySchema,
        response: { 201: adminSynonymResponseSchema, ...JSON_WRITE_ROUTE_FAILURES },
      },
    },
    async (request, reply) => {
      const synonym = await service.create(actorOf(request), request.body);
      reply.code(201);
      return { success: true as const, synonym };
    },
  );

  routes.get(
    '/admin/search-synonyms/:id',
    {
      config: READ,
      schema: {
        tags,
        summary: 'One search synonym',
        params: adminSynonymParamsSchema,
        response: { 200: adminSynonymResponseSchema, ...ID_ROUTE_FAILURES },
      },
    },
    async (request) => ({ success: true as const, synonym: await service.get(request.params.id) }),
  );

  routes.put(
    '/admin/search-synonyms/:id',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Change a search synonym: the whole entry, as for a new one',
        description: bodyDescription,
        params: adminSynonymParamsSchema,
        body: adminSynonymBodySchema,
        response: { 200: adminSynonymResponseSchema, ...JSON_WRITE_ROUTE_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      synonym: await service.update(actorOf(request), request.params.id, request.body),
    }),
  );

  routes.delete(
    '/admin/search-synonyms/:id',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Delete a search synonym',
        params: adminSynonymParamsSchema,
        response: { 200: adminSynonymDeleteResponseSchema, ...ID_ROUTE_FAILURES },
      },
    },
    async (request) => {
      await service.remove(actorOf(request), request.params.id);
      return {
        success: true as const,
        id: request.params.id,
        message: apiMessage('search.deleted', request.lang),
      };
    },
  );
}
