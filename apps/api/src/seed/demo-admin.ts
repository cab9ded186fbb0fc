import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { PASSWORD_MIN_LENGTH } from '@shop/shared';
import type { Database } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { createAccountsService } from '../modules/accounts/index.js';

export const DEMO_ADMIN_EMAIL = 'admin@demo.subha.shop';
export const DEMO_ADMIN_FILE = 'demo-admin.txt';

interface DemoAdminOptions {
  db: Database;
  dataDir: string;
  /** DEMO_ADMIN_PASSWORD; a random one when absent. */
  password?: string | undefined;
  log: { info(message: string): void };
}

/** 16 characters from an alphabet without look-alikes (no 0/O, 1/l/I). */
function randomPassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(16);
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

/**
 * Creates the demo store's administrator once. The password goes to DATA_DIR/demo-admin.txt
 * (mode 0600), never to the log (docs/decisions/007-demo-administrator-password.md).
 */
export async function seedDemoAdmin({ db, dataDir, password, log }: DemoAdminOptions): Promise<void> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_ADMIN_EMAIL}`)
    .limit(1);
  if (existing) return;
  if (password !== undefined && password.length < PASSWORD_MIN_LENGTH) {
    throw new Error(`DEMO_ADMIN_PASSWORD must have at least ${PASSWORD_MIN_LENGTH} characters`);
  }
  const chosen = password ?? randomPassword();
  const accounts = createAccountsService(db);
  await db.insert(users).values({
    username: 'admin',
    name: 'مدير المتجر',
    first_name: 'مدير',
    last_name: 'المتجر',
    email: DEMO_ADMIN_EMAIL,
    password_hash: await accounts.hashPassword(chosen),
    role: 'admin',
    email_verified_at: new Date(),
  });
  const file = path.join(dataDir, DEMO_ADMIN_FILE);
  await fs.mkdir(dataDir, { recursive: true });
  await fs.writeFile(
    file,
    `Demo administrator of the shop\nemail: ${DEMO_ADMIN_EMAIL}\npassword: ${chosen}\n`,
    { mode: 0o600 },
  );
  log.info(`demo administrator ${DEMO_ADMIN_EMAIL} created; its password is in ${file}`);
}
