#!/usr/bin/env node
// Prints one line "N passed, N failed" counting every test of the run (Vitest and Playwright).
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;

const read = (name) => {
  const file = path.join(dir, name);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined;
};

const vitest = read('vitest.json');
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += (vitest.numFailedTests ?? 0) + (vitest.numRuntimeErrorTestSuites ?? 0);
}

const playwright = read('playwright.json');
if (playwright?.stats) {
  passed += playwright.stats.expected ?? 0;
  failed += (playwright.stats.unexpected ?? 0) + (playwright.stats.flaky ?? 0);
}
for (const error of playwright?.errors ?? []) {
  if (error) failed += 1;
}

console.log(`${passed} passed, ${failed} failed`);
