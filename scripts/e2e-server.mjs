#!/usr/bin/env node
// Starts the production server for end-to-end tests on a brand-new embedded database in a
// temporary directory, so every run begins with exactly the demo store. E-mail goes over real
// SMTP to a loopback server that drops each message, decoded, as JSON into the mailbox folder
// the tests read (e2e/mailbox.ts). "Sign in with Google" talks to the fake OpenID provider of
// the API's tests on loopback; its issuer goes into a file the tests read (e2e/google.spec.ts).
// Online payment talks to the UPayments test double on loopback (its hosted page has Pay, Fail
// and Cancel buttons), exactly as the production client talks to UPayments (e2e/payments.spec.ts).
// Google Merchant talks to the Merchant API test double on loopback (its key, token endpoint and
// v1 calls); a small control server beside it lets the tests flip its switches and read what it
// received, and its address goes into a file the tests read (e2e/admin-merchant.spec.ts).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
// Built by `npm run build`, which every end-to-end run follows.
import { startFakeOpenIdProvider } from '../apps/api/dist/integrations/google-oauth/fake-provider.js';
import { startFakeUpayments } from '../apps/api/dist/integrations/upayments/fake-upayments.js';
import { startFakeMerchant } from '../apps/api/dist/integrations/google-merchant/fake-merchant.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const port = process.argv[2] ?? '3300';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
const mailbox = path.join(os.tmpdir(), `shop-e2e-mailbox-${port}`);
fs.rmSync(mailbox, { recursive: true, force: true });
fs.mkdirSync(mailbox, { recursive: true });

let mailCount = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        mailCount += 1;
        const mail = {
          to: session.envelope.rcptTo.map((address) => address.address.toLowerCase()),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
          receivedAt: Date.now(),
        };
        const name = `${String(mailCount).padStart(5, '0')}.json`;
        fs.writeFileSync(path.join(mailbox, `${name}.tmp`), JSON.stringify(mail));
        fs.renameSync(path.join(mailbox, `${name}.tmp`), path.join(mailbox, name));
        callback();
      })
      .catch(callback);
  },
});
await new Promise((resolve, reject) => {
  smtp.once('error', reject);
  smtp.listen(0, '127.0.0.1', resolve);
});
const smtpPort = smtp.server.address().port;

const google = await startFakeOpenIdProvider();
const googleInfo = path.join(os.tmpdir(), `shop-e2e-google-${port}.json`);
fs.writeFileSync(googleInfo, JSON.stringify({ issuer: google.issuer }));

// A fresh key per run: the double accepts only it, as UPayments accepts only the merchant's key.
const upayments = await startFakeUpayments({ apiKey: `e2e-${randomBytes(12).toString('hex')}` });

const merchantAccountName = 'Subha Shop (test double)';
const merchant = await startFakeMerchant({ accountName: merchantAccountName });
const merchantControl = await startMerchantControl(merchant);
const merchantInfo = path.join(os.tmpdir(), `shop-e2e-merchant-${port}.json`);
fs.writeFileSync(
  merchantInfo,
  JSON.stringify({ control: merchantControl.url, accountId: merchant.accountId, accountName: merchantAccountName }),
);

/**
 * The tests' handle on the Merchant double, over HTTP on loopback (the double itself is driven
 * from code): POST /delay {ms}, POST /refuse {offerId, field, message}, POST /accept {offerId},
 * POST /mode {mode}, GET /product/{offerId} (the stored ProductInput, 404 when absent) and
 * GET /calls (the calls log, which never holds a token).
 */
async function startMerchantControl(fake) {
  const readJson = async (request) => {
    let text = '';
    for await (const chunk of request) text += chunk;
    return text ? JSON.parse(text) : {};
  };
  const control = http.createServer((request, response) => {
    const send = (status, body) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body ?? null));
    };
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const product = /^\/product\/([^/]+)$/.exec(url.pathname);
    (async () => {
      if (request.method === 'GET' && product) {
        const input = fake.productInput(decodeURIComponent(product[1]));
        return input ? send(200, input) : send(404, null);
      }
      if (request.method === 'GET' && url.pathname === '/calls') return send(200, fake.calls);
      if (request.method !== 'POST') return send(405, null);
      const body = await readJson(request);
      if (url.pathname === '/delay') fake.delayMs = Number(body.ms) || 0;
      else if (url.pathname === '/refuse') fake.refuseOffer(String(body.offerId), String(body.field), body.message);
      else if (url.pathname === '/accept') fake.acceptOffer(String(body.offerId));
      else if (url.pathname === '/mode') fake.mode = body.mode;
      else return send(404, null);
      return send(200, { ok: true });
    })().catch((error) => send(400, { error: String(error) }));
  });
  await new Promise((resolve, reject) => {
    control.once('error', reject);
    control.listen(0, '127.0.0.1', resolve);
  });
  return { url: `http://127.0.0.1:${control.address().port}`, close: () => control.close() };
}

const server = spawn(process.execPath, ['apps/api/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    // Most journeys check out from one loopback address, many times over a run: the units a
    // network may hold a day (decision 038) are not what they test (the API tests do).
    GUEST_UNITS_PER_NETWORK_PER_DAY: '99999',
    // The tests stand in for a proxy on loopback: each simulated shopper sends X-Forwarded-For.
    TRUST_PROXY: 'loopback',
    // Playwright's request contexts reuse idle connections; with the 5 s default a connection the
    // server closed as the client reused it answered ECONNRESET now and then. Tests run well
    // within these, and nothing here tests the timeouts (server-timeouts.test.ts does).
    CONNECTION_TIMEOUT_SECONDS: '120',
    KEEP_ALIVE_TIMEOUT_SECONDS: '90',
    MAIL_FROM: 'Subha Shop <no-reply@subha.test>',
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_ISSUER: google.issuer,
    UPAYMENTS_API_URL: upayments.url,
    UPAYMENTS_API_KEY: upayments.apiKey,
    GOOGLE_MERCHANT_ACCOUNT_ID: merchant.accountId,
    GOOGLE_MERCHANT_DATA_SOURCE: merchant.dataSource,
    GOOGLE_MERCHANT_KEY_FILE: merchant.keyFile,
    GOOGLE_MERCHANT_API_URL: merchant.url,
    // The demo administrator's password, known to the back-office tests (e2e/support.ts).
    DEMO_ADMIN_PASSWORD: 'e2e-Admin-Pass-1',
  },
});

const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', async (code) => {
  smtp.close();
  void google.close();
  void upayments.close();
  merchantControl.close();
  fs.rmSync(merchantInfo, { force: true });
  fs.rmSync(googleInfo, { force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
  // The double removes its temporary key file as it closes.
  await merchant.close().catch(() => undefined);
  process.exit(code ?? 0);
});
