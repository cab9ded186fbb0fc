import { pathInLanguage } from '@shop/shared';
import { expect, test, type Page } from '@playwright/test';
import { listProducts, productAttributes, useLanguage, waitForHydration, watchConsole } from './support';

/**
 * The installable app (docs/decisions/021): the manifest and
 * its icons, the install offer and its 7-day dismissal, the service worker's offline page and what
 * it never keeps. The other specs run without the service worker (playwright.config.ts).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const DISMISSED_KEY = 'install-prompt-dismissed-at';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

/** What Chromium sends when the shop can be installed: a fake with a counting prompt(). */
async function offerInstallation(page: Page, outcome: 'accepted' | 'dismissed' = 'accepted') {
  await page.evaluate((answer) => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    const calls = window as unknown as { installPromptCalls: number };
    calls.installPromptCalls = 0;
    Object.assign(event, {
      prompt: async () => {
        calls.installPromptCalls += 1;
      },
      userChoice: Promise.resolve({ outcome: answer, platform: 'web' }),
    });
    window.dispatchEvent(event);
  }, outcome);
  await nextFrames(page);
}

/** Two frames: React has rendered whatever an event changed before a test looks for absence. */
async function nextFrames(page: Page) {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** The shopper starts using the page (a key press): the offer waits for it (decision 023). */
async function startUsing(page: Page) {
  await page.keyboard.press('Shift');
  await nextFrames(page);
}

test.describe('web app manifest', () => {
  test('is linked from every page and describes the app in Arabic and English, with PNG icons', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
      'href',
      '/manifest.webmanifest',
    );
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
      'href',
      '/app-icons/apple-touch-icon.png',
    );

    const arabic = await request.get('/manifest.webmanifest');
    expect(arabic.headers()['content-type']).toContain('application/manifest+json');
    const app = await arabic.json();
    expect(app).toMatchObject({
      lang: 'ar',
      dir: 'rtl',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#115a41',
    });
    expect(app.name.length).toBeGreaterThan(0);
    const purposes = (app.icons as ManifestIcon[])
      .map((icon) => `${icon.sizes} ${icon.purpose}`)
      .sort();
    expect(purposes).toEqual([
      '192x192 any',
      '192x192 maskable',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of app.icons as ManifestIcon[]) {
      const reply = await request.get(icon.src);
      expect(reply.headers()['content-type'], icon.src).toBe('image/png');
      const side = Number(icon.sizes.split('x')[0]);
      expect(pngSize(await reply.body()), icon.src).toEqual([side, side]);
    }

    const english = await (await request.get('/manifest.webmanifest?lang=en')).json();
    expect(english).toMatchObject({ id: app.id, lang: 'en', dir: 'ltr' });
  });

  test('/favicon.ico is an icon, for whatever asks for it without reading the page', async ({
    request,
  }) => {
    const reply = await request.get('/favicon.ico');
    expect(reply.status()).toBe(200);
    expect(reply.headers()['content-type']).toBe('image/x-icon');
    expect(reply.headers()['cache-control']).toMatch(/^public, max-age=\d+/);
    const ico = await reply.body();
    // An ICO directory (reserved 0, type 1 = icon) of PNG images of the sizes it lists.
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const count = ico.readUInt16LE(4);
    expect(count).toBeGreaterThan(0);
    const sides: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const entry = 6 + 16 * index;
      const image = ico.subarray(
        ico.readUInt32LE(entry + 12),
        ico.readUInt32LE(entry + 12) + ico.readUInt32LE(entry + 8),
      );
      const [width, height] = pngSize(image);
      expect([width, height]).toEqual([
        ico.readUInt8(entry) || 256,
        ico.readUInt8(entry + 1) || 256,
      ]);
      sides.push(width);
    }
    expect(sides).toContain(32);
  });
});

test.describe('install prompt', () => {
  test('appears when the browser offers installation and Install opens its dialog @phone', async ({
    page,
  }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    await waitForHydration(page);
    const prompt = page.getByRole('region', { name: /ثبّت تطبيق/ });
    await expect(prompt).toHaveCount(0);
    // A first look at one page is not the moment to ask, even once the shopper uses it.
    await offerInstallation(page, 'accepted');
    await startUsing(page);
    await expect(prompt).toHaveCount(0);

    // A second page of the visit: the shopper has engaged.
    await page.goto('/products');
    await waitForHydration(page);
    await offerInstallation(page, 'accepted');
    // Not while the page is still loading and untouched: it would cover what the shopper came for.
    await expect(prompt).toHaveCount(0);
    await startUsing(page);
    await expect(prompt).toBeVisible();
    await expect(prompt.getByRole('heading')).toContainText('ثبّت تطبيق');
    // In the page's flow after the content, above the footer: it covers nothing.
    expect(await prompt.evaluate((element) => getComputedStyle(element).position)).toBe('static');
    const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
    const promptBox = await prompt.boundingBox();
    expect(promptBox!.y).toBeGreaterThanOrEqual(heading!.y + heading!.height);
    const install = prompt.getByRole('button', { name: 'تثبيت' });
    const box = await install.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await install.click();
    await expect
      .poll(() =>
        page.evaluate(
          () => (window as unknown as { installPromptCalls: number }).installPromptCalls,
        ),
      )
      .toBe(1);
    await expect(prompt).toHaveCount(0);
    // Installed, not dismissed: nothing is remembered against a future offer.
    expect(await page.evaluate((key) => localStorage.getItem(key), DISMISSED_KEY)).toBeNull();
    expect(problems).toEqual([]);
  });

  for (const lang of ['ar', 'en'] as const) {
    test(`"Not now" hides it for 7 days, across reloads (${lang}) @phone`, async ({
      page,
      context,
      baseURL,
    }) => {
      await useLanguage(context, baseURL!, lang);
      await page.goto(pathInLanguage('/', lang));
      await waitForHydration(page);
      await page.goto(pathInLanguage('/products', lang));
      await waitForHydration(page);
      await offerInstallation(page);
      await startUsing(page);
      const prompt = page.getByRole('region', {
        name: lang === 'ar' ? /ثبّت تطبيق .+/ : /Install the .+ app/,
      });
      await expect(prompt).toBeVisible();
      await prompt.getByRole('button', { name: lang === 'ar' ? 'ليس الآن' : 'Not now' }).click();
      await expect(prompt).toHaveCount(0);
      const dismissedAt = Number(
        await page.evaluate((key) => localStorage.getItem(key), DISMISSED_KEY),
      );
      expect(Math.abs(Date.now() - dismissedAt)).toBeLessThan(60_000);

      // The browser offers it again on the next visit: still hidden.
      await page.reload();
      await waitForHydration(page);
      await offerInstallation(page);
      await startUsing(page);
      await expect(page.locator('[data-install-prompt]')).toHaveCount(0);

      // Dismissed 6 days ago: hidden; 8 days ago: offered again.
      for (const [days, shown] of [
        [6, false],
        [8, true],
      ] as const) {
        const at = String(Date.now() - days * DAY_MS);
        await page.evaluate((stored) => localStorage.setItem(stored.key, stored.at), {
          key: DISMISSED_KEY,
          at,
        });
        await page.reload();
        await waitForHydration(page);
        await offerInstallation(page);
        await startUsing(page);
        await expect(page.locator('[data-install-prompt]')).toHaveCount(shown ? 1 : 0);
      }
    });
  }

  test('on iOS Safari, which has no install event, explains Add to Home Screen', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({
      baseURL,
      userAgent: IPHONE_SAFARI,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      await useLanguage(context, baseURL!, 'en');
      const page = await context.newPage();
      await page.goto('/en');
      await waitForHydration(page);
      await page.goto('/en/products');
      await waitForHydration(page);
      const prompt = page.getByRole('region', { name: /Add .+ to your Home Screen/ });
      await expect(prompt).toHaveCount(0);
      await page.evaluate(() => window.scrollBy(0, 40));
      await expect(prompt).toBeVisible();
      await expect(prompt).toContainText('Tap the Share button');
      await expect(prompt).toContainText('Add to Home Screen');
      await expect(prompt.getByRole('button', { name: 'Install' })).toHaveCount(0);
      await prompt.getByRole('button', { name: 'Not now' }).click();
      await expect(prompt).toHaveCount(0);
      await page.reload();
      await waitForHydration(page);
      await page.evaluate(() => window.scrollBy(0, 40));
      await nextFrames(page);
      await expect(page.locator('[data-install-prompt]')).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});

test.describe('install hint on an iPhone', () => {
  test('never covers the checkout title, the code check or the order confirmation, however engaged the shopper @phone', async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      userAgent: IPHONE_SAFARI,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      const page = await context.newPage();
      // Engaged: something in the cart (so the checkout shows its form) and two pages of the visit.
      const { products } = await listProducts(page.request, 'limit=100');
      let simple = null;
      for (const item of products.filter((product) => product.stock_quantity > 5)) {
        if ((await productAttributes(page.request, item.id)).length === 0) {
          simple = item;
          break;
        }
      }
      expect(simple, 'the demo store has a product without options').not.toBeNull();
      const added = await page.request.post('/api/cart/add', { data: { product_id: simple!.id, quantity: 1, selected_attributes: {} } });
      expect(added.ok()).toBe(true);
      await page.goto('/');
      await waitForHydration(page);
      await page.goto('/products');
      await waitForHydration(page);
      await page.evaluate(() => window.scrollBy(0, 40));
      const hint = page.locator('[data-install-prompt]');
      await expect(hint).toBeVisible();

      for (const path of ['/checkout', '/verify-code', '/track', '/payment-success', '/order-status/SB-0000000000']) {
        await page.goto(path);
        await waitForHydration(page);
        await page.evaluate(() => window.scrollBy(0, 40));
        await nextFrames(page);
        await expect(hint, path).toHaveCount(0);
        // Whatever the page's first heading is (a title, or "not found"), nothing lies over it.
        const heading = page.getByRole('heading', { level: 1 }).first();
        if (path === '/checkout') await expect(heading).toHaveText('إتمام الطلب');
        if ((await heading.count()) === 0) continue;
        await page.evaluate(() => window.scrollTo(0, 0));
        const box = (await heading.boundingBox())!;
        const onTop = await page.evaluate(
          ({ x, y }) => document.elementFromPoint(x, y)?.closest('h1') !== null,
          { x: box.x + box.width / 2, y: box.y + box.height / 2 },
        );
        expect(onTop, `${path}: the heading is what is shown at its centre`).toBe(true);
      }
    } finally {
      await context.close();
    }
  });
});

test.describe('service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  /** Waits until the shop's service worker controls the page (its precache is then complete). */
  async function controlledBy(page: Page) {
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
      timeout: 20_000,
    });
  }

  async function cachedUrls(page: Page): Promise<string[]> {
    return page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) {
          const url = new URL(request.url);
          urls.push(`${name} ${url.pathname}${url.search}`);
        }
      }
      return urls;
    });
  }

  test('shows the offline page in Arabic, then in English, for a page it cannot reach @phone', async ({
    page,
    context,
    baseURL,
  }) => {
    await page.goto('/');
    await controlledBy(page);
    // A public page seen online is kept; one never seen is not.
    await page.goto('/products');
    await expect(page.locator('h1')).toBeVisible();

    await context.setOffline(true);
    await page.goto('/categories');
    await expect(page.locator('[data-offline-page] h1')).toHaveText('أنت غير متصل بالإنترنت');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // The kept public page is offered from the offline page.
    await expect(page.locator('#saved a').first()).toBeVisible();
    const retry = page.getByRole('link', { name: 'إعادة المحاولة' });
    await expect(retry).toHaveAttribute('href', '');

    await useLanguage(context, baseURL!, 'en');
    await page.goto('/en/checkout');
    await expect(page.locator('[data-offline-page] h1')).toHaveText('You are offline');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('link', { name: 'Try again' })).toBeVisible();

    // The kept copy of a public page (visited online, in Arabic) is shown rather than the offline page.
    await page.goto('/products');
    await expect(page.locator('[data-offline-page]')).toHaveCount(0);
    await context.setOffline(false);
  });

  test('keeps the start pages as it installs: the app opened offline after the first visit shows the shop @phone', async ({
    page,
    context,
    request,
  }) => {
    // The start page of each language's app (the manifests'), with the language it shows.
    const starts = new Map<string, string>();
    for (const query of ['', '?lang=en']) {
      const app = (await (await request.get(`/manifest.webmanifest${query}`)).json()) as {
        start_url: string;
        lang: string;
      };
      if (!starts.has(app.start_url)) starts.set(app.start_url, app.lang);
    }
    // The first visit is to another page: the start pages were never opened in this browser.
    await page.goto('/products');
    await controlledBy(page);

    await context.setOffline(true);
    try {
      for (const [start, lang] of starts) {
        await page.goto(start);
        await expect(page.locator('[data-offline-page]'), start).toHaveCount(0);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.locator('main h1')).toBeVisible();
        await expect(page.locator('main a[href*="/products/"]').first()).toBeVisible();
      }
    } finally {
      await context.setOffline(false);
    }
  });

  test('never keeps personal pages, API replies or data requests', async ({ page }) => {
    await page.goto('/');
    await controlledBy(page);
    for (const path of ['/products', '/cart', '/profile', '/login', '/checkout']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    const urls = await cachedUrls(page);
    expect(urls.some((url) => url.endsWith(' /products'))).toBe(true);
    expect(urls.some((url) => url.includes(' /offline?lang=ar'))).toBe(true);
    expect(urls.some((url) => url.includes(' /offline?lang=en'))).toBe(true);
    const personal = urls.filter((url) =>
      / \/(api|cart|checkout|profile|login|order-status|admin)\b|\.data(\?|$)/.test(url),
    );
    expect(personal).toEqual([]);
    // No back-office code in the shopper's install.
    expect(urls.filter((url) => /admin|recharts/i.test(url))).toEqual([]);
  });
});
