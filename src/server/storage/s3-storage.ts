import type { Readable } from 'node:stream';
import type * as ClientS3 from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type * as LibStorage from '@aws-sdk/lib-storage';
import type { S3Config } from '#server/env.ts';
import { lazyRequire } from '#server/lib/lazy-require.ts';
import { assertSafeKey, DOCUMENT_KEY, type DocumentStorage, type SweepResult } from './storage';

/** 5 MB is S3's smallest multipart part: one part per upload in memory at a time. */
const PART_SIZE = 5 * 1024 * 1024;

// Loaded when S3 is configured, not by every start (docs/performance.md#avvio).
const clientS3 = lazyRequire<typeof ClientS3>('@aws-sdk/client-s3');
const libStorage = lazyRequire<typeof LibStorage>('@aws-sdk/lib-storage');

export function createS3Client(config: S3Config): S3Client {
  return new (clientS3().S3Client)({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // The newer default (a CRC trailer on every upload) is not understood by every
    // S3-compatible store; S3 itself still verifies the Content-MD5/SHA-256 of each request.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An unreachable store must answer quickly (readiness, a 503), not hang a request.
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 60_000 },
    maxAttempts: 3,
  });
}

const isNotFound = (error: unknown) =>
  error instanceof clientS3().S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

export function createS3Storage(config: S3Config, client = createS3Client(config)): DocumentStorage {
  const {
    AbortMultipartUploadCommand,
    DeleteObjectCommand,
    GetObjectCommand,
    HeadBucketCommand,
    ListMultipartUploadsCommand,
    ListObjectsV2Command,
    S3ServiceException,
  } = clientS3();
  const { Upload } = libStorage();
  const Bucket = config.bucket;
  return {
    kind: 's3',
    async put(key, body) {
      assertSafeKey(key);
      // A stream that fails midway aborts the multipart upload: nothing stays in the bucket.
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: body },
        partSize: PART_SIZE,
        queueSize: 1,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        body.destroy();
        throw error;
      }
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    async sweep(olderThan, isKnown) {
      const result: SweepResult = { orphans: 0, unfinished: 0 };
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken: token }));
        const stale = (page.Contents ?? [])
          .filter((o) => o.Key && DOCUMENT_KEY.test(o.Key) && o.LastModified && o.LastModified < olderThan)
          .map((o) => o.Key!);
        if (stale.length > 0) {
          const known = await isKnown(stale);
          for (const key of stale) {
            if (known.has(key)) continue;
            await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
            result.orphans += 1;
          }
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);

      // Multipart uploads of a killed process: invisible, but their parts are kept (and billed).
      // Some S3-compatible stores do not list them; a bucket lifecycle rule covers those.
      try {
        let keyMarker: string | undefined;
        let uploadIdMarker: string | undefined;
        do {
          const page = await client.send(
            new ListMultipartUploadsCommand({ Bucket, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }),
          );
          for (const u of page.Uploads ?? []) {
            if (!u.Key || !DOCUMENT_KEY.test(u.Key) || !u.Initiated || u.Initiated >= olderThan) continue;
            await client.send(new AbortMultipartUploadCommand({ Bucket, Key: u.Key, UploadId: u.UploadId }));
            result.unfinished += 1;
          }
          keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
          uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
        } while (keyMarker);
      } catch (error) {
        if (!(error instanceof S3ServiceException && error.$metadata.httpStatusCode !== undefined))
          throw error;
      }
      return result;
    },
  };
}
