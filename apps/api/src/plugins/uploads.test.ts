import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../test-support/test-app.js';
import { REFUSED_UPLOAD_PATHS } from '../../test-support/upload-paths.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  fs.writeFileSync(path.join(ctx.config.uploadsDir, 'products', 'known.webp'), 'image');
  fs.writeFileSync(path.join(ctx.config.uploadsDir, 'products', '.hidden.webp'), 'secret');
  fs.writeFileSync(path.join(ctx.config.uploadsDir, 'secret.txt'), 'secret');
});
afterAll(async () => {
  await ctx.close();
});

describe('/uploads', () => {
  it('serves a stored image', async () => {
    const response = await ctx.app.inject('/uploads/products/known.webp');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('image');
  });

  it.each(REFUSED_UPLOAD_PATHS)('answers %s with a 4xx in the envelope, logged below error level', async (url) => {
    const errors = vi.spyOn(ctx.app.log, 'error');
    try {
      const response = await ctx.app.inject({ url, headers: { 'accept-language': 'en' } });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.body).not.toContain('secret');
      expect(response.json()).toMatchObject({ success: false, code: expect.any(String), message: expect.any(String) });
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });
});
