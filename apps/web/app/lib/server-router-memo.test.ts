import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  memoizeRouterModule,
  ROUTER_MEMO_TARGETS,
  serverRouterMemo,
} from '../../vite-server-router-memo.ts';

const MODULE = `
  function createServerRoutes(manifest, modules, future, spa, parentId = "") {
    made.push(parentId);
    return parentId === "" ? [createServerRoutes(manifest, modules, future, spa, "root")] : [];
  }
  function matchRoutesImpl(routes, location, basename, partial, branches) {
    return [{ params: {}, location }];
  }
  function convertRoutesToDataRoutes(routes, map, parent, manifest) {
    return routes;
  }
  function createStaticRouter(routes, context) {
    let manifest = {};
    let dataRoutes = convertRoutesToDataRoutes(routes, map, void 0, manifest);
    return { dataRoutes, manifest };
  }
  function map(route) { return route; }
  function stripIndexParam(request) { return { copied: request }; }
  function stripRoutesParam(request) { return { copied: request }; }
  function singleFetchLoaders(url, request) {
    return new Request(url, { headers: request.headers, signal: request.signal });
  }
  function ownRequest(Request) { return new Request("local"); }
  result = {
    routes: createServerRoutes({}, {}, {}, false),
    matches: matchRoutesImpl([], "/a", "/", false, []),
    router: createStaticRouter([1], {}),
    direct: convertRoutesToDataRoutes([2], map, void 0, {}),
    request: stripRoutesParam(stripIndexParam("page")),
    loaderRequest: singleFetchLoaders("https://shop.test/products", { headers: {}, signal: "page's signal" }),
    local: ownRequest(function (input) { return { local: input }; }),
  };
`;

/** Runs a transformed module with a recording memo in place of the shop's. */
function run(code: string) {
  const calls: { memo: string; original: string; args: unknown[] }[] = [];
  const recorder =
    (memo: string) => (original: (...args: unknown[]) => unknown, args: unknown[]) => {
      calls.push({ memo, original: original.name, args });
      return original(...args);
    };
  const context = vm.createContext({
    made: [] as string[],
    result: undefined,
    __shopRouterMemo: {
      keptServerRoutes: recorder('keptServerRoutes'),
      keptRouteMatches: recorder('keptRouteMatches'),
      keptStaticDataRoutes: recorder('keptStaticDataRoutes'),
      requestWithoutIndex: recorder('requestWithoutIndex'),
      requestWithoutRoutes: recorder('requestWithoutRoutes'),
      requestCopy: (...args: unknown[]) => {
        calls.push({ memo: 'requestCopy', original: 'new Request', args });
        return { copy: args };
      },
    },
  });
  vm.runInContext(code.replace(/^import .*$/m, ''), context);
  return {
    calls,
    made: context.made as string[],
    result: context.result as Record<string, unknown>,
  };
}

describe('memoizeRouterModule', () => {
  it('puts the memos in front of React Router’s functions, each calling the original', async () => {
    const found = new Set<string>();
    const code = await memoizeRouterModule(MODULE, 'chunk.mjs', found);
    expect(code).not.toBeNull();
    expect(code).toMatch(/^import \* as __shopRouterMemo from ".*router-memo\.server\.ts";/);
    expect([...found].sort()).toEqual([...ROUTER_MEMO_TARGETS].sort());

    const { calls, made, result } = run(code!);
    expect(calls.map(({ memo, original }) => `${memo}(${original})`)).toEqual([
      'keptServerRoutes(createServerRoutes$uncached)',
      'keptServerRoutes(createServerRoutes$uncached)',
      'keptRouteMatches(matchRoutesImpl$uncached)',
      'keptStaticDataRoutes(convertRoutesToDataRoutes)',
      'requestWithoutIndex(stripIndexParam$uncached)',
      'requestWithoutRoutes(stripRoutesParam$uncached)',
      'requestCopy(new Request)',
    ]);
    // The recursive call reaches the memo with all its arguments, as React Router made it.
    expect(calls[1]!.args).toHaveLength(5);
    expect(made).toEqual(['', 'root']);
    expect(result).toEqual({
      routes: [[]],
      matches: [{ params: {}, location: '/a' }],
      router: { dataRoutes: [1], manifest: {} },
      direct: [2],
      request: { copied: { copied: 'page' } },
      // React Router's request copies carry the page's signal (decision 076)…
      loaderRequest: {
        copy: ['https://shop.test/products', { headers: {}, signal: "page's signal" }],
      },
      // …and a Request that is not the global one is left alone.
      local: { local: 'local' },
    });
  });

  it('leaves a module without those functions alone', async () => {
    const found = new Set<string>();
    expect(
      await memoizeRouterModule('export function matchRoutes() {}', 'other.mjs', found),
    ).toBeNull();
    expect(found.size).toBe(0);
  });

  it('finds every function in the installed React Router', async () => {
    const root = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
    const production = path.join(root, 'dist', 'production');
    const found = new Set<string>();
    for (const file of fs.readdirSync(production)) {
      if (!file.endsWith('.mjs') || file.includes('react-server')) continue;
      await memoizeRouterModule(fs.readFileSync(path.join(production, file), 'utf8'), file, found);
    }
    expect([...found].sort()).toEqual([...ROUTER_MEMO_TARGETS].sort());
  });

  it('stops the build when React Router no longer has one of them', () => {
    const plugin = serverRouterMemo();
    const errors: string[] = [];
    const context = {
      error: (message: string) => {
        errors.push(message);
        throw new Error(message);
      },
    };
    const buildEnd = plugin.buildEnd as (this: typeof context, error?: Error) => void;
    expect(() => buildEnd.call(context)).toThrow(
      /React Router no longer defines createServerRoutes/,
    );
    expect(errors[0]).toContain('matchRoutesImpl');
    expect(() => buildEnd.call(context, new Error('earlier failure'))).not.toThrow();
  });
});
