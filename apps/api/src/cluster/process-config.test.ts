import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { WORKER_SEMI_SPACE_MB, workerExecArgv } from './supervisor.js';

describe('configuration of the server processes (docs/decisions/026)', () => {
  it('runs a process per core in production and one otherwise, unless WEB_CONCURRENCY says', () => {
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({
      webConcurrency: os.availableParallelism(),
      webConcurrencySet: false,
    });
    expect(loadConfig({ NODE_ENV: 'development' }).webConcurrency).toBe(1);
    expect(loadConfig({ NODE_ENV: 'test' }).webConcurrency).toBe(1);
    expect(loadConfig({ NODE_ENV: 'development', WEB_CONCURRENCY: ' 4 ' })).toMatchObject({
      webConcurrency: 4,
      webConcurrencySet: true,
    });
    expect(loadConfig({ WEB_CONCURRENCY: '' }).webConcurrencySet).toBe(false);
  });

  it.each(['0', '-2', '1.5', 'all', '1000'])('refuses WEB_CONCURRENCY=%s with its name and what it takes', (value) => {
    expect(() => loadConfig({ WEB_CONCURRENCY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ WEB_CONCURRENCY: value })).toThrow(/WEB_CONCURRENCY: must be a whole number of server processes from 1 to 999/);
  });

  it('starts workers with a larger young generation unless the operator chose one', () => {
    expect(workerExecArgv(['--enable-source-maps'])).toEqual(['--enable-source-maps', `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`]);
    expect(workerExecArgv(['--max-semi-space-size=8'])).toEqual(['--max-semi-space-size=8']);
    expect(workerExecArgv([], '--max-old-space-size=2048  --max-semi-space-size=32')).toEqual([]);
  });

  it('gives a stopping process 25 seconds unless SHUTDOWN_TIMEOUT_SECONDS says otherwise', () => {
    expect(loadConfig({}).shutdownTimeoutMs).toBe(25_000);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '9.5' }).shutdownTimeoutMs).toBe(9500);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '0' })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS/);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: 'soon' })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS/);
  });

  it('takes REDIS_URL as a redis:// or rediss:// URL only', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(loadConfig({ REDIS_URL: 'rediss://user:secret@redis.example.com:6380/2' }).redisUrl).toBe(
      'rediss://user:secret@redis.example.com:6380/2',
    );
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/);
    expect(() => loadConfig({ REDIS_URL: '127.0.0.1:6379' })).toThrow(/REDIS_URL/);
  });
});
