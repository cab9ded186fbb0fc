import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from './ports.js';

export { freePort };

async function answersPing(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** The Redis the tests may use: REDIS_URL, else the usual local one when it answers; undefined to skip. */
export async function testRedisUrl(): Promise<string | undefined> {
  if (process.env.REDIS_URL) return process.env.REDIS_URL;
  const local = 'redis://127.0.0.1:6379';
  return (await answersPing(local)) ? local : undefined;
}

/** Whether `redis-server` can be run here (for tests that stop and restart their own). */
export const redisServerInstalled = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;

/** A private redis-server on a free port, with nothing saved to disk; stop() and start() it at will. */
export async function startPrivateRedis() {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const server = {
    url,
    port,
    async start(): Promise<void> {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
      const started = Date.now();
      while (!(await answersPing(url))) {
        if (Date.now() - started > 10_000) throw new Error(`redis-server did not start on port ${port}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop(): Promise<void> {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
  };
  await server.start();
  return server;
}
