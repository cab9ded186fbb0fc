import objectRestSpread from '@babel/plugin-transform-object-rest-spread';
import type { Plugin } from 'vite';
import { transformServerModule } from './vite-babel.ts';

/**
 * The server build's object literals without spreads followed by properties (docs/decisions/072).
 *
 * On Node 20's V8, `{ ...props, children }` (what JSX makes of `<Icon {...props}>…</Icon>`, and
 * React Router's `Link` of every link) gets a hidden class of its own every time it runs: a new
 * map in the old generation, 172 for a home page, and property reads that never settle. Written
 * as `Object.assign({}, props, { children })` the objects share their hidden classes. Only the
 * server's chunks are rewritten: browsers do not have this cost, and their bundle stays as built.
 */
export async function lowerObjectSpreads(code: string, fileName: string): Promise<string | null> {
  if (!code.includes('...')) return null;
  return transformServerModule(code, fileName, [
    [objectRestSpread, { loose: true, useBuiltIns: true }],
  ]);
}

export function serverObjectSpreads(): Plugin {
  return {
    name: 'shop:server-object-spreads',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'server',
    async renderChunk(code, chunk) {
      const lowered = await lowerObjectSpreads(code, chunk.fileName);
      return lowered === null ? null : { code: lowered, map: null };
    },
  };
}
