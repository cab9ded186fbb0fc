import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eventually } from './eventually.js';
import { freePort } from './ports.js';

/**
 * The shop as it runs in production (`node apps/api/dist/main.js`), started by the tests of
 * several processes. `npm test` builds it before the unit tests run.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const mainScript = path.join(root, 'apps/api/dist/main.js');
const webBuild = path.join(root, 'apps/web/build/server/index.js');

export function assertShopBuilt(): void {
  if (!fs.existsSync(mainScript) || !fs.existsSync(webBuild)) {
    throw new Error('The shop is not built; run npm run build first (npm test does).');
  }
}

export interface ShopProcess {
  url: string;
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

/**
 * Spawns the built server on `port` and this database: its own data folder, a session secret
 * shared by every process of the test, warnings only, one process unless `env` says otherwise.
 */
export function spawnShop(databaseUrl: string, port: number, env: Record<string, string> = {}): Omit<ShopProcess, 'url'> {
  const output: string[] = [];
  const child = spawn(process.execPath, [mainScript], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'shop-process-')),
      SESSION_SECRET: 'a-shared-secret-of-the-processes-under-test',
      LOG_LEVEL: 'warn',
      WEB_CONCURRENCY: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output, exited };
}

/** Starts the built server on a free port and waits until it answers /readyz. */
export async function startShopProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
  readyWithinMs = 40_000,
): Promise<ShopProcess> {
  const port = await freePort();
  const shop = { ...spawnShop(databaseUrl, port, env), url: `http://127.0.0.1:${port}` };
  await eventually(async () => {
    if (shop.child.exitCode !== null) throw new Error(`server exited: ${shop.output.join('')}`);
    const response = await fetch(`${shop.url}/readyz`, { headers: { connection: 'close' } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`not ready: ${response.status}`);
  }, readyWithinMs);
  return shop;
}

/** Stops a started server with SIGTERM and waits for it to exit. */
export async function stopShopProcess(shop: ShopProcess | undefined): Promise<void> {
  if (!shop || shop.child.exitCode !== null || shop.child.signalCode !== null) return;
  shop.child.kill('SIGTERM');
  await shop.exited;
}
