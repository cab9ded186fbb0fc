import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import type {
  AuthResponse,
  CategoryListResponse,
  CityListResponse,
  Order,
  OrderResponse,
  ProductAttributesResponse,
  ProductListResponse,
  SettingsResponse,
} from '@shop/shared';

/** Reads the API the pages are built from, so expectations follow the demo data. */
export async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`/api${path}`);
  expect(response.ok(), `GET /api${path}`).toBe(true);
  return (await response.json()) as T;
}

export const getSettings = async (request: APIRequestContext) =>
  (await api<SettingsResponse>(request, '/settings')).settings;

export const listProducts = (request: APIRequestContext, query: string) =>
  api<ProductListResponse>(request, `/products?${query}`);

export const listCategories = (request: APIRequestContext) =>
  api<CategoryListResponse>(request, '/categories');

export const productAttributes = async (request: APIRequestContext, id: number) =>
  (await api<ProductAttributesResponse>(request, `/products/${id}/attributes`)).attributes;

/** Chooses the language the way a returning shopper has it: the lang cookie. */
export async function useLanguage(context: BrowserContext, baseURL: string, lang: 'ar' | 'en') {
  await context.addCookies([{ name: 'lang', value: lang, url: baseURL }]);
}

export async function expectDocumentLanguage(page: Page, lang: 'ar' | 'en') {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
  expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe(
    lang === 'ar' ? 'rtl' : 'ltr',
  );
}

/** Fails the test on any console error or uncaught exception in the page (hydration included). */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    // The browser warns, page after page, of a Permissions-Policy feature it does not know.
    if (message.type() === 'warning' && /Permissions-Policy/.test(message.text())) {
      problems.push(message.text());
      return;
    }
    if (message.type() !== 'error') return;
    // A 404 status answered on purpose is reported by Chromium as a failed resource load.
    if (/status of 404/.test(message.text())) return;
    problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/**
 * Waits until React has hydrated the page, so clicks reach their handlers. React marks the
 * document as its container when hydration starts, and hydrates in slices after that: a form
 * submitted in between was sent by the browser itself (a page load, not the app's request). The
 * root's state says whether the hydration was committed.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const key = Object.keys(document).find((name) => name.startsWith('__reactContainer'));
    if (!key) return false;
    // React's own fields, read only here: the HostRoot fiber, its FiberRoot and the committed state.
    const fiber = (
      document as unknown as Record<
        string,
        { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } }
      >
    )[key];
    return fiber?.stateNode?.current?.memoizedState?.isDehydrated === false;
  });
}

/** The demo administrator of the e2e server (scripts/e2e-server.mjs sets its password). */
/** The checkout form's field labels, as a shopper reads them in each language. */
export const CHECKOUT_FIELDS = {
  ar: {
    name: 'الاسم الكامل',
    email: 'البريد الإلكتروني',
    phone: 'رقم الهاتف',
    country: 'الدولة',
    governorate: 'المحافظة',
    city: 'المدينة / المنطقة',
    address: 'العنوان',
  },
  en: {
    name: 'Full name',
    email: 'Email',
    phone: 'Phone',
    country: 'Country',
    governorate: 'Governorate',
    city: 'City / area',
    address: 'Address',
  },
} as const;

export const DEMO_ADMIN = { email: 'admin@demo.subha.shop', password: 'e2e-Admin-Pass-1' } as const;

/** A different client address per simulated visitor, so per-IP limits stay out of the way. */
export function visitorAddress(): string {
  const part = () => 1 + Math.floor(Math.random() * 250);
  return `10.${part()}.${part()}.${part()}`;
}

/** Logs in through the API as a visitor of its own (per-IP limits stay out of the way): the token. */
export async function logIn(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/auth/login', {
    headers: { 'x-forwarded-for': visitorAddress() },
    data: { email, password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as AuthResponse).token;
}

/** Every page of this browser context or page (new tabs too, for a context) starts signed in. */
export async function signInWith(target: BrowserContext | Page, token: string): Promise<void> {
  await target.addInitScript((value) => window.localStorage.setItem('token', value), token);
}

/** The demo administrator's token, for a test's back-office API calls. */
export const adminToken = (request: APIRequestContext): Promise<string> =>
  logIn(request, DEMO_ADMIN.email, DEMO_ADMIN.password);

/** Signs the page in as the demo administrator; the token, for the API calls a test makes. */
export async function signInAsAdmin(page: Page): Promise<string> {
  const token = await adminToken(page.request);
  await signInWith(page, token);
  return token;
}

const menuToggleName = /^(القائمة|Menu)$/;

/** The phone header's menu toggle (the header also has a search toggle on a phone). */
export const phoneMenuToggle = (page: Page) =>
  page.locator('header summary').filter({ hasText: menuToggleName });

/** The phone header's menu (the disclosure the menu toggle opens). */
export const phoneMenu = (page: Page) =>
  page
    .locator('header details')
    .filter({ has: page.locator('summary').filter({ hasText: menuToggleName }) });

/**
 * Holds the page's requests to `url` until the returned function is called, and lets every one
 * through after: a state that lasts while a request is out is seen however slow the machine.
 */
export function holdUntilReleased(page: Page, url: Parameters<Page['route']>[0]): () => Promise<void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const routed = page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return async () => {
    await routed;
    release();
  };
}

/**
 * A guest's cash-on-delivery order, placed through the API, of two units of an in-stock product
 * without options (the back-office journeys that need an order to work on).
 */
export async function placeGuestOrder(request: APIRequestContext, name: string, extra: { notes?: string } = {}): Promise<Order> {
  const { cities } = await api<CityListResponse>(request, '/locations/cities');
  const city = cities.find((one) => one.governorate_id !== null)!;
  const { products } = await listProducts(request, 'limit=100');
  let productId: number | null = null;
  for (const product of products.filter((item) => item.in_stock && item.stock_quantity >= 5)) {
    if ((await productAttributes(request, product.id)).length === 0) {
      productId = product.id;
      break;
    }
  }
  expect(productId, 'an in-stock product without options').not.toBeNull();
  const digits = String(Math.floor(10_000_000 + Math.random() * 89_999_999));
  const response = await request.post('/api/orders', {
    headers: { 'x-forwarded-for': visitorAddress() },
    data: {
      name,
      email: `${name.replace(/\W+/g, '').toLowerCase()}@example.com`,
      phone: `+965 ${digits.slice(0, 4)} ${digits.slice(4)}`,
      shipping_address: 'Block 4, Street 2, House 9',
      country_id: city.country_id,
      governorate_id: city.governorate_id,
      city_id: city.id,
      payment_method: 'cash_on_delivery',
      ...extra,
      items: [{ product_id: productId, quantity: 2, selected_attributes: {} }],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as OrderResponse).order;
}

/** Whether the process `pid` still runs (signal 0 checks without signalling). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid written into a lock by the worker that holds it, or null while it is being written. */
function lockHolder(lock: string): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(lock, 'holder'), 'utf8'));
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** A lock whose holder has ended, or that no holder finished taking (ended between its two steps). */
function isStale(lock: string, holder: number | null): boolean {
  if (holder !== null) return !isRunning(holder);
  const stat = fs.statSync(lock, { throwIfNoEntry: false });
  return stat !== undefined && Date.now() - stat.mtimeMs > 10_000;
}

/**
 * Removes `lock` if `deadHolder` still holds it. Two waiters may find the same dead holder: the
 * removal is done under a second lock, and only after reading the holder again, so a waiter never
 * removes the lock that the other has just taken. (All of it is synchronous: no await in between.)
 */
function breakStaleLock(lock: string, deadHolder: number | null): boolean {
  const breaking = `${lock}.breaking`;
  try {
    fs.mkdirSync(breaking);
  } catch {
    // Left by a process that ended inside this function: nothing takes a second there.
    const stat = fs.statSync(breaking, { throwIfNoEntry: false });
    if (stat && Date.now() - stat.mtimeMs > 10_000)
      fs.rmSync(breaking, { recursive: true, force: true });
    return false;
  }
  try {
    if (lockHolder(lock) !== deadHolder) return false;
    fs.rmSync(lock, { recursive: true, force: true });
    return true;
  } finally {
    fs.rmSync(breaking, { recursive: true, force: true });
  }
}

const locksHeld = new Set<string>();
// Playwright ends a worker whose test failed, sometimes before that test's `finally` has run:
// the lock goes with the process.
process.once('exit', () => {
  for (const lock of locksHeld) fs.rmSync(lock, { recursive: true, force: true });
});

/**
 * Runs `work` while any other run of the same `name` waits: for journeys that change what the
 * whole shop shows (its settings, its pages), which the other project's run of the same file would
 * otherwise change under it. A directory is the lock (mkdir is atomic); the holder's pid is written
 * in it, and a lock whose holder has gone (a worker ended mid-test) is taken over rather than
 * waited for until every later journey times out.
 */
export async function inTurn<T>(
  baseURL: string,
  name: string,
  work: () => Promise<T>,
  { waitMs = 150_000 }: { waitMs?: number } = {},
): Promise<T> {
  // Named after this run's server, so a killed earlier run's lock is never waited for.
  const lock = path.join(os.tmpdir(), `shop-e2e-${name}-lock-${new URL(baseURL).port}`);
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = lockHolder(lock);
      if (isStale(lock, holder) && breakStaleLock(lock, holder)) continue;
      if (Date.now() > deadline)
        throw new Error(
          `the ${name} turn is still held by process ${holder ?? '(starting)'} after ${waitMs} ms`,
          { cause: error },
        );
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  fs.writeFileSync(path.join(lock, 'holder'), String(process.pid));
  locksHeld.add(lock);
  try {
    return await work();
  } finally {
    locksHeld.delete(lock);
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
