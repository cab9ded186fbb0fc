/**
 * What React Router works out again for every page although it depends only on the build and the
 * address (docs/decisions/073). The server build routes some of React Router's own functions
 * through these (vite-server-router-memo.ts); each answers exactly what the function would, and
 * gives every caller objects of its own wherever React Router might change them.
 */

/** The React Router function a memo stands in front of. */
// React Router's internal functions are untyped here; their arguments are passed on as they came.
type Original = (...args: never[]) => unknown;

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

function call(original: Original, args: readonly unknown[]): unknown {
  return (original as (...args: readonly unknown[]) => unknown)(...args);
}

interface KeptServerRoutes {
  modules: Record<string, unknown>;
  future: unknown;
  isSpaMode: unknown;
  routes: unknown;
}

const serverRoutes = new WeakMap<object, KeptServerRoutes>();

function sameModules(kept: Record<string, unknown>, modules: Record<string, unknown>): boolean {
  const ids = Object.keys(modules);
  if (ids.length !== Object.keys(kept).length) return false;
  return ids.every((id) => kept[id] === modules[id]);
}

/**
 * `createServerRoutes(manifest, routeModules, future, isSpaMode)`: the route tree a page renders,
 * with a component wrapper for every route of the shop. It is the same for every page of a build:
 * made once per manifest. A build's manifest and modules never change; should a caller pass other
 * modules or options with the same manifest, the tree is made again rather than mixed up. Its
 * recursive calls (a parent's children) go through unchanged.
 */
export function keptServerRoutes(original: Original, args: readonly unknown[]): unknown {
  const [manifest, routeModules, future, isSpaMode] = args;
  if (args.length > 4 || !isObject(manifest) || !isObject(routeModules))
    return call(original, args);
  const modules = routeModules as Record<string, unknown>;
  const kept = serverRoutes.get(manifest);
  if (
    kept !== undefined &&
    kept.future === future &&
    kept.isSpaMode === isSpaMode &&
    sameModules(kept.modules, modules)
  )
    return kept.routes;
  const routes = call(original, args);
  serverRoutes.set(manifest, { modules: { ...modules }, future, isSpaMode, routes });
  return routes;
}

interface KeptDataRoutes {
  mapRouteProperties: unknown;
  dataRoutes: unknown;
  manifest: Record<string, unknown>;
}

const staticDataRoutes = new WeakMap<object, KeptDataRoutes>();

/**
 * The static router's `convertRoutesToDataRoutes(routes, mapRouteProperties, undefined, manifest)`:
 * the data routes of a route tree, and their ids in `manifest` (which the call fills). The tree is
 * the kept one above, so its data routes are made once too; `manifest` gets the same entries.
 */
export function keptStaticDataRoutes(original: Original, args: readonly unknown[]): unknown {
  const [routes, mapRouteProperties, parentPath, manifest] = args;
  if (
    args.length !== 4 ||
    !Array.isArray(routes) ||
    parentPath !== undefined ||
    !isObject(manifest) ||
    Object.keys(manifest).length > 0
  )
    return call(original, args);
  let kept = staticDataRoutes.get(routes);
  if (kept === undefined || kept.mapRouteProperties !== mapRouteProperties) {
    const keptManifest: Record<string, unknown> = {};
    const dataRoutes = call(original, [routes, mapRouteProperties, undefined, keptManifest]);
    kept = { mapRouteProperties, dataRoutes, manifest: keptManifest };
    staticDataRoutes.set(routes, kept);
  }
  Object.assign(manifest, kept.manifest);
  return kept.dataRoutes;
}

/** Addresses kept per route tree; past it the list starts again (any address can be asked for). */
export const MAX_KEPT_MATCHES = 1000;

interface RouteMatch {
  params: Record<string, unknown>;
}

const routeMatches = new WeakMap<object, Map<string, readonly RouteMatch[] | null>>();

function pathnameOf(location: unknown): string | null {
  if (typeof location === 'string') {
    const end = location.search(/[?#]/);
    return end === -1 ? location : location.slice(0, end);
  }
  if (isObject(location) && 'pathname' in location) {
    const { pathname } = location;
    return typeof pathname === 'string' ? pathname : pathname === undefined ? '' : null;
  }
  return null;
}

/**
 * `matchRoutesImpl(routes, location, basename, allowPartial, branches)` with the router's ranked
 * branches: which routes an address reaches depends only on those branches and its path, so each
 * path is matched once. Every call gets new match objects and a new `params` object, shared by
 * its matches as React Router's own are; the routes in them are the router's, as always.
 */
export function keptRouteMatches(original: Original, args: readonly unknown[]): unknown {
  const [, location, basename, allowPartial, branches] = args;
  const pathname = pathnameOf(location);
  if (!Array.isArray(branches) || pathname === null || typeof basename !== 'string')
    return call(original, args);
  let byPath = routeMatches.get(branches);
  if (byPath === undefined) {
    byPath = new Map();
    routeMatches.set(branches, byPath);
  }
  const key = `${allowPartial === true ? 1 : 0}${basename}\u0000${pathname}`;
  let matches = byPath.get(key);
  if (matches === undefined) {
    matches = call(original, args) as readonly RouteMatch[] | null;
    if (byPath.size >= MAX_KEPT_MATCHES) byPath.clear();
    byPath.set(key, matches);
  }
  if (matches === null) return null;
  const [first] = matches;
  const params = first === undefined ? {} : { ...first.params };
  return matches.map((match) => ({ ...match, params }));
}

function hasSearchParam(url: string, name: string): boolean {
  // Most pages have no query at all; a name may be percent-encoded, so any query is parsed.
  return url.includes('?') && new URL(url).searchParams.has(name);
}

/**
 * React Router copies a page's request for each of its loaders, once without the `index` search
 * parameter and once without `_routes` (its own), whether or not the address has them: two URLs
 * and two undici requests per loader, each with an abort signal following the page's and weak
 * references that only full collections clear. A request without a body whose address has no
 * such parameter is the same request once copied (address, method, headers, signal): the loader
 * gets it as it is. Anything else is copied by React Router as before.
 */
function requestWithout(name: string) {
  return (original: Original, args: readonly unknown[]): unknown => {
    const [request] = args;
    if (
      args.length === 1 &&
      request instanceof Request &&
      request.body === null &&
      !hasSearchParam(request.url, name)
    )
      return request;
    return call(original, args);
  };
}

/** `stripIndexParam(request)`. */
export const requestWithoutIndex = requestWithout('index');
/** `stripRoutesParam(request)`. */
export const requestWithoutRoutes = requestWithout('_routes');

/**
 * React Router's server code's `new Request(input, init)`: the same request, carrying the signal
 * it would have followed through weak references (docs/decisions/076).
 */
export { requestCopy } from '@shop/shared';
