import path from 'node:path';
import type { Config } from '../../config.js';
import { LocalDiskStorage } from './local-disk.js';
import { S3Storage } from './s3.js';
import type { StorageDriver } from './storage.js';

export * from './storage.js';
export { LocalDiskStorage } from './local-disk.js';
export { S3Storage, type S3StorageOptions } from './s3.js';
export { sniffContentType, contentTypeOfKey, ACCEPTED_CONTENT_TYPES, type SniffedType } from './sniff.js';
export { decodeBase64Strict } from './base64.js';

/** STORAGE_DRIVER=local (DATA_DIR/uploads) or s3 (config.ts has checked the S3_* variables). */
export function createStorage(config: Config): StorageDriver {
  if (config.STORAGE_DRIVER === 's3') {
    return new S3Storage({
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION!,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    });
  }
  return new LocalDiskStorage(path.join(config.dataDir, 'uploads'));
}
