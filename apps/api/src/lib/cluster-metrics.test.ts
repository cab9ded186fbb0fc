import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parsePrometheusText, sampleValue } from '../../test-support/prometheus.js';

const fixture = fileURLToPath(new URL('../../test-support/cluster-metrics-fixture.ts', import.meta.url));
const apiRoot = fileURLToPath(new URL('../..', import.meta.url));

function runFixture(): Promise<{ fromWorker: string; fromSupervisor: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=@shop/source', '--import', 'tsx', fixture], {
      cwd: apiRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    const errors: string[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) reject(new Error(`fixture exited with ${code}: ${errors.join('')}`));
      else resolve(JSON.parse(output.join('')) as { fromWorker: string; fromSupervisor: string });
    });
  });
}

describe('metrics of several workers', () => {
  it('a scrape of one worker and the supervisor both see every worker, summed', async () => {
    const { fromWorker, fromSupervisor } = await runFixture();
    for (const text of [fromWorker, fromSupervisor]) {
      const exposition = parsePrometheusText(text);
      // Worker 1 placed one order and worker 2 two.
      expect(sampleValue(exposition, 'shop_orders_placed_total', { payment_method: 'cash_on_delivery' })).toBe(3);
    }
  }, 40_000);
});
