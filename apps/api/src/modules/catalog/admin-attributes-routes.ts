import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminAttributeBodySchema,
  adminAttributeDeleteResponseSchema,
  adminAttributeListResponseSchema,
  adminAttributeParamsSchema,
  adminAttributeResponseSchema,
  adminAttributeVariationParamsSchema,
  adminVariationCreateBodySchema,
  adminVariationListResponseSchema,
  adminVariationResponseSchema,
  adminVariationUpdateBodySchema,
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

/** The back office's attributes and values. */
export async function attributeRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { attributesAdmin: service } = app.services;
  const tags = ['back office: attributes'];

  routes.get(
    '/simple-attributes',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Every attribute with its values and how many products use them',
        response: { 200: adminAttributeListResponseSchema, ...ADMIN_ROUTE_FAILURES },
      },
    },
    async () => ({ success: true as const, attributes: await service.listAttributes() }),
  );

  routes.post(
    '/simple-attributes',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Create an attribute (name unique ignoring case)',
        body: adminAttributeBodySchema,
        response: { 201: adminAttributeResponseSchema, ...JSON_WRITE_ROUTE_FAILURES },
      },
    },
    async (request, reply) => {
      const attribute = await service.createAttribute(request.body, actorOf(request));
      reply.code(201);
      return { success: true as const, attribute };
    },
  );

  // Static paths before the :id ones, for the reader; the router prefers them either way.
  routes.get(
    '/simple-attributes/variations/all',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Every value of every attribute, with its attribute name',
        response: { 200: adminVariationListResponseSchema, ...ADMIN_ROUTE_FAILURES },
      },
    },
    async () => ({ success: true as const, variations: await service.listAllVariations() }),
  );

  routes.put(
    '/simple-attributes/variations/:id',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Rename a value and/or change its default surcharge',
        params: adminAttributeParamsSchema,
        body: adminVariationUpdateBodySchema,
        response: { 200: adminVariationResponseSchema, ...JSON_WRITE_ROUTE_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      variation: await service.updateVariation(request.params.id, request.body, actorOf(request)),
    }),
  );

  routes.delete(
    '/simple-attributes/variations/:id',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Delete a value and its product links',
        params: adminAttributeParamsSchema,
        response: { 200: adminAttributeDeleteResponseSchema, ...ID_ROUTE_FAILURES },
      },
    },
    async (request) => {
      await service.deleteVariation(request.params.id, actorOf(request));
      return {
        success: true as const,
        id: request.params.id,
        message: apiMessage('attributes.value_deleted', request.lang),
      };
    },
  );

  routes.get(
    '/simple-attributes/:id',
    {
      config: READ,
      schema: {
        tags,
        summary: 'One attribute with its values',
        params: adminAttributeParamsSchema,
        response: { 200: adminAttributeResponseSchema, ...ID_ROUTE_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      attribute: await service.getAttribute(request.params.id),
    }),
  );

  routes.put(
    '/simple-attributes/:id',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Rename an attribute',
        params: adminAttributeParamsSchema,
        body: adminAttributeBodySchema,
        response: { 200: adminAttributeResponseSchema, ...JSON_WRITE_ROUTE_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      attribute: await service.renameAttribute(request.params.id, request.body, actorOf(request)),
    }),
  );

  routes.delete(
    '/simple-attributes/:id',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Delete an attribute with all its values and their product links',
        params: adminAttributeParamsSchema,
        response: { 200: adminAttributeDeleteResponseSchema, ...ID_ROUTE_FAILURES },
      },
    },
    async (request) => {
      await service.deleteAttribute(request.params.id, actorOf(request));
      return {
        success: true as const,
        id: request.params.id,
        message: apiMessage('attributes.deleted', request.lang),
      };
    },
  );

  routes.get(
    '/simple-attributes/:id/variations',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The values of one attribute',
        params: adminAttributeParamsSchema,
        response: { 200: adminVariationListResponseSchema, ...ID_ROUTE_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      variations: await service.listVariations(request.params.id),
    }),
  );

  routes.post(
    '/simple-attributes/:id/variations',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Add a value (title unique within the attribute; surcharge default 0)',
        params: adminAttributeParamsSchema,
        body: adminVariationCreateBodySchema,
        response: { 201: adminVariationResponseSchema, ...JSON_WRITE_ROUTE_FAILURES },
      },
    },
    async (request, reply) => {
      const variation = await service.createVariation(
        request.params.id,
        request.body,
        actorOf(request),
      );
      reply.code(201);
      return { success: true as const, variation };
    },
  );

  routes.put(
    '/simple-attributes/:id/variations/:variationId',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Rename a value of this attribute and/or change its default surcharge',
        params: adminAttributeVariationParamsSchema,
        body: adminVariationUpdateBodySchema,
        response: { 200: adminVariationResponseSchema, ...JSON_WRITE_ROUTE_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      variation: await service.updateVariation(
        request.params.variationId,
        request.body,
        actorOf(request),
        request.params.id,
      ),
    }),
  );

  routes.delete(
    '/simple-attributes/:id/variations/:variationId',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Delete a value of this attribute and its product links',
        params: adminAttributeVariationParamsSchema,
        response: { 200: adminAttributeDeleteResponseSchema, ...ID_ROUTE_FAILURES },
      },
    },
    async (request) => {
      await service.deleteVariation(request.params.variationId, actorOf(request), request.params.id);
      return {
        success: true as const,
        id: request.params.variationId,
        message: apiMessage('attributes.value_deleted', request.lang),
      };
    },
  );
}
