import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import routes from '../routes';
import { ADMIN_NAMESPACES, messagesFor, NAMESPACES, SHELL_NAMESPACES, type Namespace } from './catalogues.server';

/*
 * Decision 022: a page carries the shell's namespaces (root loader) and those its routes declare
 * with routeMessages({ request, context }, [...]). A screen that shows a key of a namespace nobody sent shows
 * the key itself, so this test reads the source: for every route, the message keys written in the
 * modules it imports (transitively, relative imports only) must belong to the shell's namespaces
 * or to those its route and parent routes declare; and nothing declared is left unused.
 */

const appDirectory = fileURLToPath(new URL('..', import.meta.url));
const keys = Object.keys(messagesFor('ar', NAMESPACES));

interface RouteEntry {
  file: string;
  children?: RouteEntry[];
}

const importPattern = /^\s*(?:import|export)\s+(?!type\b)[^'";]*?from\s*['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/gm;

function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** A module and everything it imports, except server-only modules and other route modules. */
function moduleClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(importPattern)) {
    const target = resolveImport(file, (match[1] ?? match[2])!);
    if (!target || target.endsWith('.server.ts') || target.endsWith('.test.ts') || target.endsWith('.test.tsx')) continue;
    if (relative(appDirectory, target).startsWith('routes/')) continue;
    moduleClosure(target, seen);
  }
  return seen;
}

function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/**
 * The namespaces of the message keys a module writes: a whole key ('catalog.list.title'), a plural
 * family ('catalog.products') or the static start of a built key (`catalog.sort.${sort}`).
 */
export function namespacesUsedIn(source: string): Set<Namespace> {
  const used = new Set<Namespace>();
  const literal = /(['"`])([a-z][a-z-]*\.[a-z0-9_.]*)(?:\1|\$\{)/g;
  for (const [, , text] of withoutComments(source).matchAll(literal)) {
    const namespace = text!.slice(0, text!.indexOf('.')) as Namespace;
    if (!NAMESPACES.includes(namespace)) continue;
    const isKey = keys.some((key) => key === text || key.startsWith(text!.endsWith('.') ? text! : `${text}.`));
    if (isKey) used.add(namespace);
  }
  return used;
}

/** The namespaces a route module's loader declares with routeMessages({ request, context }, [...]). */
function declaredIn(source: string): Namespace[] {
  const call = /routeMessages\(\s*(?:\w+|\{[^}]*\})\s*,\s*\[([^\]]*)\]/.exec(source);
  if (!call) return [];
  const declared = [...call[1]!.matchAll(/'([a-z-]+)'/g)].map((match) => match[1] as Namespace);
  if (call[1]!.includes('...ADMIN_NAMESPACES')) declared.push(...ADMIN_NAMESPACES);
  return declared;
}

interface Checked {
  file: string;
  missing: Namespace[];
  unused: Namespace[];
}

function check(entries: RouteEntry[], inherited: readonly Namespace[], results: Checked[]): Checked[] {
  for (const entry of entries) {
    const path = resolve(appDirectory, entry.file);
    const declared = declaredIn(readFileSync(path, 'utf8'));
    const available = new Set<Namespace>([...inherited, ...declared]);
    const used = new Set<Namespace>();
    for (const module of moduleClosure(path)) {
      for (const namespace of namespacesUsedIn(readFileSync(module, 'utf8'))) used.add(namespace);
    }
    results.push({
      file: entry.file,
      missing: [...used].filter((namespace) => !available.has(namespace)).sort(),
      unused: declared.filter((namespace) => !used.has(namespace) && !ADMIN_NAMESPACES.includes(namespace)),
    });
    if (entry.children) check(entry.children, [...available], results);
  }
  return results;
}

const results = check(routes as RouteEntry[], SHELL_NAMESPACES, []);

describe('messages each page needs (decision 022)', () => {
  it('reads every route module', () => {
    expect(results.length).toBeGreaterThan(20);
    expect(results.map((result) => result.file)).toContain('routes/product.tsx');
  });

  it('the shell (root, header, footer, toasts, error page) uses only the shell namespaces', () => {
    const used = new Set<Namespace>();
    for (const module of moduleClosure(resolve(appDirectory, 'root.tsx'))) {
      for (const namespace of namespacesUsedIn(readFileSync(module, 'utf8'))) used.add(namespace);
    }
    expect([...used].filter((namespace) => !(SHELL_NAMESPACES as readonly string[]).includes(namespace))).toEqual([]);
    expect(used.has('common')).toBe(true);
  });

  it.each(results.map((result) => [result.file, result] as const))(
    '%s: every namespace its screen uses is sent, none is sent for nothing',
    (_file, result) => {
      expect(result.missing, 'used but neither declared by the route (routeMessages) nor in SHELL_NAMESPACES').toEqual([]);
      expect(result.unused, 'declared but not used by the route').toEqual([]);
    },
  );
});

describe('namespacesUsedIn', () => {
  it('finds whole keys, plural families and the start of built keys, not other dotted strings', () => {
    expect([...namespacesUsedIn("t('cart.page.title')")]).toEqual(['cart']);
    expect([...namespacesUsedIn('t(`catalog.categories.count.${form}`)')]).toEqual(['catalog']);
    expect([...namespacesUsedIn("import x from './home.css'; const file = 'orders.csv';")]).toEqual([]);
    expect([...namespacesUsedIn("// t('profile.page.title')\n")]).toEqual([]);
  });
});
