import type { FastifyInstance } from 'fastify';

export async function catalogRoutes(_app: FastifyInstance): Promise<void> {}
