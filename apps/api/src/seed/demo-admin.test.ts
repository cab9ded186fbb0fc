import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AuthResponse } from '@shop/shared';
import { createTestApp, type TestContext } from '../../test-support/test-app.js';
import { users } from '../db/schema/index.js';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_FILE, seedDemoAdmin } from './demo-admin.js';

let ctx: TestContext;
const logged: string[] = [];
const log = { info: (message: string) => logged.push(message) };

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
  await fs.rm(ctx.config.dataDir, { recursive: true, force: true });
});

function passwordInFile(text: string): string {
  const match = /^password: (\S+)$/m.exec(text);
  if (!match?.[1]) throw new Error('no password line');
  return match[1];
}

describe('seedDemoAdmin', () => {
  it('creates an administrator whose password is in a private file and never in the log', async () => {
    await seedDemoAdmin({ db: ctx.database.db, dataDir: ctx.config.dataDir, log });
    const file = path.join(ctx.config.dataDir, DEMO_ADMIN_FILE);
    const text = await fs.readFile(file, 'utf8');
    const password = passwordInFile(text);
    expect(password).toHaveLength(16);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect(logged.join('\n')).toContain(DEMO_ADMIN_EMAIL);
    expect(logged.join('\n')).toContain(file);
    expect(logged.join('\n')).not.toContain(password);

    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO_ADMIN_EMAIL, password },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<AuthResponse>();
    expect(body.user.isAdmin).toBe(true);
    expect(body.user.isVerified).toBe(true);
  });

  it('does nothing when the administrator exists', async () => {
    const before = await fs.readFile(path.join(ctx.config.dataDir, DEMO_ADMIN_FILE), 'utf8');
    await seedDemoAdmin({ db: ctx.database.db, dataDir: ctx.config.dataDir, password: 'another-pass', log });
    const after = await fs.readFile(path.join(ctx.config.dataDir, DEMO_ADMIN_FILE), 'utf8');
    expect(after).toBe(before);
    const [row] = await ctx.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`lower(${users.email}) = ${DEMO_ADMIN_EMAIL}`);
    expect(row?.count).toBe(1);
  });

  it('refuses a DEMO_ADMIN_PASSWORD shorter than the password minimum', async () => {
    const other = await createTestApp();
    try {
      await expect(
        seedDemoAdmin({ db: other.database.db, dataDir: other.config.dataDir, password: '123', log }),
      ).rejects.toThrow(/DEMO_ADMIN_PASSWORD/);
    } finally {
      await other.close();
    }
  });
});
