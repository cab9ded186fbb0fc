import { expect, test, type APIRequestContext } from '@playwright/test';
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { pathInLanguage } from '@shop/shared';
import { adminToken, listCategories, listProducts } from './support';

/**
 * The W3C Nu HTML checker (validator.w3.org/nu, run from the vnu-jar package on the machine's
 * Java) agrees with html-validate (accessibility.spec.ts, decision 050): the HTML the server sends
 * for every storefront page type in both languages, the offline pages, and the back office's
 * screens for a signed-in administrator has no error.
 */

const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
const run = promisify(execFile);

interface NuMessage {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

async function storefrontPaths(request: APIRequestContext): Promise<string[]> {
  const { products } = await listProducts(request, 'limit=1');
  const { categories } = await listCategories(request);
  const pages = [
    '/',
    '/products',
    `/products/${products[0]!.id}`,
    `/category/${categories[0]!.slug}`,
    '/categories',
    '/cart',
    '/checkout',
    '/wishlist',
    '/track',
    '/privacy',
    '/terms',
    '/return-policy',
    '/login',
    '/register',
    '/forgot-password',
    '/no-such-page',
  ];
  return [
    ...pages.flatMap((page) => [page, pathInLanguage(page, 'en')]),
    '/offline?lang=ar',
    '/offline?lang=en',
  ];
}

const BACK_OFFICE_PATHS = [
  '/admin',
  '/admin?tab=orders',
  '/admin?tab=products',
  '/admin?tab=settings',
  '/admin/products/new',
  '/profile',
  '/en/profile',
];

test('the W3C Nu HTML checker finds no error in the pages the server sends, in both languages', async ({ playwright, baseURL, request }) => {
  test.setTimeout(120_000);
  const folder = test.info().outputPath('nu');
  await mkdir(folder, { recursive: true });
  const saved = new Map<string, string>();
  async function save(client: APIRequestContext, url: string) {
    const response = await client.get(url);
    expect([200, 404], `${url} answers`).toContain(response.status());
    const file = path.join(folder, `page-${saved.size}.html`);
    await writeFile(file, await response.body());
    saved.set(`file:${file}`, url);
  }

  const storefront = await storefrontPaths(request);
  for (const url of storefront) await save(request, url);
  // The back office as the server renders it for a signed-in administrator (the session cookie).
  const staff = await playwright.request.newContext({ baseURL });
  try {
    await adminToken(staff);
    for (const url of BACK_OFFICE_PATHS) await save(staff, url);
  } finally {
    await staff.dispose();
  }

  const files = [...saved.keys()].map((key) => key.slice('file:'.length));
  // vnu exits 1 when it reports errors; its JSON report is on stderr either way.
  const report = await run('java', ['-jar', vnuJar, '--errors-only', '--format', 'json', ...files], { maxBuffer: 32 * 1024 * 1024 })
    .then(({ stderr }) => stderr)
    .catch((failure: { stderr?: string; message: string }) => failure.stderr || failure.message);
  const { messages } = JSON.parse(report) as { messages: NuMessage[] };
  const problems = messages.map((message) => {
    const url = saved.get(message.url) ?? message.url;
    return `${url}:${message.lastLine ?? '?'} ${message.type}: ${message.message} [${message.extract ?? ''}]`;
  });
  expect(saved.size).toBe(BACK_OFFICE_PATHS.length + storefront.length);
  expect(problems).toEqual([]);
});
