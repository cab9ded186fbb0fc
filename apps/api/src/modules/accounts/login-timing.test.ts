import type * as Argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiCaller } from '../../../test-support/http.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';

// Records every hash login checks a password against, while still checking it for real.
const checkedHashes = vi.hoisted(() => [] as string[]);
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof Argon2>();
  return {
    ...original,
    verify: (hashed: string, password: string) => {
      checkedHashes.push(hashed);
      return original.verify(hashed, password);
    },
  };
});

let ctx: TestContext;
const call = apiCaller(() => ctx.app);

const login = (email: string, password: string) => call('POST', '/api/auth/login', { email, password });

beforeAll(async () => {
  ctx = await createTestApp();
  const registered = await call('POST', '/api/auth/register', {
    name: 'Huda Saleh',
    email: 'huda.timing@example.com',
    password: 'right-password',
  });
  expect(registered.statusCode).toBe(201);
});
afterAll(async () => {
  await ctx.close();
});

/** The argon2 parameters of a PHC string, e.g. "m=19456,t=2,p=1". */
const parameters = (phc: string) => /^\$argon2id\$v=19\$(m=\d+,t=\d+,p=\d+)\$/.exec(phc)?.[1];

describe('login timing', () => {
  it('checks an unknown email against a real argon2id hash with the same cost as a known one', async () => {
    checkedHashes.length = 0;
    expect((await login('huda.timing@example.com', 'wrong-password')).statusCode).toBe(401);
    expect((await login('nobody.timing@example.com', 'wrong-password')).statusCode).toBe(401);
    expect(checkedHashes).toHaveLength(2);
    const [known, unknown] = checkedHashes.map(parameters);
    expect(known).toBe('m=19456,t=2,p=1');
    expect(unknown).toBe(known);
  });

  it('answers an unknown email about as slowly as a wrong password', async () => {
    const elapsed = async (email: string) => {
      const started = performance.now();
      await login(email, 'wrong-password');
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const known: number[] = [];
    const unknown: number[] = [];
    // Seven rounds, so one slow moment of a busy machine does not decide the medians. Each call
    // comes from a new client address (apiCaller), and failures are counted per account and
    // client, so the known account never reaches its back-off.
    for (let round = 0; round < 7; round += 1) {
      known.push(await elapsed('huda.timing@example.com'));
      unknown.push(await elapsed(`nobody${round}.timing@example.com`));
    }
    // Both pay one argon2id verification (tens of milliseconds); no shortcut for unknown emails.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
    expect(median(unknown)).toBeLessThan(median(known) * 2);
  });
});
