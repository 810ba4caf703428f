/**
 * The real server process on the embedded database, as `npm start` runs it: one owner per
 * DATA_DIR, SIGTERM with an upload still arriving, and uploads cut short by the customer or by a
 * killed process. See docs/deploy.md. (The PostgreSQL + S3 side: instances.test.ts.)
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { LOCK_FILE } from '#server/db/data-dir-lock.ts';
import { prepareDatabase } from '#server/db/prepare.ts';
import { documenti } from '#server/db/schema.ts';
import { startScheduler } from '#server/jobs/scheduler.ts';
import { ORPHAN_GRACE_MS, orphanDocumentsJob } from '#server/storage/storage.jobs.ts';
import { createLocalStorage } from '#server/storage/storage.ts';
import { buildSubmission, insertPuntoFisico } from '#test/setup/factories.ts';
import { startTestSmtp, type TestSmtp } from '#test/setup/smtp.ts';
import { startUpload, textBill } from '#test/support/http-upload.ts';
import { killAllServers, spawnServer, type ServerProcess } from '#test/support/spawn-server.ts';

// One run is enough: this file starts its own embedded database whatever the leg.
const skip = Boolean(process.env.TEST_DATABASE_URL);

const ADMIN = { email: 'admin@processo.winsolution.it', password: 'password-processo-1' };
let folder: string;
let dataDir: string;
let uploadDir: string;
let puntoId: number;

const env = () => ({
  DATA_DIR: dataDir,
  UPLOAD_DIR: uploadDir,
  PUBLIC_BASE_URL: 'http://localhost:5000',
  SESSION_SECRET: 'sessione-di-prova-del-processo-0123456789abcdef',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  // Each test speaks as its own customer (X-Forwarded-For), so limits never mix tests.
  TRUST_PROXY: '127.0.0.1',
});

/** Opens the folder as the tests' own process (obeying the lock), runs `work`, closes. */
async function withDatabase<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ dataDir, owner: { purpose: 'test' } });
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

beforeAll(async () => {
  if (skip) return;
  folder = mkdtempSync(path.join(tmpdir(), 'winsolution-process-'));
  dataDir = path.join(folder, 'data');
  uploadDir = path.join(folder, 'uploads');
  puntoId = await withDatabase(async (handle) => {
    await prepareDatabase(handle, { adminEmail: ADMIN.email, adminPassword: ADMIN.password });
    return (await insertPuntoFisico(handle.db)).id;
  });
}, 300_000);

afterAll(async () => {
  await killAllServers();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

let visitor = 0;
/** A practice created by the wizard's first step, as a fresh visitor. */
async function newPratica(server: ServerProcess) {
  const ip = `10.55.0.${++visitor}`;
  const res = await fetch(`${server.url}/api/submit-form`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(buildSubmission(puntoId)),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const { praticaId, uploadToken } = (await res.json()) as { praticaId: number; uploadToken: string };
  return { praticaId, uploadToken, ip };
}

const storedFiles = () => (existsSync(uploadDir) ? readdirSync(uploadDir) : []);
const partFiles = () => storedFiles().filter((f) => f.endsWith('.part'));

/** A bill of 8 MB of which only the first 2 MB are sent for now. */
function uploadHalf(server: ServerProcess, p: { praticaId: number; uploadToken: string; ip: string }) {
  return startUpload(
    `${server.url}/api/pratiche/${p.praticaId}/upload`,
    [{ field: 'luceFile', filename: 'luce.txt', contentType: 'text/plain', data: textBill(8 * 1024 * 1024) }],
    2 * 1024 * 1024,
    { 'x-upload-token': p.uploadToken, 'x-forwarded-for': p.ip },
  );
}

const documentRows = (praticaId: number) =>
  withDatabase(
    async ({ db }) =>
      (await db.select({ n: count() }).from(documenti).where(eq(documenti.praticaId, praticaId)))[0].n,
  );

describe.skipIf(skip)('the server process on the embedded database', { timeout: 300_000 }, () => {
  /**
   * The tests that only use a running server share one start (a start opens the embedded
   * database and checks its migrations: seconds of CPU each), with what each of them needs: no
   * PUBLIC_BASE_URL, info logs and a mail server. Its last test stops it; the tests after the
   * group stop or kill their server, so each has a process of its own.
   */
  describe('one server for the tests that only use it', () => {
    let smtp: TestSmtp;
    let server: ServerProcess;
    beforeAll(async () => {
      smtp = await startTestSmtp();
      server = await spawnServer({
        env: {
          ...env(),
          PUBLIC_BASE_URL: undefined,
          LOG_LEVEL: 'info',
          SMTP_URL: smtp.url,
          MAIL_FROM: 'noreply@esempio.it',
        },
      });
    }, 300_000);
    afterAll(async () => {
      await server?.stop();
      await smtp?.close();
    });

    const signIn = (origin: string) =>
      fetch(`http://127.0.0.1:${server.port}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': '10.56.0.1' },
        body: JSON.stringify(ADMIN),
      });

    it('refuses a second start on the same DATA_DIR, naming the running one (PID and port)', async () => {
      const second = await spawnServer({ env: env(), waitReady: false });
      const { code } = await second.exited;
      expect(code).toBe(1);
      expect(second.output()).toContain(
        `è già in uso da un server WINSOLUTION (PID ${server.pid}, porta ${server.port}`,
      );
      expect(second.output()).toContain('Il database incorporato accetta un solo processo alla volta');
      // The first one is untouched.
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    });

    it("with a mail server, a submission's e-mails leave at once, not at the worker's next round", async () => {
      const submission = buildSubmission(puntoId);
      const res = await fetch(`${server.url}/api/submit-form`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.55.1.${++visitor}` },
        body: JSON.stringify(submission),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      // The worker's timer comes back every 15 s: only the commit's wake sends it this soon.
      await expect.poll(() => smtp.to(submission.email).length, { timeout: 10_000 }).toBe(1);
    });

    it('a customer who goes away midway leaves no document, no file and no .part', async () => {
      const before = storedFiles().sort();
      const pratica = await newPratica(server);
      const upload = uploadHalf(server, pratica);
      await expect.poll(partFiles, { timeout: 30_000 }).toHaveLength(1);
      upload.abort();
      await expect.poll(() => storedFiles().sort(), { timeout: 30_000 }).toEqual(before);
      // The practice as the office reads it: no document.
      const signedIn = await signIn(`http://127.0.0.1:${server.port}`);
      expect(signedIn.status).toBe(200);
      const cookie = signedIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const read = await fetch(`${server.url}/api/pratiche/${pratica.praticaId}`, {
        headers: { cookie, 'x-forwarded-for': '10.56.0.1' },
      });
      expect(read.status).toBe(200);
      expect(((await read.json()) as { documentiCount: number }).documentiCount).toBe(0);
    });

    // Last of the group: it stops the server.
    it('without PUBLIC_BASE_URL: prints its addresses, signs in at 127.0.0.1, refuses another site, logs no request', async () => {
      await expect
        .poll(() => server.output())
        .toContain(`WINSOLUTION pronto su http://localhost:${server.port} (database: pglite`);
      expect((await signIn(`http://127.0.0.1:${server.port}`)).status).toBe(200);
      const foreign = await signIn('https://sito-malevolo.example');
      expect(foreign.status).toBe(403);
      expect(((await foreign.json()) as { message: string }).message).toContain('PUBLIC_BASE_URL');
      await server.stop('SIGTERM');
      // The stop line comes after every line the requests (this test's and the group's) could have written.
      expect(server.output()).toContain('SIGTERM: chiusura in corso');
      expect(server.output()).not.toContain('"req"');
    });
  });

  it('on SIGTERM stops accepting, finishes an upload whose body is still arriving, then closes the database', async () => {
    const server = await spawnServer({ env: env() });
    const pratica = await newPratica(server);
    const upload = uploadHalf(server, pratica);
    // The bill is being written when the signal comes.
    await expect.poll(partFiles, { timeout: 30_000 }).toHaveLength(1);

    server.child.kill('SIGTERM');
    // No new connections…
    await expect
      .poll(
        () =>
          fetch(`${server.url}/healthz`).then(
            () => 'accettata',
            () => 'rifiutata',
          ),
        { timeout: 30_000 },
      )
      .toBe('rifiutata');
    // …but the request in flight gets the rest of its body and its answer.
    const answer = await upload.finish();
    expect(answer.status, answer.body).toBe(201);
    expect(await server.exited).toEqual({ code: 0, signal: null });
    // The database was closed, and DATA_DIR released.
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    expect(await documentRows(pratica.praticaId)).toBe(1);
    expect(partFiles()).toEqual([]);
  });

  it('a server killed during an upload leaves a .part that the cleanup job removes after the restart', async () => {
    const server = await spawnServer({ env: env() });
    const before = storedFiles().sort();
    const pratica = await newPratica(server);
    const upload = uploadHalf(server, pratica);
    await expect.poll(partFiles, { timeout: 30_000 }).toHaveLength(1);
    await server.stop('SIGKILL');
    await expect(upload.response).rejects.toThrow();
    expect(partFiles()).toHaveLength(1);

    // Restarted on the same folder: the lock of the killed process is recognised and taken over.
    const restarted = await spawnServer({ env: env() });
    expect((await fetch(`${restarted.url}/readyz`)).status).toBe(200);
    await restarted.stop();

    // The scheduler's cleanup, woken at a time past the grace period of the interrupted write.
    await withDatabase(async ({ db }) => {
      const later = new Date(Date.now() + ORPHAN_GRACE_MS + 60_000);
      const job = orphanDocumentsJob(createLocalStorage(uploadDir));
      const scheduler = startScheduler(db, [job], {
        clock: () => later,
        log: { info: () => undefined, error: () => undefined },
      });
      scheduler.wake(job.name);
      await expect.poll(partFiles, { timeout: 30_000 }).toEqual([]);
      await scheduler.stop();
      expect(
        (await db.select({ n: count() }).from(documenti).where(eq(documenti.praticaId, pratica.praticaId)))[0]
          .n,
      ).toBe(0);
    });
    expect(storedFiles().sort()).toEqual(before);
  });
});
