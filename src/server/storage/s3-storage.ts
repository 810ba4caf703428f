import type { Readable } from 'node:stream';
import type * as ClientS3 from '@aws-sdk/client-s3';
import type { CompletedPart, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '#server/env.ts';
import { lazyRequire } from '#server/lib/lazy-require.ts';
import {
  assertSafeKey,
  DOCUMENT_KEY,
  type DocumentStorage,
  type SweepResult,
} from '#server/storage/storage.ts';

/**
 * S3's smallest multipart part (5 MiB), and the only buffer a document being stored holds: the
 * stream is copied into it, each full part is sent before more is read, and the buffer is then
 * refilled in place. See docs/decisions/025-s3-parti-in-un-buffer.md.
 */
const PART_SIZE = 5 * 1024 * 1024;
/** Part buffers kept for the next uploads (20 MB): allocating 5 MB per part churns the allocator. */
const IDLE_PARTS_KEPT = 4;

/** Reusable part buffers: a put takes one, gives it back when its last request has settled. */
function partBuffers() {
  const idle: Buffer[] = [];
  return {
    take: () => idle.pop() ?? Buffer.allocUnsafeSlow(PART_SIZE),
    give(buffer: Buffer) {
      if (idle.length < IDLE_PARTS_KEPT) idle.push(buffer);
    },
  };
}

// Loaded when S3 is configured, not by every start (docs/performance.md#avvio).
const clientS3 = lazyRequire<typeof ClientS3>('@aws-sdk/client-s3');

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
    CompleteMultipartUploadCommand,
    CreateMultipartUploadCommand,
    DeleteObjectCommand,
    GetObjectCommand,
    HeadBucketCommand,
    ListMultipartUploadsCommand,
    ListObjectsV2Command,
    PutObjectCommand,
    S3ServiceException,
    UploadPartCommand,
  } = clientS3();
  const Bucket = config.bucket;
  const parts = partBuffers();
  return {
    kind: 's3',
    async put(key, body) {
      assertSafeKey(key);
      // Only `buffer.subarray(0, filled)` is ever sent: a reused buffer's older bytes never leave.
      const buffer = parts.take();
      let filled = 0;
      let uploadId: string | undefined;
      const sent: CompletedPart[] = [];
      const sendPart = async () => {
        uploadId ??= (await client.send(new CreateMultipartUploadCommand({ Bucket, Key: key }))).UploadId;
        const PartNumber = sent.length + 1;
        const { ETag } = await client.send(
          new UploadPartCommand({
            Bucket,
            Key: key,
            UploadId: uploadId,
            PartNumber,
            Body: buffer.subarray(0, filled),
          }),
        );
        sent.push({ PartNumber, ETag });
        filled = 0;
      };
      try {
        for await (const chunk of body as AsyncIterable<Buffer>) {
          for (let offset = 0; offset < chunk.length;) {
            // A full part goes out only when more bytes follow: a document up to 5 MiB is one PUT.
            if (filled === PART_SIZE) await sendPart();
            const copied = chunk.copy(buffer, filled, offset);
            filled += copied;
            offset += copied;
          }
        }
        if (uploadId === undefined) {
          await client.send(new PutObjectCommand({ Bucket, Key: key, Body: buffer.subarray(0, filled) }));
        } else {
          await sendPart();
          await client.send(
            new CompleteMultipartUploadCommand({
              Bucket,
              Key: key,
              UploadId: uploadId,
              MultipartUpload: { Parts: sent },
            }),
          );
        }
      } catch (error) {
        body.destroy();
        // A stream that fails midway aborts the multipart upload: nothing stays in the bucket
        // (if the abort fails too, the periodic sweep finds the unfinished upload).
        if (uploadId !== undefined)
          await client
            .send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId }))
            .catch(() => undefined);
        throw error;
      } finally {
        parts.give(buffer);
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
