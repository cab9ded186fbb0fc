import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminUserCreateSchema,
  adminUserDeleteResponseSchema,
  adminUserDetailResponseSchema,
  adminUserListQuerySchema,
  adminUserListResponseSchema,
  adminUserParamsSchema,
  adminUserResponseSchema,
  adminUserUpdateSchema,
  apiMessage,
  errorResponseSchema,
} from '@shop/shared';
import {
  actorOf,
  ID_ROUTE_FAILURES,
  JSON_WRITE_ROUTE_FAILURES,
  QUERY_ROUTE_FAILURES,
} from '../../lib/admin-form.js';
import { requireUser } from '../../plugins/auth.js';
import type { UserActor } from './admin-users.js';

const MANAGE = { permission: 'users.manage' } as const;

/** The administrator making the change with their session (the permission hook has run). */
function userActorOf(request: FastifyRequest): UserActor {
  return { ...actorOf(request), sessionId: requireUser(request).sessionId };
}

/**
 * The back office's users; administrators only. Writes take a
 * JSON body; their 409 is USER_EXISTS or a rule of the last administrator.
 */
export async function adminUserRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { adminUsers: service } = app.services;
  const tags = ['back office: users'];

  routes.get(
    '/admin/users',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Users, newest first, a page at a time, with the counts of every user by role',
        description:
          '`search` finds a part of the name or the e-mail (case ignored); `role` keeps one role ' +
          '(empty: every role). `counts` are over every user, whatever the filters.',
        querystring: adminUserListQuerySchema,
        response: { 200: adminUserListResponseSchema, ...QUERY_ROUTE_FAILURES },
      },
    },
    async (request) => ({ success: true as const, ...(await service.list(request.query)) }),
  );

  routes.get(
    '/admin/users/:id',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'One user, with their orders\' count, total spent and latest order',
        description:
          'total_spent (KWD) sums total_amount − refunded_amount over the user\'s orders that are ' +
          'neither cancelled nor awaiting or failed payment; last_order_at is null without orders.',
        params: adminUserParamsSchema,
        response: { 200: adminUserDetailResponseSchema, ...ID_ROUTE_FAILURES },
      },
    },
    async (request) => ({ success: true as const, user: await service.get(request.params.id) }),
  );

  routes.post(
    '/admin/users',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Create a user of any role with a password (the e-mail counts as verified)',
        description: 'A taken e-mail is 409 USER_EXISTS with a detail on `email`.',
        body: adminUserCreateSchema,
        response: { 201: adminUserResponseSchema, ...JSON_WRITE_ROUTE_FAILURES },
      },
    },
    async (request, reply) => {
      const user = await service.create(actorOf(request), request.body);
      reply.code(201);
      return { success: true as const, user };
    },
  );

  routes.put(
    '/admin/users/:id',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Change a user: every field again; an empty password keeps the current one',
        description:
          'A new role or password ends all the user’s sessions. 409 CONFLICT when an ' +
          'administrator lowers their own role or the last administrator’s; 409 USER_EXISTS ' +
          'when the e-mail belongs to another account.',
        params: adminUserParamsSchema,
        body: adminUserUpdateSchema,
        response: { 200: adminUserResponseSchema, ...JSON_WRITE_ROUTE_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      user: await service.update(userActorOf(request), request.params.id, request.body),
    }),
  );

  routes.delete(
    '/admin/users/:id',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Delete a user: their sessions end, their orders stay (detached)',
        description: '409 CONFLICT for one’s own account and for the last administrator.',
        params: adminUserParamsSchema,
        response: {
          200: adminUserDeleteResponseSchema,
          ...ID_ROUTE_FAILURES,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { orders_kept } = await service.remove(actorOf(request), request.params.id);
      return { success: true as const, message: apiMessage('users.deleted', request.lang), orders_kept };
    },
  );
}
