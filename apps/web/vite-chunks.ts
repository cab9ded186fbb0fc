/**
 * How the browser build groups modules into chunks (docs/decisions/023). Left to itself the
 * bundler made one chunk per shared module: a storefront page preloaded ~28 scripts, and on a
 * phone's connection (HTTP/1.1, six at a time) their round trips delayed the first paint. Here:
 * - `framework`: React, React Router and TanStack Query as every page runs them (changes rarely,
 *   stays cached);
 * - `shell`: the app's own modules that the root route runs on every page (layout, i18n, cart
 *   badge, toasts...);
 * - `storefront`: the app's modules that two or more storefront pages share (price, product card,
 *   SEO tags...).
 * Route modules, and what a single route or only the back office uses, keep the bundler's
 * automatic splitting: the back office's code stays out of the storefront's pages.
 */

/** The part of rolldown's chunking context used here (its ModuleInfo has more). */
interface ChunkingContext {
  getModuleInfo(moduleId: string): { importers: readonly string[]; dynamicImporters: readonly string[] } | null;
}

const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|turbo-stream|cookie|set-cookie-parser)[\\/]/;
/**
 * What every page runs first: the browser entry (React Router's default one) and the root route's
 * module, also under the query suffixes React Router adds to route modules.
 */
const PAGE_START = /([\\/]app[\\/]root\.tsx|[\\/]entry\.client\.tsx)(\?.*)?$/;
const ROUTE_MODULE = /[\\/]app[\\/](root\.tsx|routes[\\/])/;
const STOREFRONT_ROUTE = /[\\/]app[\\/]routes[\\/](?!admin[\\/])/;
const APP_CODE = /[\\/](apps[\\/]web[\\/]app|packages[\\/]shared[\\/]src)[\\/]/;

/** Whether `moduleId` is imported, directly or not, by a module matching `origin`; memoised per origin. */
function importedFrom(origin: RegExp, memo: Map<string, boolean>, staticOnly: boolean) {
  const visit = (moduleId: string, context: ChunkingContext, visiting: Set<string>): boolean => {
    const known = memo.get(moduleId);
    if (known !== undefined) return known;
    if (visiting.has(moduleId)) return false;
    visiting.add(moduleId);
    const info = context.getModuleInfo(moduleId);
    const importers = [...(info?.importers ?? []), ...(staticOnly ? [] : (info?.dynamicImporters ?? []))];
    const reached = importers.some((importer) => origin.test(importer) || visit(importer, context, visiting));
    visiting.delete(moduleId);
    memo.set(moduleId, reached);
    return reached;
  };
  return (moduleId: string, context: ChunkingContext) => visit(moduleId, context, new Set());
}

/** Run by every page before anything else: only static imports count (a lazy import is not run). */
const runOnEveryPage = importedFrom(PAGE_START, new Map(), true);
const usedByStorefront = importedFrom(STOREFRONT_ROUTE, new Map(), false);

/** rolldown `codeSplitting` group of what every page runs: `framework`, `shell`, or null. */
export function everyPageChunk(moduleId: string, context: ChunkingContext): string | null {
  if (ROUTE_MODULE.test(moduleId) || !runOnEveryPage(moduleId, context)) return null;
  return FRAMEWORK.test(moduleId) ? 'framework' : 'shell';
}

/** rolldown `codeSplitting` group of the app code storefront pages share (with minShareCount 2). */
export function storefrontChunk(moduleId: string, context: ChunkingContext): string | null {
  if (ROUTE_MODULE.test(moduleId) || !APP_CODE.test(moduleId)) return null;
  return usedByStorefront(moduleId, context) ? 'storefront' : null;
}
