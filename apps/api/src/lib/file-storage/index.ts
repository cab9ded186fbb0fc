import type { AppConfig } from '../../config.js';
import type { FileStorage } from './file-storage.js';
import { createLocalFileStorage } from './local.js';
import { createS3FileStorage, type S3StorageOptions } from './s3.js';

export * from './file-storage.js';
export { createLocalFileStorage } from './local.js';
export { createS3FileStorage, type S3StorageOptions } from './s3.js';

/** The configured storage: the S3_* bucket when set, else the uploads directory under DATA_DIR. */
export function createFileStorage(
  config: Pick<AppConfig, 's3' | 'uploadsDir'>,
  options: S3StorageOptions = {},
): FileStorage {
  return config.s3 ? createS3FileStorage(config.s3, options) : createLocalFileStorage(config.uploadsDir);
}
