import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Setup } from '../src/config.js';

export interface TestS3Server {
  /** The storage's options for this server, with a bucket of its own. */
  setup: S3Setup;
  /** The same as S3_* variables, for createTestApp. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * An S3-compatible server (s3rver) on a free loopback port, keeping its objects in a temporary
 * directory, with one empty bucket of a random name. Path-style addressing, as with MinIO.
 */
export async function startTestS3Server(): Promise<TestS3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-s3-'));
  const bucket = `shop-test-${randomBytes(4).toString('hex')}`;
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const setup: S3Setup = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    // s3rver's documented credentials.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    publicUrl: undefined,
  };
  return {
    setup,
    env: {
      S3_ENDPOINT: setup.endpoint,
      S3_BUCKET: bucket,
      S3_REGION: setup.region,
      S3_ACCESS_KEY_ID: setup.accessKeyId,
      S3_SECRET_ACCESS_KEY: setup.secretAccessKey,
    },
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
