import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '#server/app.ts';
import type { S3Config } from '#server/env.ts';
import { createS3Storage } from '#server/storage/s3-storage.ts';
import { newDocumentKey, type DocumentStorage } from '#server/storage/storage.ts';
import { startTestS3, type TestS3 } from '#test/support/s3-server.ts';
import { buildSubmission, insertPuntoFisico } from '#test/setup/factories.ts';
import { multipart, samplePdf } from '#test/setup/sample-files.ts';
import {
  createTestContext,
  loginAsAdmin,
  TEST_SESSION_SECRET,
  type TestContext,
} from '#test/setup/test-app.ts';

const BUCKET = 'winsolution-test';
let server: TestS3;
let folder: string;
let s3: S3Config;
let storage: DocumentStorage;
let ctx: TestContext;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'winsolution-s3-'));
  server = await startTestS3(folder, BUCKET);
  s3 = server.config;
  storage = createS3Storage(s3);
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
  await server?.close();
  rmSync(folder, { recursive: true, force: true });
});

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('documents in an S3-compatible store', () => {
  it('stores a 12 MB document in parts and streams it back byte for byte', async () => {
    const data = randomBytes(12 * 1024 * 1024);
    const key = newDocumentKey('pdf');
    await storage.put(key, Readable.from([data.subarray(0, 7_000_000), data.subarray(7_000_000)]));
    const file = await storage.get(key);
    expect(file?.size).toBe(data.length);
    expect(sha256(await readAll(file!.stream))).toBe(sha256(data));
    await storage.remove(key);
    expect(await storage.get(key)).toBeNull();
  });

  it('stores documents around the 5 MiB part size, and a small one after a large one, exactly', async () => {
    const part = 5 * 1024 * 1024;
    // One PUT, two parts with a one-byte last part, then a tiny one through the reused buffer.
    for (const size of [part, part + 1, 3 * part + 17, 9]) {
      const data = randomBytes(size);
      const key = newDocumentKey('pdf');
      // Chunks of odd sizes, as a socket delivers them.
      const chunks = [];
      for (let at = 0; at < size; at += 65_521) chunks.push(data.subarray(at, at + 65_521));
      await storage.put(key, Readable.from(chunks));
      const file = await storage.get(key);
      expect(file?.size).toBe(size);
      expect(sha256(await readAll(file!.stream))).toBe(sha256(data));
      await storage.remove(key);
    }
  });

  it('a stream that fails midway, after a part was sent, leaves no object and no unfinished upload', async () => {
    const key = newDocumentKey('pdf');
    async function* broken() {
      yield randomBytes(6 * 1024 * 1024);
      yield randomBytes(6 * 1024 * 1024);
      throw new Error('il cliente se ne è andato');
    }
    await expect(storage.put(key, Readable.from(broken()))).rejects.toThrow('il cliente se ne è andato');
    expect(await storage.get(key)).toBeNull();
    expect(server.unfinishedUploads()).toEqual([]);
  });

  it('the sweep removes objects no document names and keeps the recorded ones', async () => {
    const kept = newDocumentKey('pdf');
    const orphan = newDocumentKey('jpg');
    for (const key of [kept, orphan]) await storage.put(key, Readable.from([Buffer.from('%PDF-1.4')]));
    const future = new Date(Date.now() + 60_000);
    const first = await storage.sweep(future, async (keys) => new Set(keys.filter((k) => k === kept)));
    expect(first.orphans).toBe(1);
    expect(await storage.get(orphan)).toBeNull();
    expect(await storage.get(kept)).not.toBeNull();
    const again = await storage.sweep(future, async (keys) => new Set(keys.filter((k) => k === kept)));
    expect(again.orphans).toBe(0);
  });

  it('check() fails for a bucket that does not exist, and /readyz says so', async () => {
    const missing = createS3Storage({ ...s3, bucket: 'non-esiste' });
    await expect(missing.check()).rejects.toThrow();
    const app = await buildApp({
      db: ctx.db,
      config: ctx.config,
      sessionSecret: TEST_SESSION_SECRET,
      storage: missing,
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ database: 'ok', documenti: 'non raggiungibile' });
    } finally {
      await app.close();
    }
  });

  it('a bill uploaded through one instance downloads through another, byte for byte', async () => {
    const make = () =>
      buildApp({
        db: ctx.db,
        config: ctx.config,
        sessionSecret: TEST_SESSION_SECRET,
        storage: createS3Storage(s3),
      });
    const apps: App[] = [await make(), await make()];
    try {
      const [a, b] = apps;
      const punto = await insertPuntoFisico(ctx.db);
      const submitted = await a.inject({
        method: 'POST',
        url: '/api/submit-form',
        payload: buildSubmission(punto.id),
        remoteAddress: '10.8.0.1',
      });
      expect(submitted.statusCode).toBe(201);
      const { praticaId, uploadToken } = submitted.json<{ praticaId: number; uploadToken: string }>();
      const pdf = await samplePdf('Bolletta su S3');
      const { payload, headers } = multipart([{ field: 'luceFile', filename: 'luce.pdf', data: pdf }]);
      const uploaded = await a.inject({
        method: 'POST',
        url: `/api/pratiche/${praticaId}/upload`,
        payload,
        headers: { ...headers, 'x-upload-token': uploadToken },
        remoteAddress: '10.8.0.1',
      });
      expect(uploaded.statusCode).toBe(201);
      const [documento] = uploaded.json<{ documenti: Array<{ filename: string }> }>().documenti;

      const cookie = await loginAsAdmin(b);
      const downloaded = await b.inject({
        method: 'GET',
        url: `/api/pratiche/${praticaId}/files/${documento.filename}`,
        headers: { cookie },
      });
      expect(downloaded.statusCode).toBe(200);
      expect(downloaded.headers['content-type']).toBe('application/pdf');
      expect(Number(downloaded.headers['content-length'])).toBe(pdf.length);
      expect(sha256(downloaded.rawPayload)).toBe(sha256(pdf));
    } finally {
      for (const app of apps) await app.close();
    }
  });
});
