import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathInLanguage } from '@shop/shared';
import type { TestContext } from '../../test-support/test-app.js';
import { createProduct, createSlide } from '../seed/factories.js';
import { createTestWebApp, webRoot } from '../../test-support/web-app.js';


/** A page's HTML stays under this many bytes when it carries only its own messages. */
const NOT_FOUND_PAGE_BUDGET = 35_000;

let ctx: TestContext;
let productId: number;
beforeAll(async () => {
  ctx = await createTestWebApp();
  const product = await createProduct(ctx.database.db, { name: 'سبحة يسر للسرعة' }, { images: ['speed-main.webp', 'speed-second.webp'] });
  productId = product.id;
  await createSlide(ctx.database.db, { image: 'speed-slide.webp', sort_order: 0 });
  await createSlide(ctx.database.db, { image: 'speed-slide-2.webp', sort_order: 1 });
});
afterAll(async () => {
  await ctx.close();
});

async function page(url: string, lang: 'ar' | 'en' = 'ar') {
  const response = await ctx.app.inject({ url: pathInLanguage(url, lang) });
  return { status: response.statusCode, html: response.body, bytes: Buffer.byteLength(response.body) };
}

/** The <link rel="preload" as="image"> tags of a page, with their attributes. */
function imagePreloads(html: string): string[] {
  return (html.match(/<link[^>]*rel="preload"[^>]*>/g) ?? []).filter((tag) => tag.includes('as="image"'));
}

function imgTags(html: string, src: string): string[] {
  return (html.match(/<img[^>]*>/g) ?? []).filter((tag) => tag.includes(`src="${src}"`));
}

describe('messages sent with a page (decision 022)', () => {
  it.each(['ar', 'en'] as const)('the %s 404 page stays under its budget and carries no screen catalogue', async (lang) => {
    const { status, html, bytes } = await page('/no/such/page', lang);
    expect(status).toBe(404);
    expect(bytes).toBeLessThan(NOT_FOUND_PAGE_BUDGET);
    // The shell's namespaces travel; the catalogue, cart, checkout and account screens' do not.
    expect(html).toContain('common.skip_to_content');
    for (const namespace of ['catalog', 'cart', 'checkout', 'account', 'pages', 'admin']) {
      expect(html, namespace).not.toMatch(new RegExp(`\\\\?"${namespace}\\.[a-z_]+`));
    }
  });

  it('a product page carries the catalogue and cart messages, and not the checkout or account ones', async () => {
    const { status, html } = await page(`/products/${productId}`, 'en');
    expect(status).toBe(200);
    expect(html).toMatch(/"catalog\.[a-z_.]+/);
    expect(html).toMatch(/"cart\.[a-z_.]+/);
    expect(html).not.toMatch(/"checkout\.[a-z_.]+/);
    expect(html).not.toMatch(/"account\.[a-z_.]+/);
  });
});

describe('images and fonts asked for first', () => {
  it("the product page preloads its main image at high priority, with the img's srcset and sizes", async () => {
    const { html } = await page(`/products/${productId}`);
    const main = imgTags(html, '/uploads/products/speed-main.webp')[0];
    expect(main).toBeDefined();
    for (const attribute of ['width="960"', 'height="960"', 'srcSet="', 'sizes="', 'fetchPriority="high"']) {
      expect(main, attribute).toContain(attribute);
    }
    const preload = imagePreloads(html).find((tag) => tag.includes('speed-main-320.webp'));
    expect(preload).toBeDefined();
    expect(preload).toMatch(/imageSrcSet="[^"]*speed-main-640\.webp 640w/);
    expect(preload).toMatch(/imageSizes="[^"]+"/);
    expect(preload).toMatch(/fetchPriority="high"/);
    // The preload comes in the <head>, before the page's body.
    expect(html.indexOf(preload!)).toBeLessThan(html.indexOf('<body'));
    // The second picture is a thumbnail: it waits until it is near the screen.
    const thumbnail = imgTags(html, '/uploads/products/speed-second.webp')[0];
    expect(thumbnail).toContain('loading="lazy"');
    expect(imagePreloads(html).some((tag) => tag.includes('speed-second'))).toBe(false);
  });

  it('the home page preloads the first slide at high priority and no other slide', async () => {
    const { html } = await page('/');
    const preloads = imagePreloads(html);
    const first = preloads.find((tag) => tag.includes('speed-slide-320.webp'));
    expect(first).toBeDefined();
    expect(first).toMatch(/fetchPriority="high"/);
    expect(first).toMatch(/imageSizes="[^"]+"/);
    expect(preloads.some((tag) => tag.includes('speed-slide-2'))).toBe(false);
    const slide = imgTags(html, '/uploads/slider/speed-slide.webp')[0];
    for (const attribute of ['width="', 'height="', 'srcSet="', 'sizes="']) expect(slide, attribute).toContain(attribute);
  });

  it("the product list's card images carry width, height, srcset and sizes", async () => {
    const { html } = await page('/products');
    const card = imgTags(html, '/uploads/products/speed-main.webp')[0];
    expect(card).toBeDefined();
    for (const attribute of ['width="960"', 'height="960"', 'srcSet="', 'sizes="(min-width: 1024px)', 'decoding="async"']) {
      expect(card, attribute).toContain(attribute);
    }
  });

  it('asks for no script in the head: the modules start once the first screen is painted (decision 030)', async () => {
    const { html } = await page('/products');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<link rel="preload" href="[^"]+\.css" as="style"/);
    expect(head).not.toContain('modulepreload');
    expect(html).not.toMatch(/<script[^>]* type="module"/);
    // React Router's module script is inert, and the classic script right after it starts it.
    const inert = /<script nonce="([^"]+)" type="text\/x-module">([^<]*)<\/script><script nonce="([^"]+)">/.exec(html);
    expect(inert).not.toBeNull();
    expect(inert![2]).toContain('import("/assets/entry.client-');
    expect(inert![3]).toBe(inert![1]);
  });

  it.each([
    ['ar', 'arabic'],
    ['en', 'latin'],
  ] as const)('a %s page preloads the %s text and heading fonts (WOFF2) that its stylesheet uses', async (lang, subset) => {
    const { html } = await page('/products', lang);
    const fonts = html.match(/<link[^>]*as="font"[^>]*>/g) ?? [];
    const hrefs = fonts.map((font) => /href="([^"]+)"/.exec(font)![1]!);
    expect(hrefs).toHaveLength(2);
    expect(hrefs[0]).toMatch(new RegExp(`ibm-plex-sans-arabic-${subset}-400-normal[^/]*\\.woff2$`));
    expect(hrefs[1]).toMatch(new RegExp(`ibm-plex-sans-arabic-${subset}-600-normal[^/]*\\.woff2$`));
    for (const font of fonts) expect(font).toContain('crossorigin');
    // The same files are the ones the stylesheet's @font-face rules ask for, so the preloads are used.
    const stylesheet = /<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/.exec(html)![1]!;
    const css = fs.readFileSync(path.join(webRoot, 'build', 'client', stylesheet), 'utf8');
    for (const href of hrefs) expect(css).toContain(href);
    expect(css).not.toContain('.woff)');
  });
});

describe('the scripts a storefront page asks for (decision 023)', () => {
  /** The script modules a page preloads once it starts them (decision 030), as files of the browser build. */
  function preloadedScripts(html: string): string[] {
    const list = /for\(const href of (\[[^\]]*\])\)/.exec(html);
    expect(list).not.toBeNull();
    return JSON.parse(list![1]!) as string[];
  }

  it.each(['/', '/products', `/products/:id`, '/cart', '/checkout'])(
    '%s preloads a handful of chunks, none of them with back-office code',
    async (route) => {
      const { html } = await page(route.replace(':id', String(productId)));
      const scripts = preloadedScripts(html);
      // The framework, the shell, the shared storefront code, the page's own modules: at most
      // 12 (the bundler's automatic splitting made ~30).
      expect(scripts.length).toBeGreaterThan(2);
      expect(scripts.length).toBeLessThanOrEqual(12);
      expect(scripts.some((file) => /\/framework-[\w-]+\.js$/.test(file))).toBe(true);
      expect(scripts.some((file) => /\/shell-[\w-]+\.js$/.test(file))).toBe(true);
      // None is asked for before the first screen is painted.
      expect(html).not.toContain('<link rel="modulepreload"');
      // The route manifest comes with the page (decision 067): every route's address and files,
      // the back office's among them, and no code.
      const manifest = scripts.filter((file) => /\/manifest-[\w-]+\.js$/.test(file));
      expect(manifest).toHaveLength(1);
      const routes = fs.readFileSync(path.join(webRoot, 'build', 'client', manifest[0]!), 'utf8');
      expect(routes).toMatch(/^window\.__reactRouterManifest=\{.*\};$/s);
      for (const file of scripts.filter((script) => !manifest.includes(script))) {
        const code = fs.readFileSync(path.join(webRoot, 'build', 'client', file), 'utf8');
        // Every back-office screen's texts are keyed admin.* or admin-*.
        expect(code, file).not.toMatch(/["'`]admin[.-][a-z]/);
      }
    },
  );
});
