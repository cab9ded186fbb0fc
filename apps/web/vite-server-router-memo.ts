import { fileURLToPath } from 'node:url';
import { type PluginObj, types as t } from '@babel/core';
import type { Plugin } from 'vite';
import { transformServerModule } from './vite-babel.ts';

/**
 * React Router's per-page work that depends only on the build and the address, done once
 * (docs/decisions/073). In the server build, these React Router functions go through the memos
 * of `app/lib/router-memo.server.ts`:
 *
 * - `createServerRoutes`: the route tree (a component wrapper for every route) `ServerRouter`
 *   makes for every page;
 * - the static router's `convertRoutesToDataRoutes`: that tree's data routes, also made per page;
 * - `matchRoutesImpl` with the router's ranked branches: an address matched against every route,
 *   twice per page (the request handler's and the loaders');
 * - `stripIndexParam` and `stripRoutesParam`: two copies of the page's request per loader, made
 *   even when the address has neither parameter.
 *
 * - `new Request(input, init)`: a copy of a request that carries its signal instead of following it
 *   through weak references (`requestCopy`, docs/decisions/076): a client navigation's data
 *   request and an action's are copied so.
 *
 * Each function keeps its code under a new name and the memo calls it; the browser bundle and the
 * development server are not touched. If React Router no longer has one of them (an upgrade), the
 * build stops and says so, rather than quietly doing the work again.
 */

const MEMO_MODULE = fileURLToPath(new URL('./app/lib/router-memo.server.ts', import.meta.url));
const MEMO = '__shopRouterMemo';

/** Top-level functions replaced by a wrapper that calls their memo with the original. */
const WRAPPED = {
  createServerRoutes: 'keptServerRoutes',
  matchRoutesImpl: 'keptRouteMatches',
  stripIndexParam: 'requestWithoutIndex',
  stripRoutesParam: 'requestWithoutRoutes',
};
/** Calls inside a function routed through a memo: [function, callee, memo]. */
const ROUTED_CALLS: readonly (readonly [inside: string, callee: string, memo: string])[] = [
  ['createStaticRouter', 'convertRoutesToDataRoutes', 'keptStaticDataRoutes'],
];

/** A request made by React Router's server code, made by this memo instead. */
const REQUEST_COPY = 'requestCopy';
const NEW_REQUEST = 'new Request';

export const ROUTER_MEMO_TARGETS = [
  ...Object.keys(WRAPPED),
  ...ROUTED_CALLS.map(([inside, callee]) => `${inside} → ${callee}`),
  NEW_REQUEST,
];

function memoCall(memo: string, original: t.Expression, args: t.Expression): t.CallExpression {
  return t.callExpression(t.memberExpression(t.identifier(MEMO), t.identifier(memo)), [
    original,
    args,
  ]);
}

function routerMemoPlugin(found: Set<string>): PluginObj {
  const wrappers = new WeakSet<t.Node>();
  return {
    name: 'shop-router-memo',
    visitor: {
      NewExpression(path) {
        const { callee, arguments: args } = path.node;
        if (!t.isIdentifier(callee, { name: 'Request' }) || path.scope.hasBinding('Request'))
          return;
        if (!args.every((arg) => t.isExpression(arg))) return;
        path.replaceWith(
          t.callExpression(
            t.memberExpression(t.identifier(MEMO), t.identifier(REQUEST_COPY)),
            args as t.Expression[],
          ),
        );
        found.add(NEW_REQUEST);
      },
      FunctionDeclaration(path) {
        const name = path.node.id?.name;
        if (name === undefined || !path.parentPath.isProgram() || wrappers.has(path.node)) return;
        for (const [inside, callee, memo] of ROUTED_CALLS) {
          if (name !== inside) continue;
          path.traverse({
            CallExpression(call) {
              const target = call.node.callee;
              if (!t.isIdentifier(target, { name: callee })) return;
              const args = call.node.arguments.filter((arg): arg is t.Expression =>
                t.isExpression(arg),
              );
              if (args.length !== call.node.arguments.length) return;
              call.replaceWith(memoCall(memo, t.identifier(callee), t.arrayExpression(args)));
              call.skip();
              found.add(`${inside} → ${callee}`);
            },
          });
        }
        if (!Object.hasOwn(WRAPPED, name)) return;
        const memo = WRAPPED[name as keyof typeof WRAPPED];
        const uncached = `${name}$uncached`;
        path.node.id = t.identifier(uncached);
        const wrapper = t.functionDeclaration(
          t.identifier(name),
          [t.restElement(t.identifier('args'))],
          t.blockStatement([
            t.returnStatement(memoCall(memo, t.identifier(uncached), t.identifier('args'))),
          ]),
        );
        wrappers.add(wrapper);
        path.insertAfter(wrapper);
        found.add(name);
      },
    },
  };
}

/**
 * One React Router module with the memos in front of whichever of the functions it defines, or
 * null when it defines none. `found` collects the targets met.
 */
export async function memoizeRouterModule(
  code: string,
  fileName: string,
  found: Set<string>,
): Promise<string | null> {
  const seen = new Set<string>();
  const transformed = await transformServerModule(code, fileName, [routerMemoPlugin(seen)]);
  for (const target of seen) found.add(target);
  if (seen.size === 0 || transformed === null) return null;
  return `import * as ${MEMO} from ${JSON.stringify(MEMO_MODULE)};\n${transformed}`;
}

const ROUTER_FILE =
  /[\\/]node_modules[\\/]react-router[\\/]dist[\\/](?!.*react-server)[^?]*\.m?js$/;
/** A module worth parsing names at least one of the functions. */
const MENTIONS = new RegExp(
  `\\b(?:${[...Object.keys(WRAPPED), ...ROUTED_CALLS.map(([inside]) => inside)].join('|')})\\b`,
);

export function serverRouterMemo(): Plugin {
  const found = new Set<string>();
  return {
    name: 'shop:server-router-memo',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'server',
    buildStart() {
      found.clear();
    },
    transform: {
      filter: { id: ROUTER_FILE, code: MENTIONS },
      async handler(code, id) {
        const memoized = await memoizeRouterModule(code, id, found);
        return memoized === null ? null : { code: memoized, map: null };
      },
    },
    buildEnd(error) {
      if (error) return;
      const missing = ROUTER_MEMO_TARGETS.filter((target) => !found.has(target));
      if (missing.length > 0)
        this.error(
          `React Router no longer defines ${missing.join(', ')}: vite-server-router-memo.ts ` +
            'needs updating for this version (docs/decisions/073)',
        );
    },
  };
}
