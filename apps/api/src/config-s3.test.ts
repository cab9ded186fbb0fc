import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { createFileStorage } from './lib/file-storage/index.js';

/** The S3_* variables of decision 025 (images in object storage). */

const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const all = {
  S3_ENDPOINT: 'https://s3.eu-central-1.amazonaws.com',
  S3_BUCKET: 'shop-images',
  S3_REGION: 'eu-central-1',
  S3_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE',
  S3_SECRET_ACCESS_KEY: SECRET,
};

function configError(environment: NodeJS.ProcessEnv): string {
  try {
    loadConfig(environment);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('object storage configuration', () => {
  it('keeps files on the local disk without the S3 variables (empty ones count as unset)', () => {
    const config = loadConfig({ DATA_DIR: '/srv/shop', S3_BUCKET: '', S3_ENDPOINT: '  ' });
    expect(config.s3).toBeUndefined();
    expect(config.uploadsDir).toBe(path.join(path.resolve('/srv/shop'), 'uploads'));
  });

  it('uses the bucket with all five, path-style by default, the public URL without its trailing slash', () => {
    expect(loadConfig(all).s3).toEqual({
      endpoint: all.S3_ENDPOINT,
      bucket: 'shop-images',
      region: 'eu-central-1',
      accessKeyId: all.S3_ACCESS_KEY_ID,
      secretAccessKey: SECRET,
      forcePathStyle: true,
      publicUrl: undefined,
    });
    const withCdn = loadConfig({ ...all, S3_PUBLIC_URL: 'https://cdn.example.com/images/', S3_FORCE_PATH_STYLE: 'false' }).s3;
    expect(withCdn?.publicUrl).toBe('https://cdn.example.com/images');
    expect(withCdn?.forcePathStyle).toBe(false);
  });

  it('builds the S3 storage when configured and the local one otherwise', () => {
    const s3 = createFileStorage(loadConfig(all));
    try {
      expect(s3.kind).toBe('s3');
    } finally {
      s3.close();
    }
  });

  it('fails start-up on a partial set, naming every missing variable and never the secret', () => {
    const onlySecret = configError({ S3_SECRET_ACCESS_KEY: SECRET });
    for (const name of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID']) {
      expect(onlySecret).toMatch(new RegExp(`${name}: is required when S3_SECRET_ACCESS_KEY is set`));
    }
    expect(onlySecret).not.toContain(SECRET);

    const noRegion = configError({ ...all, S3_REGION: undefined });
    expect(noRegion).toMatch(/S3_REGION: is required when S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set/);
    expect(noRegion).not.toMatch(/S3_BUCKET: is required/);
    expect(noRegion).not.toContain(SECRET);

    // The optional ones are no use alone either.
    expect(configError({ S3_PUBLIC_URL: 'https://cdn.example.com' })).toMatch(/S3_ENDPOINT: is required when S3_PUBLIC_URL is set/);
  });

  it('refuses a bad endpoint, bucket, region, public URL or path-style flag, never quoting the secret', () => {
    const cases: Array<[NodeJS.ProcessEnv, RegExp]> = [
      [{ ...all, S3_ENDPOINT: 'not a url' }, /S3_ENDPOINT: /],
      [{ ...all, S3_ENDPOINT: 'ftp://files.example.com' }, /S3_ENDPOINT: must be an https:\/\/ \(or http:\/\/\) URL/],
      [{ ...all, S3_BUCKET: 'a/b' }, /S3_BUCKET: must be a bucket name/],
      [{ ...all, S3_REGION: 'eu central' }, /S3_REGION: must be a region name/],
      [{ ...all, S3_PUBLIC_URL: 'http://cdn.example.com' }, /S3_PUBLIC_URL: must be an https:\/\/ URL/],
      [{ ...all, S3_PUBLIC_URL: 'https://cdn.example.com/?v=1' }, /S3_PUBLIC_URL: must be a base URL without \? or #/],
      [{ ...all, S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE: /],
    ];
    for (const [environment, expected] of cases) {
      const message = configError(environment);
      expect(message).toMatch(expected);
      expect(message).not.toContain(SECRET);
    }
  });

  it('accepts plain http for an endpoint (MinIO on a private network) and a loopback public URL', () => {
    const config = loadConfig({ ...all, S3_ENDPOINT: 'http://minio:9000', S3_PUBLIC_URL: 'http://localhost:9000/shop-images' });
    expect(config.s3?.endpoint).toBe('http://minio:9000');
    expect(config.s3?.publicUrl).toBe('http://localhost:9000/shop-images');
  });
});
