/**
 * Two production instances on one PostgreSQL and one S3-compatible store, as docs/deploy.md
 * describes them: real server processes behind no proxy but their own ports, started at the same
 * moment on an empty database. Runs in the PostgreSQL leg (`npm run test:pg`), on a database of
 * its own in that server.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPostgres, type DatabaseHandle } from '#server/db/client.ts';
import { migrationsFolder } from '#server/db/migrate.ts';
import { documenti, users } from '#server/db/schema.ts';
import { startScheduler } from '#server/jobs/scheduler.ts';
import { createS3Client, createS3Storage } from '#server/storage/s3-storage.ts';
import { ORPHAN_GRACE_MS, orphanDocumentsJob } from '#server/storage/storage.jobs.ts';
import { buildSubmission, insertPuntoFisico } from '#test/setup/factories.ts';
import { multipartBody, startUpload, textBill } from '#test/support/http-upload.ts';
import { startTestS3, type TestS3 } from '#test/support/s3-server.ts';
import { createScratchDatabase, type ScratchDatabase } from '#test/support/scratch-database.ts';
import { killAllServers, spawnServer, type ServerProcess } from '#test/support/spawn-server.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const ADMIN = { email: 'admin@istanze.winsolution.it', password: 'password-istanze-1' };
const BUCKET = 'winsolution-istanze';

let folder: string;
let scratch: ScratchDatabase | undefined;
let databaseUrl: string;
let s3: TestS3;
let handle: DatabaseHandle;
let a: ServerProcess;
let b: ServerProcess;
let puntoId: number;

beforeAll(async () => {
  if (!serverUrl) return;
  folder = mkdtempSync(path.join(tmpdir(), 'winsolution-istanze-'));
  scratch = await createScratchDatabase(serverUrl, 'winsolution_istanze');
  databaseUrl = scratch.url;
  mkdirSync(path.join(folder, 's3'));
  s3 = await startTestS3(path.join(folder, 's3'), BUCKET);

  const env = (name: string) => ({
    DATABASE_URL: databaseUrl,
    ...s3.env,
    DATA_DIR: path.join(folder, name),
    PUBLIC_BASE_URL: 'http://localhost:5000',
    SESSION_SECRET: 'segreto-condiviso-dalle-istanze-0123456789abcdef',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // As behind the load balancer: the customer's address comes in X-Forwarded-For.
    TRUST_PROXY: '127.0.0.1',
  });
  // The same moment, on an empty database: both try to migrate and seed.
  [a, b] = await Promise.all([spawnServer({ env: env('a') }), spawnServer({ env: env('b') })]);
  handle = fromPostgres(databaseUrl, 2);
  puntoId = (await insertPuntoFisico(handle.db)).id;
}, 600_000);

afterAll(async () => {
  await killAllServers();
  await handle?.close();
  await s3?.close();
  await scratch?.drop();
  if (folder) rmSync(folder, { recursive: true, force: true });
}, 60_000);

async function login(server: ServerProcess, ip: string, password = ADMIN.password, email = ADMIN.email) {
  return fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ email, password }),
  });
}

async function signIn(server: ServerProcess, ip: string): Promise<string> {
  const res = await login(server, ip);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const getUser = (server: ServerProcess, cookie: string) =>
  fetch(`${server.url}/api/user`, { headers: { cookie } }).then((r) => r.status);

let visitor = 0;
async function newPratica(server: ServerProcess) {
  const ip = `10.61.0.${++visitor}`;
  const res = await fetch(`${server.url}/api/submit-form`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(buildSubmission(puntoId)),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const { praticaId, uploadToken } = (await res.json()) as { praticaId: number; uploadToken: string };
  return { praticaId, uploadToken, ip };
}

const documentRows = async (praticaId: number) =>
  (await handle.db.select({ n: count() }).from(documenti).where(eq(documenti.praticaId, praticaId)))[0].n;

describe.skipIf(!serverUrl)('two instances on one PostgreSQL and one S3 store', { timeout: 300_000 }, () => {
  it('started at the same moment, they migrate and seed once', async () => {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const result = (await handle.db.execute(
      sql`select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: Array<{ n: number; distinct: number }> };
    const [applied] = result.rows;
    expect(applied).toEqual({ n: journal.entries.length, distinct: journal.entries.length });
    const admins = await handle.db.select({ n: count() }).from(users).where(eq(users.email, ADMIN.email));
    expect(admins[0].n).toBe(1);
  });

  it('a session made on A works on B, and a logout on B ends it on A', async () => {
    const cookie = await signIn(a, '10.61.1.1');
    expect(await getUser(b, cookie)).toBe(200);
    const out = await fetch(`${b.url}/api/logout`, { method: 'POST', headers: { cookie } });
    expect(out.status).toBe(204);
    expect(await getUser(a, cookie)).toBe(401);
    expect(await getUser(b, cookie)).toBe(401);
  });

  it('a bill uploaded through A downloads through B byte for byte', async () => {
    const pratica = await newPratica(a);
    // Larger than one 5 MB part: a multipart upload to the store.
    const bill = textBill(7 * 1024 * 1024 + 123);
    const { body, contentType } = multipartBody([
      { field: 'luceFile', filename: 'luce.txt', contentType: 'text/plain', data: bill },
    ]);
    const up = await fetch(`${a.url}/api/pratiche/${pratica.praticaId}/upload`, {
      method: 'POST',
      headers: {
        'content-type': contentType,
        'x-upload-token': pratica.uploadToken,
        'x-forwarded-for': pratica.ip,
      },
      body: new Uint8Array(body),
    });
    expect(up.status, await up.clone().text()).toBe(201);
    const [doc] = ((await up.json()) as { documenti: Array<{ filename: string }> }).documenti;

    const cookie = await signIn(b, '10.61.1.2');
    const down = await fetch(`${b.url}/api/pratiche/${pratica.praticaId}/files/${doc.filename}`, {
      headers: { cookie },
    });
    expect(down.status).toBe(200);
    expect(Buffer.from(await down.arrayBuffer()).equals(bill)).toBe(true);
  });

  it('the login limit counts the wrong passwords made on both', async () => {
    const ip = '10.61.2.1';
    const email = 'bersaglio@esempio.it';
    // Five wrong passwords for one account from one address, alternating instances…
    for (const server of [a, b, a, b, a])
      expect((await login(server, ip, 'sbagliata-123', email)).status).toBe(401);
    // …and the sixth is refused on either.
    const refused = await login(b, ip, 'sbagliata-123', email);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await login(a, ip, 'sbagliata-123', email)).status).toBe(429);
  });

  it('A killed with SIGKILL during an upload: B keeps serving, and the cleanup leaves nothing behind', async () => {
    const cookie = await signIn(b, '10.61.3.1');
    const pratica = await newPratica(a);
    const upload = startUpload(
      `${a.url}/api/pratiche/${pratica.praticaId}/upload`,
      [
        {
          field: 'gasFile',
          filename: 'gas.txt',
          contentType: 'text/plain',
          data: textBill(12 * 1024 * 1024),
        },
      ],
      7 * 1024 * 1024,
      { 'x-upload-token': pratica.uploadToken, 'x-forwarded-for': pratica.ip },
    );
    // The store has begun a multipart upload for it when A dies.
    await expect.poll(() => s3.unfinishedUploads().length, { timeout: 60_000 }).toBe(1);
    await a.stop('SIGKILL');
    await expect(upload.response).rejects.toThrow();

    expect((await fetch(`${b.url}/readyz`)).status).toBe(200);
    expect(await getUser(b, cookie)).toBe(200);
    const second = await newPratica(b);
    expect(second.praticaId).toBeGreaterThan(pratica.praticaId);

    // The scheduler's cleanup, woken at a time past the grace period of the interrupted upload.
    const storage = createS3Storage(s3.config);
    const job = orphanDocumentsJob(storage);
    const later = new Date(Date.now() + ORPHAN_GRACE_MS + 60_000);
    const scheduler = startScheduler(handle.db, [job], {
      clock: () => later,
      log: { info: () => undefined, error: () => undefined },
    });
    scheduler.wake(job.name);
    await expect.poll(() => s3.unfinishedUploads(), { timeout: 60_000 }).toEqual([]);
    await scheduler.stop();

    expect(await documentRows(pratica.praticaId)).toBe(0);
    // Every object left in the bucket is a recorded document.
    const listed = await createS3Client(s3.config).send(new ListObjectsV2Command({ Bucket: BUCKET }));
    const keys = (listed.Contents ?? []).map((o) => o.Key!);
    const recorded = keys.length
      ? await handle.db
          .select({ f: documenti.filename })
          .from(documenti)
          .where(inArray(documenti.filename, keys))
      : [];
    expect(recorded.map((r) => r.f).sort()).toEqual([...keys].sort());
  });
});
