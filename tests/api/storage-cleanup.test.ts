import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { documenti } from '#server/db/schema.ts';
import { ORPHAN_GRACE_MS, orphanDocumentsJob } from '#server/storage/storage.jobs.ts';
import { newDocumentKey } from '#server/storage/storage.ts';
import { buildSubmission, insertPratica, insertDocumento, insertPuntoFisico } from '#test/setup/factories.ts';
import { SAMPLE_TXT, samplePdf } from '#test/setup/sample-files.ts';
import { buildLoggedApp, createTestContext, type TestContext } from '#test/setup/test-app.ts';

let ctx: TestContext;
let puntoId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  puntoId = (await insertPuntoFisico(ctx.db)).id;
});
afterAll(async () => ctx?.close());

const storedFiles = () => (existsSync(ctx.uploadDir) ? readdirSync(ctx.uploadDir).sort() : []);
const documentCount = async (praticaId: number) =>
  (await ctx.db.select({ n: count() }).from(documenti).where(eq(documenti.praticaId, praticaId)))[0].n;

describe('an upload killed midway leaves nothing behind', () => {
  it('the customer goes away during the second file: no file, no .part, no document row; logged as a client abort, not an outage', async () => {
    const submitted = await ctx.app.inject({
      method: 'POST',
      url: '/api/submit-form',
      payload: buildSubmission(puntoId),
      remoteAddress: '10.7.0.1',
    });
    expect(submitted.statusCode).toBe(201);
    const { praticaId, uploadToken } = submitted.json<{ praticaId: number; uploadToken: string }>();

    const { app, lines } = await buildLoggedApp(ctx);
    onTestFinished(() => app.close());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    const boundary = `----winsolution${randomBytes(8).toString('hex')}`;
    const filePart = (field: string, name: string, type: string) =>
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      );
    const first = Buffer.concat([
      filePart('luceFile', 'luce.pdf', 'application/pdf'),
      await samplePdf(),
      Buffer.from('\r\n'),
    ]);
    // A long text bill announced in full, of which only the beginning is ever sent.
    const bigText = Buffer.alloc(6 * 1024 * 1024, SAMPLE_TXT);
    const secondHead = filePart('gasFile', 'gas.txt', 'text/plain');
    const declared = first.length + secondHead.length + bigText.length + `\r\n--${boundary}--\r\n`.length;

    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/pratiche/${praticaId}/upload HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${declared}\r\n` +
        `X-Upload-Token: ${uploadToken}\r\n\r\n`,
    );
    socket.write(first);
    socket.write(secondHead);
    socket.write(bigText.subarray(0, 1024 * 1024));

    // The first file is stored and the second is being written when the connection drops.
    await expect.poll(() => storedFiles().some((f) => f.endsWith('.part'))).toBe(true);
    socket.destroy();

    await expect.poll(storedFiles, { timeout: 10_000 }).toEqual([]);
    expect(await documentCount(praticaId)).toBe(0);
    // The error handler saw a customer leaving, not a backing service away.
    const entries = () => lines.map((l) => JSON.parse(l) as { level: number; msg: string });
    await expect
      .poll(() => entries().find((e) => e.msg === 'richiesta interrotta dal client'), { timeout: 10_000 })
      .toMatchObject({ level: 30 });
    expect(entries().filter((e) => e.level >= 40)).toEqual([]);
    expect(lines.join('\n')).not.toContain('non raggiungibile');
  });
});

describe('the periodic cleanup of the document store', () => {
  it('removes orphan documents and unfinished writes past the grace period, keeps the rest, and a second run finds nothing', async () => {
    const now = new Date();
    const old = new Date(now.getTime() - ORPHAN_GRACE_MS - 60_000);
    const pratica = await insertPratica(ctx.db);

    const recorded = await insertDocumento(
      ctx.db,
      { praticaId: pratica.id, filename: newDocumentKey('pdf') },
      ctx.storage,
    );
    const orphan = newDocumentKey('pdf');
    const recentOrphan = newDocumentKey('jpg');
    const deadPart = `${newDocumentKey('pdf')}.${randomBytes(4).toString('hex')}.part`;
    const livePart = `${newDocumentKey('pdf')}.${randomBytes(4).toString('hex')}.part`;
    for (const name of [orphan, recentOrphan, deadPart, livePart])
      writeFileSync(path.join(ctx.uploadDir, name), 'x');
    for (const name of [recorded.filename, orphan, deadPart])
      utimesSync(path.join(ctx.uploadDir, name), old, old);

    const logged: object[] = [];
    const job = orphanDocumentsJob(ctx.storage);
    const log = { info: (o: object) => logged.push(o), error: () => undefined };

    await job.run({ db: ctx.db, now, log });
    expect(storedFiles()).toEqual([recorded.filename, recentOrphan, livePart].sort());
    expect(logged).toEqual([{ orphans: 1, unfinished: 1 }]);

    await job.run({ db: ctx.db, now, log });
    expect(logged).toHaveLength(1);
    expect(storedFiles()).toEqual([recorded.filename, recentOrphan, livePart].sort());
  });
});
