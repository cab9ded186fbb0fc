import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createAttribute, createCategory, createProduct } from '../src/seed/factories.js';
import { multipartSender } from './admin-forms.js';
import { apiCaller, type CallOptions } from './http.js';
import { folderFiles, multipartBody, type FormFile } from './multipart.js';
import { signedInAs } from './staff.js';
import { createTestApp, type TestContext } from './test-app.js';

/**
 * What the back office's product tests (modules/catalog/admin-products-*.test.ts) share: the app
 * on a fresh database with an administrator, a moderator and a customer signed in, a category,
 * two attributes, a published product and a draft, and the product form sent as multipart.
 *
 * A test file calls useAdminProductsShop() once at its top level; the bindings below are set by
 * its beforeAll (each test file has its own copy of this module).
 */

export let ctx: TestContext;
export const call = apiCaller(() => ctx.app);

export let admin: { id: number; email: string; token: string };
export let moderator: string;
export let customer: string;

export interface AdminProductsFixture {
  beads: number;
  color: { attribute: number; black: number; red: number };
  length: { attribute: number; short: number };
  published: number;
  draft: number;
}
export let fx: AdminProductsFixture;

/** Builds the app and the fixture before the file's tests, and closes it after them. */
export function useAdminProductsShop(): void {
  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const signedAdmin = await signedInAs(ctx, 'admin');
    admin = { id: signedAdmin.user.id, email: signedAdmin.user.email, token: signedAdmin.token };
    moderator = (await signedInAs(ctx, 'moderator')).token;
    customer = (await signedInAs(ctx, 'customer')).token;

    const beads = await createCategory(db, { name: 'سبح', slug: 'admin-beads' });
    const color = await createAttribute(db, 'اللون', [
      ['أسود', 0],
      ['أحمر', 500],
    ]);
    const length = await createAttribute(db, 'الطول', [['33 حبة', 0]]);
    const published = await createProduct(db, {
      name: 'سبحة منشورة',
      category_id: beads.id,
      created_at: new Date(Date.UTC(2024, 0, 2)),
    });
    const draft = await createProduct(db, {
      name: 'سبحة مسودة سرية',
      status: 'draft',
      category_id: beads.id,
      created_at: new Date(Date.UTC(2024, 0, 3)),
    });
    fx = {
      beads: beads.id,
      color: {
        attribute: color.attribute.id,
        black: color.variations[0]!.id,
        red: color.variations[1]!.id,
      },
      length: { attribute: length.attribute.id, short: length.variations[0]!.id },
      published: published.id,
      draft: draft.id,
    };
  });

  afterAll(async () => {
    await ctx.close();
  });
}

/** A picture of the product form: it goes in the form's `images` field. */
export type ProductImageFile = Omit<FormFile, 'field'>;

const asImages = (files: ProductImageFile[]): FormFile[] => files.map((file) => ({ field: 'images', ...file }));

/** A multipart/form-data body as a browser sends it: text fields, then `images` files. */
export function multipart(fields: Record<string, string>, files: ProductImageFile[] = []) {
  return multipartBody(fields, asImages(files));
}

const sendForm = multipartSender(call, () => admin.token);

/** Sends the product form as multipart, by the administrator unless `options.token` says otherwise. */
export function send(
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, string>,
  files: ProductImageFile[] = [],
  options: CallOptions = {},
) {
  return sendForm(method, url, fields, asImages(files), options);
}

/** The files in the uploads folder of the products. */
export async function storedFiles(): Promise<string[]> {
  return folderFiles(ctx.config.uploadsDir, 'products');
}

/** Whether this file is in the uploads folder of the products. */
export async function exists(filename: string): Promise<boolean> {
  return fs.existsSync(path.join(ctx.config.uploadsDir, 'products', filename));
}

/** The required fields of a valid form. */
export const basics = () => ({
  name: 'سبحة جديدة',
  price: '12.5',
  stock_quantity: '4',
  category_id: String(fx.beads),
});
