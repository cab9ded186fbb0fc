#!/usr/bin/env node
// Prints one line "N passed, N failed" counting every test of the run (Vitest and Playwright),
// after a line for each browser test that passed only on its retry.
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
  passed += (playwright.stats.expected ?? 0) + (playwright.stats.flaky ?? 0);
  failed += playwright.stats.unexpected ?? 0;
  // A test that failed and then passed on its retry counts as passed, and is named here.
  for (const title of flakyTests(playwright.suites ?? []))
    console.log(`flaky (passed on retry): ${title}`);
}
for (const error of playwright?.errors ?? []) {
  if (error) failed += 1;
}

console.log(`${passed} passed, ${failed} failed`);

function* flakyTests(suites, titles = []) {
  for (const suite of suites) {
    const trail = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'flaky')
          yield `[${test.projectName}] ${[...trail, spec.title].join(' › ')}`;
      }
    }
    yield* flakyTests(suite.suites ?? [], trail);
  }
}
