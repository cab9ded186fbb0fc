import { expect, test, type Locator, type Page } from '@playwright/test';
import { pathInLanguage, type ProductAttribute, type SlideListResponse } from '@shop/shared';
import { productListCount } from './counted';
import { api, listProducts, productAttributes, waitForHydration, watchConsole } from './support';

/**
 * Counted nouns agree with their number in both languages, values of
 * the other direction are isolated, and the home slider's artwork mirrors with the language so its
 * caption never sits on the product.
 */

const cartLink = (page: Page) => page.locator('header a[href="/cart"], header a[href="/en/cart"]').first();

/** An in-stock product with attributes and its first choice of each (by attribute id). */
async function productWithOptions(page: Page) {
  const { products } = await listProducts(page.request, 'limit=100');
  for (const product of products.filter((item) => item.stock_quantity > 5)) {
    const attributes = await productAttributes(page.request, product.id);
    if (attributes.length > 0) return { product, attributes };
  }
  throw new Error('The demo store has no product with attributes');
}

async function addToCart(page: Page, productId: number, attributes: readonly ProductAttribute[] = []) {
  const selected = Object.fromEntries(attributes.map((attribute) => [String(attribute.id), attribute.variations[0]!.id]));
  const added = await page.request.post('/api/cart/add', {
    data: { product_id: productId, quantity: 1, selected_attributes: selected },
  });
  expect(added.ok()).toBe(true);
}

test.describe('counted nouns', () => {
  test('the header cart label agrees with the number of pieces, in Arabic and English @phone', async ({ page }) => {
    const problems = watchConsole(page);
    const { products } = await listProducts(page.request, 'limit=100');
    const simple = products.find((item) => item.in_stock && item.stock_quantity > 5)!;
    const simpleAttributes = await productAttributes(page.request, simple.id);
    await addToCart(page, simple.id, simpleAttributes);

    await page.goto('/products');
    await waitForHydration(page);
    await expect(cartLink(page)).toHaveAttribute('aria-label', 'السلة، منتج واحد');

    await addToCart(page, simple.id, simpleAttributes);
    await page.reload();
    await expect(cartLink(page)).toHaveAttribute('aria-label', 'السلة، منتجان');

    await page.goto('/en/products');
    await expect(cartLink(page)).toHaveAttribute('aria-label', 'Cart, 2 items');
    expect((await page.request.delete('/api/cart/clear')).ok()).toBe(true);
    await addToCart(page, simple.id, simpleAttributes);
    await page.reload();
    await expect(cartLink(page)).toHaveAttribute('aria-label', 'Cart, 1 item');
    expect(problems).toEqual([]);
  });

  test('the product list counts its products with the right noun form in both languages', async ({ page }) => {
    const problems = watchConsole(page);
    const { pagination } = await listProducts(page.request, 'page=1&limit=12');
    expect(pagination.total).toBeGreaterThan(12);
    await page.goto('/products');
    await expect(page.getByText(productListCount('ar', 1, 12, pagination.total), { exact: true })).toBeVisible();

    await page.goto('/en/products');
    await expect(page.getByText(productListCount('en', 1, 12, pagination.total), { exact: true })).toBeVisible();
    expect(problems).toEqual([]);
  });
});

test.describe('mixed direction', () => {
  test('an English cart line isolates each "attribute: value" part @phone', async ({ page }) => {
    const problems = watchConsole(page);
    const { product, attributes } = await productWithOptions(page);
    await addToCart(page, product.id, attributes);

    await page.goto('/en/cart');
    await waitForHydration(page);
    const options = page.getByRole('main').locator('dl[aria-label]').first();
    await expect(options).toBeVisible();
    const pairs = options.locator(':scope > div');
    await expect(pairs).toHaveCount(attributes.length);
    for (let index = 0; index < attributes.length; index += 1) {
      const pair = pairs.nth(index);
      const name = pair.locator('dt bdi');
      const value = pair.locator('dd bdi');
      await expect(name).toHaveCount(1);
      await expect(value).toHaveCount(1);
      // The English names of the attribute and its chosen value (the Arabic where the shop wrote
      // none), each part its own bidi isolate, so an Arabic name or value cannot swap places with
      // the colon in this English line.
      const attribute = attributes[index]!;
      const choice = attribute.variations[0]!;
      await expect(name).toHaveText(attribute.name_en || attribute.name);
      await expect(value).toHaveText(choice.title_en || choice.title);
      for (const part of [name, value]) {
        expect(await part.evaluate((element) => getComputedStyle(element).unicodeBidi)).toBe('isolate');
      }
      const shown = (await pair.innerText()).replace(/\s+/g, ' ').trim();
      expect(shown).toBe(`${(await name.innerText()).trim()}: ${(await value.innerText()).trim()}`);
      // Reading order is left to right: the name starts left of the value.
      const nameBox = (await name.boundingBox())!;
      const valueBox = (await value.boundingBox())!;
      expect(nameBox.x).toBeLessThan(valueBox.x);
    }
    expect(problems).toEqual([]);
  });
});

/** The active slide's picture and the boxes of its caption's texts. */
async function activeSlide(page: Page) {
  const slide = page.locator('section [role="group"][aria-hidden="false"]').first();
  await expect(slide).toBeVisible();
  const image = slide.locator('img');
  const captionParts: Locator[] = [slide.locator('p').first(), slide.locator('p').nth(1), slide.getByRole('link')];
  const boxes = [];
  for (const part of captionParts) if ((await part.count()) > 0) boxes.push((await part.boundingBox())!);
  const style = await image.evaluate((element) => {
    const computed = getComputedStyle(element);
    return { transform: computed.transform, scale: computed.scale, objectPosition: computed.objectPosition };
  });
  return { image: (await image.boundingBox())!, captions: boxes, ...style };
}

/** The demo banners are drawn for Arabic: the product in the left 6–40 % of the picture. */
const PRODUCT_LEFT = 0.06;
const PRODUCT_RIGHT = 0.4;
/** Flipped left to right, by a transform or by the scale property (Tailwind's -scale-x-100). */
const mirrored = ({ transform, scale }: { transform: string; scale: string }) =>
  /^matrix\(-1, 0, 0, 1, /.test(transform) || /^-1(\s|$)/.test(scale);

test.describe('home slider', () => {
  test('the artwork mirrors with the language and the caption keeps off the product @phone', async ({ page }) => {
    const problems = watchConsole(page);
    const { slides } = await api<SlideListResponse>(page.request, '/slider');
    test.skip(slides.length === 0, 'the demo store has no slides');
    const wide = (page.viewportSize()?.width ?? 0) >= 640;
    // Reduced motion starts the slider paused (and without a fade): the first slide stays.
    await page.emulateMedia({ reducedMotion: 'reduce' });

    for (const lang of ['ar', 'en'] as const) {
      await page.goto(pathInLanguage('/', lang));
      await waitForHydration(page);
      const shown = await activeSlide(page);
      expect(mirrored(shown), `${lang}: mirrored`).toBe(lang === 'en');

      if (wide) {
        // The whole 8:3 picture shows; the product is on the left in Arabic, on the right (mirrored)
        // in English, and every caption text stays on the other side.
        const productStart = shown.image.x + shown.image.width * (lang === 'ar' ? PRODUCT_LEFT : 1 - PRODUCT_RIGHT);
        const productEnd = shown.image.x + shown.image.width * (lang === 'ar' ? PRODUCT_RIGHT : 1 - PRODUCT_LEFT);
        for (const box of shown.captions) {
          const overlaps = box.x < productEnd && box.x + box.width > productStart;
          expect(overlaps, `${lang}: caption ${JSON.stringify(box)} over the product ${productStart}–${productEnd}`).toBe(false);
        }
      } else {
        // A phone crops the picture to its left part (the product's side, before mirroring): the
        // visible share of the picture's width must hold the whole product.
        expect(shown.objectPosition.startsWith('0%')).toBe(true);
        const visibleShare = shown.image.width / shown.image.height / (960 / 360);
        expect(visibleShare).toBeGreaterThanOrEqual(PRODUCT_RIGHT);
      }
    }
    expect(problems).toEqual([]);
  });
});
