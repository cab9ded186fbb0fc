import type { FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { roleCan, type Permission } from '@shop/shared';
import type { users } from '../db/schema/index.js';
import { AppError } from '../errors.js';

type UserRow = typeof users.$inferSelect;

/** The signed-in user of a request and the session its token belongs to. */
export interface RequestUser {
  user: UserRow;
  sessionId: number;
}

type AuthState =
  | { status: 'none' }
  | { status: 'invalid' }
  | { status: 'expired' }
  | ({ status: 'valid' } & RequestUser);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The back-office permission a route needs (docs/decisions/008). Checked once, for every
     * route that names one, before its body is read: no token 401, a role without it 403.
     */
    permission?: Permission;
    /**
     * Whether a route needs a signed-in user (a bearer token) without a back-office permission:
     * 'required' is checked before the body is read (401 without a valid token), 'optional'
     * means a token changes the answer (a user's cart, staff details). The OpenAPI document's
     * `security` of each operation is derived from this and from `permission` (api-docs.ts).
     */
    session?: 'required' | 'optional';
  }
  interface FastifyInstance {
    /** Every route that declared a permission, as registered (the permission-matrix test walks them). */
    guardedRoutes: GuardedRoute[];
  }
  interface FastifyRequest {
    /** The signed-in user, or null without a valid bearer token. */
    user: RequestUser | null;
    /** What the request's bearer token resolved to; null before the hook has run. */
    authState: AuthState | null;
  }
}

export interface GuardedRoute {
  method: string;
  url: string;
  permission: Permission;
}

/** The token of an `Authorization: Bearer <token>` header, if there is one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** The signed-in user; 401 UNAUTHENTICATED, INVALID_TOKEN or TOKEN_EXPIRED otherwise. */
export function requireUser(request: FastifyRequest): RequestUser {
  const state = request.authState ?? { status: 'none' };
  switch (state.status) {
    case 'valid':
      return { user: state.user, sessionId: state.sessionId };
    case 'expired':
      throw new AppError('TOKEN_EXPIRED', 'auth.token_expired');
    case 'invalid':
      throw new AppError('INVALID_TOKEN', 'auth.invalid_token');
    case 'none':
      throw new AppError('UNAUTHENTICATED', 'error.unauthenticated');
  }
}

/** A signed-in user whose role holds the permission; other signed-in users get 403 FORBIDDEN. */
export function requirePermission(request: FastifyRequest, permission: Permission): RequestUser {
  const current = requireUser(request);
  if (!roleCan(current.user.role, permission)) throw new AppError('FORBIDDEN', 'error.forbidden');
  return current;
}

/**
 * A route that needs a signed-in user refuses without one before its body is read, after its
 * own onRequest hooks (logout clears the page cookie whatever the token's state).
 */
function requireSessionFirst(route: RouteOptions): void {
  const guard: onRequestHookHandler = async (request) => {
    requireUser(request);
  };
  const existing = route.onRequest;
  route.onRequest = existing === undefined ? [guard] : [...[existing].flat(), guard];
}

/** Resolves the bearer token of every request before its handler runs. */
export const authPlugin = fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorateRequest('authState', null);
    app.addHook('onRequest', async (request) => {
      request.user = null;
      const token = bearerToken(request);
      if (token === undefined) {
        request.authState = { status: 'none' };
        return;
      }
      const resolved = await app.services.accounts.resolveToken(token);
      if (resolved.status === 'valid') {
        request.user = { user: resolved.user, sessionId: resolved.sessionId };
        request.authState = { status: 'valid', ...request.user };
      } else {
        request.authState = { status: resolved.status };
      }
    });

    // The single place where back-office routes are guarded: a route that names a permission
    // gets a route-level onRequest hook, which runs after the token was resolved above.
    app.decorate('guardedRoutes', [] as GuardedRoute[]);
    app.addHook('onRoute', (route) => {
      const permission = route.config?.permission;
      if (!permission) {
        if (route.config?.session === 'required') requireSessionFirst(route);
        return;
      }
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') app.guardedRoutes.push({ method, url: route.url, permission });
      }
      const guard: onRequestHookHandler = async (request, reply) => {
        // Back-office answers depend on who asks: never kept by a browser or a shared cache.
        reply.header('cache-control', 'private, no-store');
        requirePermission(request, permission);
      };
      // The OpenAPI document says who may call it.
      if (route.schema) {
        const note = `Back office: needs the \`${permission}\` permission (docs/decisions/008).`;
        const description = route.schema.description ? `${route.schema.description}\n\n${note}` : note;
        route.schema = { ...route.schema, description };
      }
      const existing = route.onRequest;
      route.onRequest = existing === undefined ? [guard] : [guard, ...[existing].flat()];
    });
  },
  { name: 'auth' },
);
