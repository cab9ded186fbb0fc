import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-app.js';
import {
  databaseUnavailableReason,
  isInvalidTextError,
  logSafeErrorSerializer,
  sqlStateOf,
} from './errors.js';
import { users } from './schema/index.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$secret-hash-value';
const EMAIL = 'customer.private@example.com';

async function failure(run: () => Promise<unknown>): Promise<Error> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Error) return error;
    throw error;
  }
  throw new Error('expected the query to fail');
}

const newUser = (username: string) => ({ username, name: 'Private Person', email: EMAIL, password_hash: HASH });

describe('a database error as the log sees it', () => {
  it('has the query and the SQLSTATE but no parameter, hash or e-mail', async () => {
    await database.db.insert(users).values(newUser('first'));
    const error = await failure(() => database.db.insert(users).values(newUser('second')));
    // Drizzle's own error repeats every parameter: that is what must not reach the log.
    expect(JSON.stringify({ message: error.message, params: (error as { params?: unknown }).params })).toContain(
      HASH,
    );

    const logged = JSON.stringify(logSafeErrorSerializer(error));
    expect(logged).not.toContain(HASH);
    expect(logged).not.toContain(EMAIL);
    expect(logged).not.toContain('Private Person');
    expect(logged).not.toContain('"params"');
    expect(logged).toContain('insert into \\"users\\"');
    expect(logged).toContain('23505');
    expect(logged).toContain('DrizzleQueryError');
    expect(sqlStateOf(error)).toBe('23505');
  });

  it('leaves an error without database parameters as it is', () => {
    const logged = logSafeErrorSerializer(new TypeError('plain')) as Record<string, unknown>;
    expect(logged).toMatchObject({ type: 'TypeError', message: 'plain' });
    expect(typeof logged.stack).toBe('string');
  });

  it('tells text the database cannot store and an outage apart from other failures', async () => {
    const nul = await failure(() => database.db.insert(users).values(newUser('nul\u0000name')));
    expect(isInvalidTextError(nul)).toBe(true);
    expect(JSON.stringify(logSafeErrorSerializer(nul))).not.toContain(HASH);
    expect(databaseUnavailableReason(nul)).toBeUndefined();
    expect(databaseUnavailableReason(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(
      'ECONNREFUSED',
    );
    expect(databaseUnavailableReason(Object.assign(new Error('shutdown'), { code: '57P01' }))).toBe('57P01');
  });
});
