/**
 * A local S3-compatible server for the tests (s3rver, in this process, on a free port).
 *
 * s3rver implements multipart uploads but neither lists nor aborts them, which every real store
 * (AWS S3, MinIO, R2…) does and our cleanup relies on: this adds ListMultipartUploads and
 * AbortMultipartUpload over s3rver's own folder of unfinished uploads, so the tests can see
 * what a killed upload leaves and check that the cleanup removes it.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '#server/env.ts';

export interface TestS3 {
  config: S3Config;
  /** The variables that point a server process at this store. */
  env: Record<string, string>;
  /** Multipart uploads begun and neither completed nor aborted. */
  unfinishedUploads(): string[];
  close(): Promise<void>;
}

interface KoaContext {
  method: string;
  url: string;
  status: number;
  body: unknown;
  type: string;
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function startTestS3(directory: string, bucket: string): Promise<TestS3> {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const uploadsDir = path.join(directory, bucket, '._S3rver_uploads');
  const unfinishedUploads = () => (existsSync(uploadsDir) ? readdirSync(uploadsDir) : []);

  // Before s3rver's own routes (Koa composes its middleware when the server starts).
  (server as unknown as { middleware: unknown[] }).middleware.unshift(
    async (ctx: KoaContext, next: () => Promise<void>) => {
      const url = new URL(ctx.url, 'http://s3');
      const [, target, ...key] = url.pathname.split('/');
      if (target !== bucket) return next();
      if (ctx.method === 'GET' && key.join('') === '' && url.searchParams.has('uploads')) {
        const uploads = unfinishedUploads().map((id) => {
          const dir = path.join(uploadsDir, id);
          const name = readFileSync(path.join(dir, 'key'), 'utf8');
          const initiated = statSync(dir).birthtime.toISOString();
          return `<Upload><Key>${xml(name)}</Key><UploadId>${xml(id)}</UploadId><Initiated>${initiated}</Initiated></Upload>`;
        });
        ctx.type = 'application/xml';
        ctx.body =
          `<?xml version="1.0" encoding="UTF-8"?><ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
          `<Bucket>${bucket}</Bucket><IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`;
        return;
      }
      const uploadId = url.searchParams.get('uploadId');
      if (ctx.method === 'DELETE' && uploadId && key.length > 0) {
        if (!/^[A-Za-z0-9-]+$/.test(uploadId)) return next();
        rmSync(path.join(uploadsDir, uploadId), { recursive: true, force: true });
        ctx.status = 204;
        return;
      }
      return next();
    },
  );
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    config: {
      bucket,
      endpoint,
      region: 'us-east-1',
      // s3rver's fixed development credentials.
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    },
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    unfinishedUploads,
    close: () => server.close(),
  };
}
