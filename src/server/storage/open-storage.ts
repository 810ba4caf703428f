import type { Config } from '#server/env.ts';
import { createS3Storage } from './s3-storage';
import { createLocalStorage, type DocumentStorage } from './storage';

/** The object store when S3_BUCKET is set, the local UPLOAD_DIR otherwise (docs/deploy.md). */
export function openStorage(config: Pick<Config, 's3' | 'uploadDir'>): DocumentStorage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.uploadDir);
}
