import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { IMAGE_FOLDERS } from '@shop/shared';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves stored images from /uploads/{products,categories,slider,settings}/. File names are
 * random and never reused, so responses are cacheable for a year. A missing file is a 404.
 */
export async function uploadsPlugin(app: FastifyInstance, options: { root: string }): Promise<void> {
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
