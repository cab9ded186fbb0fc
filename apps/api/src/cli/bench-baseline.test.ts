import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `npm run bench -- --baseline` (scripts/bench-baseline.mjs, docs/decisions/033): the hello-world
// yardstick is measured first, in the same run, and its server is gone when the bench ends.

const bench = fileURLToPath(new URL('../../../../scripts/bench.mjs', import.meta.url));
const run = promisify(execFile);

interface BenchRow {
  name: string;
  path: string;
  requests: number;
  non_2xx_3xx: number;
  errors: number;
  baseline?: boolean;
  requests_per_second: number;
  rounds?: number[];
}

describe('bench --baseline', () => {
  // Stands in for the shop: the bench only needs something that answers its path.
  let target: http.Server;
  let origin: string;
  /** What the stand-in received: each request's path and its x-bench header. */
  const received: Array<{ url: string; header: string | undefined }> = [];

  beforeAll(async () => {
    target = http.createServer((request, response) => {
      received.push({
        url: request.url ?? '',
        header: request.headers['x-bench'] as string | undefined,
      });
      response.end('ok');
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => target.close(resolve));
  });

  /** The bench against the stand-in for half a second, without warm-up. */
  const shortRun = (args: string[]) =>
    run(process.execPath, [bench, '--url', origin, '--duration', '0.5', '--warmup', '0', ...args], {
      timeout: 20_000,
    });

  it('measures a hello-world first, then the targets, and stops the hello-world', async () => {
    const { stdout } = await shortRun([
      '--path',
      '/',
      '--baseline',
      '--baseline-workers',
      '2',
      '--connections',
      '4',
      '--json',
    ]);
    const { results } = JSON.parse(stdout) as { results: BenchRow[] };
    expect(results.map((row) => [row.name, row.baseline === true])).toEqual([
      ['hello-world, 2 workers', true],
      ['/', false],
    ]);
    for (const row of results) {
      expect(row.requests).toBeGreaterThan(0);
      expect(row.non_2xx_3xx + row.errors).toBe(0);
    }
    // execFile resolved: the bench exited, which it cannot while its hello-world child runs.
  });

  it('refuses a worker count that is not a whole number of 1 or more', async () => {
    await expect(
      run(process.execPath, [bench, '--url', origin, '--baseline', '--baseline-workers', '0'], {
        timeout: 10_000,
      }),
    ).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('--baseline-workers') });
  });

  it('puts the next term into {term} request after request, with the headers given', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'bench-terms-'));
    const terms = path.join(folder, 'terms.txt');
    await writeFile(terms, 'كهرمان\namber royal\nيسر 33\n');
    received.length = 0;
    const { stdout } = await shortRun([
      '--path',
      '/find?q={term}',
      '--terms',
      terms,
      '--header',
      'X-Bench: on',
      '--connections',
      '1',
    ]);
    expect(stdout).toContain('(3 distinct terms)');
    const asked = received.map(({ url }) => new URL(url, origin).searchParams.get('q'));
    expect(asked.length).toBeGreaterThan(6);
    // In turn: the first three requests ask for the three terms, and so on round the list.
    expect(new Set(asked)).toEqual(new Set(['كهرمان', 'amber royal', 'يسر 33']));
    expect(asked.slice(0, 3)).toEqual(['كهرمان', 'amber royal', 'يسر 33']);
    expect(received.every(({ header }) => header === 'on')).toBe(true);
  }, 30_000);

  it('with --rounds, measures every target in each round and reports its median round', async () => {
    const { stdout } = await shortRun([
      '--path',
      '/',
      '--path',
      '/other',
      '--baseline',
      '--rounds',
      '3',
      '--connections',
      '2',
      '--json',
    ]);
    const { results } = JSON.parse(stdout) as { results: BenchRow[] };
    expect(results.map((row) => row.name)).toEqual(['hello-world, 2 workers', '/', '/other']);
    for (const row of results) {
      expect(row.rounds).toHaveLength(3);
      // The median of three: one round at least as fast, one at most as fast.
      const sorted = [...row.rounds!].sort((a, b) => a - b);
      expect(row.requests_per_second).toBe(sorted[1]);
    }
    expect(results[0]!.baseline).toBe(true);
  }, 30_000);

  it('goes on through the terms across the warm-up and the rounds instead of starting again', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'bench-terms-'));
    const terms = path.join(folder, 'terms.txt');
    await writeFile(terms, Array.from({ length: 200_000 }, (_, i) => `term ${i}`).join('\n'));
    received.length = 0;
    await shortRun([
      '--path',
      '/find?q={term}',
      '--terms',
      terms,
      '--warmup',
      '0.3',
      '--rounds',
      '2',
      '--connections',
      '1',
    ]);
    const asked = received.map(({ url }) => new URL(url, origin).searchParams.get('q'));
    expect(asked.length).toBeGreaterThan(20);
    expect(asked.length).toBeLessThan(200_000);
    // Four loads (a warm-up and a measurement per round), each term asked once, in order.
    expect(new Set(asked).size).toBe(asked.length);
    expect(asked.slice(0, 3)).toEqual(['term 0', 'term 1', 'term 2']);
  }, 30_000);
});
