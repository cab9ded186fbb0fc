import { afterEach, describe, expect, it } from 'vitest';
import type { SettingsResponse } from '@shop/shared';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';

/**
 * The public settings say which sign-in and payment methods work, so the
 * storefront offers only those: Google only with its OAuth client, the card only with UPayments.
 */

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

async function publicSettings(env: NodeJS.ProcessEnv) {
  ctx = await createTestApp(env);
  const response = await ctx.app.inject({ method: 'GET', url: '/api/settings' });
  expect(response.statusCode).toBe(200);
  return response.json<SettingsResponse>().settings;
}

describe('GET /api/settings: the methods that work', () => {
  it('offers the password and cash on delivery only when nothing else is configured', async () => {
    const settings = await publicSettings({});
    expect(settings.sign_in_methods).toEqual(['password']);
    expect(settings.payment_methods).toEqual(['cash_on_delivery']);
  });

  it('adds Google when its OAuth client is configured, and the card when UPayments is', async () => {
    const settings = await publicSettings({
      GOOGLE_CLIENT_ID: 'shop-test.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'test-secret',
      UPAYMENTS_API_KEY: 'sandbox-test-key-0123456789',
    });
    expect(settings.sign_in_methods).toEqual(['password', 'google']);
    expect(settings.payment_methods).toEqual(['cash_on_delivery', 'upayments']);
  });

  it('keeps each method to its own configuration', async () => {
    const googleOnly = await publicSettings({
      GOOGLE_CLIENT_ID: 'shop-test.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'test-secret',
    });
    expect(googleOnly.sign_in_methods).toEqual(['password', 'google']);
    expect(googleOnly.payment_methods).toEqual(['cash_on_delivery']);
    await ctx?.close();
    ctx = undefined;
    const cardOnly = await publicSettings({ UPAYMENTS_API_KEY: 'sandbox-test-key-0123456789' });
    expect(cardOnly.sign_in_methods).toEqual(['password']);
    expect(cardOnly.payment_methods).toEqual(['cash_on_delivery', 'upayments']);
  });
});
