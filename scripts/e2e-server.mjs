#!/usr/bin/env node
// Starts the production server for end-to-end tests on a brand-new embedded database in a
// temporary directory, so every run begins with exactly the demo store. E-mail goes over real
// SMTP to a loopback server that drops each message, decoded, as JSON into the mailbox folder
// the tests read (e2e/mailbox.ts). "Sign in with Google" talks to the fake OpenID provider of
// the API's tests on loopback; its issuer goes into a file the tests read (e2e/google.spec.ts).
// Online payment talks to the UPayments test double on loopback (its hosted page has Pay, Fail
// and Cancel buttons), exactly as the production client talks to UPayments (e2e/payments.spec.ts).
import { randomBytes } from 'node:crypto';
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
    // The tests stand in for a proxy on loopback: each simulated shopper sends X-Forwarded-For.
    TRUST_PROXY: 'loopback',
    MAIL_FROM: 'Subha Shop <no-reply@subha.test>',
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_ISSUER: google.issuer,
    UPAYMENTS_API_URL: upayments.url,
    UPAYMENTS_API_KEY: upayments.apiKey,
    // The demo administrator's password, known to the back-office tests (e2e/support.ts).
    DEMO_ADMIN_PASSWORD: 'e2e-Admin-Pass-1',
  },
});

const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  smtp.close();
  void google.close();
  void upayments.close();
  fs.rmSync(googleInfo, { force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
