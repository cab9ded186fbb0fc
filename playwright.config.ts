import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3300);
const baseURL = `http://127.0.0.1:${port}`;
const jsonReport = process.env.PLAYWRIGHT_JSON_REPORT;

const desktop = { viewport: { width: 1280, height: 800 } };
const phone = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };
const backoffice = /admin-(catalog|operations|merchant|layout|orders-fulfilment|alerts|customers|activity|stock-history|reports|bulk-edit|pages|free-delivery|import|back-in-stock|gift-orders)\.spec\.ts/;

/**
 * Debian's headless shell (apt-get install chromium-headless-shell) when it is there: the browser
 * Playwright itself runs headless, without the full browser's layers, it took a quarter less time
 * over the same journeys on a 2-core machine. Otherwise Debian's full Chromium, headless.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium =
  process.env.CHROMIUM_PATH ??
  (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** End-to-end tests drive the production build in Debian's Chromium (never a downloaded browser). */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  // On CI one retry, for a journey that a slow spell of the shared machine pushed past a bound;
  // the summary names every test that needed it (scripts/ci/summarize.mjs), and a test that
  // fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // Generous bounds: the 2-core machines these run on drift through the day (a bare Fastify
  // hello-world answered from 23,000 to 57,000 requests a second on one day), and in a slow spell
  // a sign-up (an argon2id hash per password, with the server, two browsers and the suite sharing
  // two cores) took longer than 30 s. A test that hangs still fails.
  timeout: 60_000,
  expect: { timeout: 12_000 },
  reporter: jsonReport ? [['list'], ['json', { outputFile: jsonReport }]] : [['list']],
  use: {
    baseURL,
    // Bounded, so a step that can never succeed (a click on a control that stays covered, a
    // navigation that never comes) fails at that step with its reason, not at the test's limit.
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    // The service worker (precaching, offline pages) is tested by e2e/pwa.spec.ts, which allows it;
    // elsewhere pages talk to the network directly, so routes and offline emulation act as written.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', testIgnore: backoffice, use: desktop },
    // The phone run repeats the journeys whose layout differs most on a small screen.
    { name: 'phone', testIgnore: backoffice, grep: /@phone/, use: phone },
    // The back office's catalogue journeys change the shop (they clean up after themselves): they
    // run once the storefront's tests are done, so no storefront test sees a half-made product.
    {
      name: 'backoffice-desktop',
      testMatch: backoffice,
      dependencies: ['desktop', 'phone'],
      use: desktop,
    },
    {
      name: 'backoffice-phone',
      testMatch: backoffice,
      grep: /@phone/,
      dependencies: ['desktop', 'phone'],
      use: phone,
    },
  ],
  webServer: {
    command: `node scripts/e2e-server.mjs ${port}`,
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
