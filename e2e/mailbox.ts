import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';

/** An e-mail the shop sent, as the end-to-end server's SMTP server received it. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: number;
}

/** The folder scripts/e2e-server.mjs writes each received message to (one JSON file each). */
function mailboxDir(): string {
  return path.join(os.tmpdir(), `shop-e2e-mailbox-${process.env.E2E_PORT ?? 3300}`);
}

function readMailbox(): ReceivedMail[] {
  const dir = mailboxDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as ReceivedMail);
}

/** The newest e-mail to `address` whose text matches `pattern`, waiting for it to arrive. */
export async function waitForMail(address: string, pattern: RegExp = /./): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        found = readMailbox()
          .reverse()
          .find((mail) => mail.to.includes(address.toLowerCase()) && pattern.test(mail.text));
        return found !== undefined;
      },
      { message: `an e-mail to ${address} matching ${String(pattern)}`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** The 6-digit verification code of the newest code e-mail to `address`. */
export async function waitForVerificationCode(address: string): Promise<string> {
  const mail = await waitForMail(address, /\b\d{6}\b/);
  return /\b(\d{6})\b/.exec(mail.text)![1]!;
}

/** The password reset link of the newest reset e-mail to `address`. */
export async function waitForResetLink(address: string): Promise<string> {
  const mail = await waitForMail(address, /\/reset-password\?token=/);
  return /(https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
}

/** A fresh address per test run, so tests never collide on one account. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}
