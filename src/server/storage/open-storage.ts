import type { Config } from '#server/env.ts';
import { createS3Storage } from '#server/storage/s3-storage.ts';
import { createLocalStorage, type DocumentStorage } from '#server/storage/storage.ts';

/** The object store when S3_BUCKET is set, the local UPLOAD_DIR otherwise (docs/deploy.md). */
export function openStorage(config: Pick<Config, 's3' | 'uploadDir'>): DocumentStorage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.uploadDir);
}
