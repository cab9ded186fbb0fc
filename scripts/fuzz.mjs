#!/usr/bin/env node
// The long fuzz run of the API (apps/api/src/fuzz): every operation of the OpenAPI document,
// valid and broken requests, as a guest and as an admin. Prints the statuses reached and the
// failures grouped by operation and kind; exits non-zero on a failure not in KNOWN_GAPS.
//
//   npm run fuzz                                 (400 requests per operation, the fixed seed)
//   npm run fuzz -- --requests 2000 --seed 7
//
// DATABASE_URL (PostgreSQL) is used when set, otherwise the embedded database.

import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: process.env.FUZZ_REQUESTS ?? '400' },
    seed: { type: 'string', default: process.env.FUZZ_SEED ?? '20261123' },
  },
});

// vitest's command (its package "bin"), run with this Node.
const vitestPackage = createRequire(import.meta.url).resolve('vitest/package.json');
const vitest = path.join(path.dirname(vitestPackage), 'vitest.mjs');
const result = spawnSync(process.execPath, [vitest, 'run', 'apps/api/src/fuzz/fuzz.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_REQUESTS: values.requests, FUZZ_SEED: values.seed },
});
process.exit(result.status ?? 1);
