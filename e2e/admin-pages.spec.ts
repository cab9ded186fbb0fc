import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { AdminContentPage, AdminStorefrontLayout } from '@shop/shared';
import { inTurn, signInAsAdmin, useLanguage, waitForHydration } from './support';

/**
 * The owner edits the storefront's content in the back office's Pages tab (docs/decisions/058):
 * the return policy's English title and a paragraph, the home page's sections and the footer's
 * links; the storefront shows each at once. The desktop project works in Arabic, the phone one in
 * English. Both change the same shop-wide content, so they take turns (a lock), and each puts the
 * content back as it found it.
 */

const WORDS = {
  ar: {
    returnPolicy: 'سياسة الإرجاع',
    layout: 'التذييل والصفحة الرئيسية',
    titleEn: 'العنوان (الإنجليزية)',
    bodyEn: 'النص (الإنجليزية)',
    save: 'حفظ',
    pageSaved: 'تم حفظ صفحة «سياسة الإرجاع»',
    latestShown: 'ظاهر: أحدث المنتجات',
    addLink: 'إضافة رابط',
    labelAr: 'النص (بالعربية)',
    labelEn: 'النص (بالإنجليزية)',
    href: 'العنوان',
    layoutSaved: 'تم حفظ التذييل والصفحة الرئيسية',
    linkN: (number: number) => `الرابط ${number}`,
  },
  en: {
    returnPolicy: 'Return policy',
    layout: 'Footer and home page',
    titleEn: 'Title (English)',
    bodyEn: 'Text (English)',
    save: 'Save',
    pageSaved: 'The page “Return policy” was saved',
    latestShown: 'Shown: Latest products',
    addLink: 'Add a link',
    labelAr: 'Text (Arabic)',
    labelEn: 'Text (English)',
    href: 'Address',
    layoutSaved: 'The footer and home page were saved',
    linkN: (number: number) => `Link ${number}`,
  },
} as const;

const toast = (page: Page, message: string) => page.getByTestId('toast-viewport').getByText(message, { exact: true });
/** A required field's label starts with its name (the required mark follows). */
const labelled = (name: string) => new RegExp(`^${name.replace(/[()]/g, '\\$&')}`);
const visible = <T extends ReturnType<Page['locator']>>(locator: T) => locator.filter({ visible: true });

async function adminGet<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const reply = await request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(reply.ok(), await reply.text()).toBe(true);
  return (await reply.json()) as T;
}

test('the owner edits the return policy, the home sections and the footer links, and the storefront shows them @phone', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const lang = testInfo.project.name.endsWith('phone') ? 'en' : 'ar';
  const words = WORDS[lang];
  const marker = `${lang}${Date.now().toString(36)}`;
  await useLanguage(context, baseURL!, lang);
  const token = await signInAsAdmin(page);

  // The content is the shop's, one for all: the other project's run of this file waits.
  await inTurn(baseURL!, 'pages', async () => {
    const { pages } = await adminGet<{ pages: AdminContentPage[] }>(page.request, token, '/api/admin/pages');
    const { layout } = await adminGet<{ layout: AdminStorefrontLayout }>(page.request, token, '/api/admin/storefront-layout');
    const returns = pages.find((item) => item.slug === 'return-policy')!;
    try {
      // The return policy's English title and its first paragraph.
      await page.goto('/admin?tab=pages');
      await waitForHydration(page);
      await page.getByRole('button', { name: words.returnPolicy, exact: true }).click();
      const title = visible(page.getByLabel(words.titleEn));
      await expect(title).toHaveValue(returns.title_en);
      await title.fill(`Returns ${marker}`);
      const body = visible(page.getByRole('textbox', { name: words.bodyEn }));
      await body.locator('p').first().click();
      await page.keyboard.press('End');
      await page.keyboard.type(` Exchanges welcome ${marker}.`);
      await visible(page.getByRole('button', { name: words.save, exact: true })).click();
      await expect(toast(page, words.pageSaved)).toBeVisible();

      await page.goto('/en/return-policy');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Returns ${marker}`);
      await expect(page.getByRole('main')).toContainText(`Exchanges welcome ${marker}.`);
      await expect(page).toHaveTitle(new RegExp(`Returns ${marker}`));

      // The home page's latest products hidden, and a link added to the footer.
      await page.goto('/admin?tab=pages');
      await waitForHydration(page);
      await page.getByRole('button', { name: words.layout, exact: true }).click();
      await page.getByRole('switch', { name: words.latestShown }).uncheck();
      await page.getByRole('button', { name: words.addLink }).click();
      // The new link is the list's last; its first field has the focus.
      const newLink = page.getByRole('group', { name: words.linkN(layout.footer_links.length + 1) });
      await expect(newLink.getByLabel(labelled(words.labelAr))).toBeFocused();
      await newLink.getByLabel(labelled(words.labelAr)).fill(`واتساب ${marker}`);
      await newLink.getByLabel(labelled(words.labelEn)).fill(`WhatsApp ${marker}`);
      await newLink.getByLabel(labelled(words.href)).fill('https://wa.me/96599999999');
      await visible(page.getByRole('button', { name: words.save, exact: true })).click();
      await expect(toast(page, words.layoutSaved)).toBeVisible();

      await page.goto(lang === 'en' ? '/en' : '/');
      await expect(page.locator('#home-featured, #home-categories').first()).toBeVisible();
      await expect(page.locator('#home-latest')).toHaveCount(0);
      const link = page.getByRole('contentinfo').getByRole('link', { name: lang === 'en' ? `WhatsApp ${marker}` : `واتساب ${marker}` });
      await expect(link).toHaveAttribute('href', 'https://wa.me/96599999999');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    } finally {
      // The shop's content as this test found it, for every other test.
      const headers = { authorization: `Bearer ${token}` };
      const { title_ar, title_en, body_ar, body_en } = returns;
      const restoredPage = await page.request.put('/api/admin/pages/return-policy', { headers, data: { title_ar, title_en, body_ar, body_en } });
      expect(restoredPage.ok(), await restoredPage.text()).toBe(true);
      const { footer_links, home_sections, hero } = layout;
      const restoredLayout = await page.request.put('/api/admin/storefront-layout', { headers, data: { footer_links, home_sections, hero } });
      expect(restoredLayout.ok(), await restoredLayout.text()).toBe(true);
    }
  });
});
