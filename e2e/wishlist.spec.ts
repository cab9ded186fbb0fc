import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { pathInLanguage, type AuthResponse, type ProductListResponse, type WishlistIdsResponse } from '@shop/shared';
import { uniqueEmail } from './mailbox';
import { api, signInWith, useLanguage, visitorAddress, waitForHydration, watchConsole } from './support';

/**
 * The wishlist (issue 33, item 3): hearts on cards and on the product page, filled in by the
 * browser; a guest's list joins the account's at login (on a phone, in Arabic and in English); the
 * wishlist page lists, adds to the cart and removes (on a laptop, in English).
 */

const PASSWORD = 'wish-list-1';

/** A new account (through its own request context, so the browser stays a guest): its e-mail and token. */
async function newAccount(request: APIRequestContext, name: string) {
  const email = uniqueEmail('wishlist');
  const response = await request.post('/api/auth/register', {
    headers: { 'x-forwarded-for': visitorAddress() },
    data: { name, email, password: PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { email, token: ((await response.json()) as AuthResponse).token };
}

/** The id in a product card's link. */
async function cardProductId(card: Locator): Promise<number> {
  const href = await card.getByRole('heading').getByRole('link').getAttribute('href');
  return Number(/\/products\/(\d+)$/.exec(href ?? '')?.[1]);
}

/** The visible texts of the phone's journey (common, wishlist and account catalogues). */
const say = {
  ar: {
    addHeart: /إلى المفضلة$/,
    removeHeart: /من المفضلة$/,
    added: 'أضيف المنتج إلى المفضلة',
    headerTwo: 'المفضلة، منتجان',
    headerThree: 'المفضلة، 3 منتجات',
    login: 'تسجيل الدخول',
    title: 'المفضلة',
  },
  en: {
    addHeart: /^Add .* to wishlist$/,
    removeHeart: /^Remove .* from wishlist$/,
    added: 'Added to your wishlist',
    headerTwo: 'Wishlist, 2 products',
    headerThree: 'Wishlist, 3 products',
    login: 'Login',
    title: 'Wishlist',
  },
} as const;

for (const lang of ['ar', 'en'] as const) {
  test(`a guest hearts two products on a phone (${lang}), logs in and finds them with the account's earlier one @phone`, async ({
    page,
    context,
    baseURL,
    request,
  }, testInfo) => {
    // The laptop's English journey is the next test; this one is the phone's, in both languages.
    test.skip(testInfo.project.name !== 'phone', 'phone only');
    const text = say[lang];
    const errors = watchConsole(page);
    await useLanguage(context, baseURL!, lang);
    // The account already keeps one product: the shop's oldest, which the newest-first list does not start with.
    const account = await newAccount(request, 'Wishlist Phone');
    const [earlier] = (await api<ProductListResponse>(request, '/products?sort=created_at&order=asc&limit=1')).products;
    const kept = await request.post('/api/wishlist', {
      headers: { authorization: `Bearer ${account.token}`, 'x-forwarded-for': visitorAddress() },
      data: { product_id: earlier!.id },
    });
    expect(kept.status()).toBe(200);

    await page.goto(pathInLanguage('/products', lang));
    await waitForHydration(page);
    const cards = page.getByRole('main').locator('article');
    await expect(cards.first()).toBeVisible();
    const hearted: number[] = [];
    for (let index = 0; hearted.length < 2; index += 1) {
      const card = cards.nth(index);
      const id = await cardProductId(card);
      if (id === earlier!.id) continue;
      const heart = card.getByRole('button', { name: text.addHeart });
      await expect(heart).toHaveAttribute('aria-pressed', 'false');
      // A finger's size.
      const box = (await heart.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
      await heart.click();
      await expect(card.getByRole('button', { name: text.removeHeart })).toHaveAttribute('aria-pressed', 'true');
      hearted.push(id);
    }
    await expect(page.getByTestId('toast-viewport')).toContainText(text.added);
    await expect(page.locator('header').getByRole('link', { name: text.headerTwo })).toBeVisible();

    // The page itself stays the same for everyone: the server sent every heart empty.
    const shared = await (await page.request.get(pathInLanguage('/products', lang))).text();
    expect(shared).not.toContain('aria-pressed="true"');

    await page.goto(pathInLanguage(`/login?returnTo=${encodeURIComponent('/wishlist')}`, lang));
    await waitForHydration(page);
    await page.locator('#login-email').fill(account.email);
    await page.locator('#login-password').fill(PASSWORD);
    await page.getByRole('button', { name: text.login, exact: true }).click();
    await expect(page).toHaveURL(lang === 'en' ? /\/en\/wishlist$/ : /\/wishlist$/);
    await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
    const listed = page.getByRole('main').locator('article');
    await expect(listed).toHaveCount(3);
    const ids = await Promise.all([0, 1, 2].map((index) => cardProductId(listed.nth(index))));
    expect(ids.sort()).toEqual([earlier!.id, ...hearted].sort());
    await expect(page.locator('header').getByRole('link', { name: text.headerThree })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

    // Kept with the account, and the browser's guest cookie is gone.
    const stored = await request.get('/api/wishlist/ids', { headers: { authorization: `Bearer ${account.token}` } });
    expect(((await stored.json()) as WishlistIdsResponse).product_ids.sort()).toEqual([earlier!.id, ...hearted].sort());
    expect((await context.cookies()).some((cookie) => /wishlist/.test(cookie.name))).toBe(false);
    expect(errors).toEqual([]);
  });
}

test('adds from the product page and removes from the wishlist page on a laptop in English', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  const errors = watchConsole(page);
  await useLanguage(context, baseURL!, 'en');
  const account = await newAccount(request, 'Wishlist Laptop');
  await signInWith(page, account.token);
  const [product] = (await api<ProductListResponse>(request, '/products?limit=1')).products;
  const name = product!.name_en ?? product!.name;

  await page.goto(pathInLanguage(`/products/${product!.id}`, 'en'));
  await waitForHydration(page);
  const add = page.getByRole('main').getByRole('button', { name: 'Add to wishlist', exact: true });
  await expect(add).toHaveAttribute('aria-pressed', 'false');
  await add.click();
  const remove = page.getByRole('main').getByRole('button', { name: 'Remove from wishlist', exact: true });
  await expect(remove).toHaveAttribute('aria-pressed', 'true');
  const toast = page.getByTestId('toast-viewport');
  await expect(toast).toContainText('Added to your wishlist');
  await expect(page.locator('header').getByRole('link', { name: 'Wishlist, 1 product' })).toBeVisible();
  await toast.getByRole('link', { name: 'View wishlist' }).click();

  await expect(page).toHaveURL(/\/en\/wishlist$/);
  const card = page.getByRole('main').locator('article');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading', { name })).toBeVisible();
  await expect(card.getByRole('button', { name: new RegExp(`^Add .* to cart$|is sold out$`) })).toBeVisible();
  await page.getByRole('button', { name: `Remove ${name} from wishlist` }).click();
  await expect(toast).toContainText('Removed from your wishlist');
  await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
  await expect(page.locator('header').getByRole('link', { name: 'Wishlist, no products' })).toBeVisible();

  // The server forgot it too.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
  expect(errors).toEqual([]);
});
