#!/usr/bin/env node
// Prints one line "N passed, N failed" counting every test of the run (Vitest and Playwright),
// after a line for each browser test that passed only on its retry, and the files that took the
// longest (where CI's time goes: it must stay well under its limit).
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

printSlowest('test files', vitestFileTimes(vitest));
printSlowest('browser test files (all projects, all workers)', playwrightFileTimes(playwright));
console.log(`${passed} passed, ${failed} failed`);

function printSlowest(label, times, count = 8) {
  const slowest = [...times].sort((a, b) => b[1] - a[1]).slice(0, count);
  if (slowest.length === 0) return;
  console.log(`slowest ${label}:`);
  for (const [name, ms] of slowest) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`);
}

function vitestFileTimes(report) {
  const root = process.cwd() + path.sep;
  return (report?.testResults ?? [])
    .filter((file) => file.startTime && file.endTime)
    .map((file) => [file.name.replace(root, ''), file.endTime - file.startTime]);
}

function playwrightFileTimes(report) {
  const totals = new Map();
  const visit = (suites) => {
    for (const suite of suites) {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          const ms = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0);
          totals.set(spec.file, (totals.get(spec.file) ?? 0) + ms);
        }
      }
      visit(suite.suites ?? []);
    }
  };
  visit(report?.suites ?? []);
  return totals;
}

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
