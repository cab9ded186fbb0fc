import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance } from 'fastify';
import { IMAGE_FOLDERS } from '@shop/shared';
import { sendError } from './errors.js';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves stored images from /uploads/{products,categories,slider,settings}/. File names are
 * random and never reused, so responses are cacheable for a year. A missing file is a 404.
 */
export async function uploadsPlugin(app: FastifyInstance, options: { root: string }): Promise<void> {
  // A path the file server refuses ("../", an encoded separator, a dotfile, a NUL byte) is a
  // client's probe, not a server failure: the same 404 as a missing file, logged at info level.
  // This plugin is its own encapsulated context, so the handler covers only /uploads.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) throw error;
    request.log.info({ err: error, url: request.url }, 'upload path refused');
    return sendError(reply, 'NOT_FOUND', 'error.not_found');
  });
  for (const folder of IMAGE_FOLDERS) fs.mkdirSync(path.join(options.root, folder), { recursive: true });
  await app.register(fastifyStatic, {
    root: options.root,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    allowedPath: (pathName) => IMAGE_FOLDERS.some((folder) => pathName.startsWith(`/${folder}/`)),
    cacheControl: false,
    setHeaders: (response) => {
      response.header('cache-control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`);
      response.header('x-content-type-options', 'nosniff');
    },
  });
}
