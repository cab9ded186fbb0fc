import { describe, expect, it, vi } from 'vitest';
import {
  keptRouteMatches,
  keptServerRoutes,
  keptStaticDataRoutes,
  MAX_KEPT_MATCHES,
  requestWithoutIndex,
  requestWithoutRoutes,
} from './router-memo.server';

describe('keptServerRoutes', () => {
  const manifest = { root: { id: 'root' }, 'routes/home': { id: 'routes/home' } };
  const modules = () => ({ root: { default: 'Root' }, 'routes/home': { default: 'Home' } });

  it('makes the route tree once for a build and gives the same one to every page', () => {
    const original = vi.fn(() => [{ id: 'root' }]);
    const routeModules = modules();
    const future = {};
    const first = keptServerRoutes(original, [manifest, routeModules, future, false]);
    const second = keptServerRoutes(original, [manifest, { ...routeModules }, future, false]);
    expect(second).toBe(first);
    expect(original).toHaveBeenCalledTimes(1);
  });

  it('makes it again when a route module, the options or the mode are not the ones it was made with', () => {
    const original = vi.fn(() => [{ id: 'root' }]);
    const own = { root: {}, 'routes/home': {} };
    const routeModules = modules();
    const future = {};
    keptServerRoutes(original, [own, routeModules, future, false]);
    keptServerRoutes(original, [
      own,
      { ...routeModules, 'routes/home': { default: 'New' } },
      future,
      false,
    ]);
    keptServerRoutes(original, [own, routeModules, future, false]);
    keptServerRoutes(original, [own, routeModules, {}, false]);
    keptServerRoutes(original, [own, routeModules, future, true]);
    expect(original).toHaveBeenCalledTimes(5);
  });

  it('passes a parent’s children (the recursive calls) through to React Router', () => {
    const original = vi.fn(() => []);
    const args = [manifest, modules(), {}, false, 'root', {}, Promise.resolve()];
    keptServerRoutes(original, args);
    keptServerRoutes(original, args);
    expect(original).toHaveBeenCalledTimes(2);
    expect(original).toHaveBeenLastCalledWith(...args);
  });
});

describe('keptStaticDataRoutes', () => {
  const convert = () =>
    vi.fn(
      (routes: { id: string }[], _map: unknown, _parent: unknown, out: Record<string, unknown>) =>
        routes.map((route) => {
          const dataRoute = { ...route, data: true };
          out[route.id] = dataRoute;
          return dataRoute;
        }),
    );

  it('converts a route tree once and fills every caller’s manifest with the same entries', () => {
    const original = convert();
    const routes = [{ id: 'root' }, { id: 'home' }];
    const map = () => ({});
    const first: Record<string, unknown> = {};
    const second: Record<string, unknown> = {};
    const dataRoutes = keptStaticDataRoutes(original, [routes, map, undefined, first]);
    expect(keptStaticDataRoutes(original, [routes, map, undefined, second])).toBe(dataRoutes);
    expect(original).toHaveBeenCalledTimes(1);
    expect(second).toEqual(first);
    expect(Object.keys(second)).toEqual(['root', 'home']);
    expect(second.home).toBe((dataRoutes as unknown[])[1]);
  });

  it('leaves any other use of the conversion to React Router', () => {
    const original = convert();
    const routes = [{ id: 'root' }];
    const map = () => ({});
    keptStaticDataRoutes(original, [routes, map, ['0'], {}]);
    keptStaticDataRoutes(original, [routes, map, undefined, { other: {} }]);
    keptStaticDataRoutes(original, [routes, map, undefined, {}, true]);
    expect(original).toHaveBeenCalledTimes(3);
  });
});

describe('keptRouteMatches', () => {
  const branches = () => [{ routesMeta: [] }];
  const matcher = () =>
    vi.fn((_routes: unknown, location: unknown) => {
      const pathname =
        typeof location === 'string' ? location : (location as { pathname: string }).pathname;
      if (pathname.startsWith('/none')) return null;
      const params: Record<string, string> = { id: '7' };
      return [
        { params, pathname: '/', route: { id: 'root' } },
        { params, pathname: '/products/7', route: { id: 'product' } },
      ];
    });

  it('matches a path once for a set of branches, whatever its query or hash', () => {
    const original = matcher();
    const ranked = branches();
    const first = keptRouteMatches(original, [[], '/products/7', '/', false, ranked]);
    const second = keptRouteMatches(original, [[], '/products/7?x=1#top', '/', false, ranked]);
    const third = keptRouteMatches(original, [
      [],
      { pathname: '/products/7', search: '?y' },
      '/',
      false,
      ranked,
    ]);
    expect(original).toHaveBeenCalledTimes(1);
    expect(second).toEqual(first);
    expect(third).toEqual(first);
  });

  it('gives every caller its own matches and params, shared by its matches as React Router’s are', () => {
    const original = matcher();
    const ranked = branches();
    type Match = { params: Record<string, string>; route: { id: string } };
    const first = keptRouteMatches(original, [[], '/products/7', '/', false, ranked]) as Match[];
    const second = keptRouteMatches(original, [[], '/products/7', '/', false, ranked]) as Match[];
    expect(second).not.toBe(first);
    expect(second[0]).not.toBe(first[0]);
    expect(second[0]!.params).not.toBe(first[0]!.params);
    expect(first[1]!.params).toBe(first[0]!.params);
    expect(second[1]!.route).toBe(first[1]!.route);
    first[0]!.params.id = 'changed';
    first.pop();
    const third = keptRouteMatches(original, [[], '/products/7', '/', false, ranked]) as Match[];
    expect(third).toHaveLength(2);
    expect(third[0]!.params).toEqual({ id: '7' });
  });

  it('keeps an address that matches nothing, and keeps the variants apart', () => {
    const original = matcher();
    const ranked = branches();
    expect(keptRouteMatches(original, [[], '/none', '/', false, ranked])).toBeNull();
    expect(keptRouteMatches(original, [[], '/none', '/', false, ranked])).toBeNull();
    keptRouteMatches(original, [[], '/none', '/', true, ranked]);
    keptRouteMatches(original, [[], '/none', '/shop', false, ranked]);
    keptRouteMatches(original, [[], '/none', '/', false, branches()]);
    expect(original).toHaveBeenCalledTimes(4);
  });

  it('matches without keeping when React Router ranks the routes itself', () => {
    const original = matcher();
    keptRouteMatches(original, [[], '/products/7', '/', false, undefined]);
    keptRouteMatches(original, [[], '/products/7', '/', false, undefined]);
    expect(original).toHaveBeenCalledTimes(2);
  });

  it('keeps a bounded number of addresses', () => {
    const original = matcher();
    const ranked = branches();
    for (let i = 0; i <= MAX_KEPT_MATCHES; i++)
      keptRouteMatches(original, [[], `/products/${i}`, '/', false, ranked]);
    expect(original).toHaveBeenCalledTimes(MAX_KEPT_MATCHES + 1);
    keptRouteMatches(original, [[], '/products/0', '/', false, ranked]);
    expect(original).toHaveBeenCalledTimes(MAX_KEPT_MATCHES + 2);
    keptRouteMatches(original, [[], `/products/${MAX_KEPT_MATCHES}`, '/', false, ranked]);
    expect(original).toHaveBeenCalledTimes(MAX_KEPT_MATCHES + 2);
  });
});

describe('requestWithoutIndex and requestWithoutRoutes', () => {
  const copy = () => vi.fn((request: Request) => request.clone());

  it('give a loader the page’s own request when its address has no such parameter', () => {
    const original = copy();
    const page = new Request('https://shop.test/en/products?page=2', {
      headers: { 'x-page-language': 'en' },
    });
    expect(requestWithoutIndex(original, [page])).toBe(page);
    expect(requestWithoutRoutes(original, [page])).toBe(page);
    const home = new Request('https://shop.test/#about?index');
    expect(requestWithoutIndex(original, [home])).toBe(home);
    expect(original).not.toHaveBeenCalled();
  });

  it('leave the copy to React Router when the parameter is there, however it is written', () => {
    const original = copy();
    requestWithoutIndex(original, [new Request('https://shop.test/products?index')]);
    requestWithoutIndex(original, [new Request('https://shop.test/products?%69ndex=1')]);
    requestWithoutRoutes(original, [new Request('https://shop.test/products.data?_routes=root')]);
    expect(original).toHaveBeenCalledTimes(3);
  });

  it('leave a request with a body (a form sent to an action) to React Router', () => {
    const original = copy();
    const form = new Request('https://shop.test/cart', { method: 'POST', body: 'quantity=2' });
    expect(requestWithoutIndex(original, [form])).not.toBe(form);
    expect(original).toHaveBeenCalledTimes(1);
  });
});
