import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documenti, pratiche } from '#server/db/schema.ts';
import { createUploadToken, UPLOAD_TOKEN_TTL_MS } from '#server/modules/landing/upload-token.ts';
import { msg } from '#shared/messages.ts';
import { buildSubmission, insertPratica, insertPuntoFisico } from '#test/setup/factories.ts';
import {
  JPEG_PAGE_1,
  JPEG_PAGE_2,
  multipart,
  PNG_IMAGE,
  SAMPLE_TXT,
  sampleDoc,
  sampleDocx,
  sampleElf,
  sampleExe,
  sampleMsi,
  samplePdf,
  sampleZip,
  type MultipartFile,
} from '#test/setup/sample-files.ts';
import {
  createTestContext,
  loginAs,
  loginAsAdmin,
  TEST_SESSION_SECRET,
  type TestContext,
} from '#test/setup/test-app.ts';

const m = msg.landing;
let ctx: TestContext;
let admin: string;
let puntoId: number;
let pdf: Buffer;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await loginAsAdmin(ctx.app);
  puntoId = (await insertPuntoFisico(ctx.db)).id;
  pdf = await samplePdf();
});
afterAll(async () => ctx?.close());

const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** A practice created as the wizard does, with its upload token. */
async function newPratica(): Promise<{ praticaId: number; uploadToken: string }> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/submit-form',
    payload: buildSubmission(puntoId),
    remoteAddress: randomIp(),
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

function upload(
  praticaId: number,
  token: string | undefined,
  files: MultipartFile[],
  options: { ip?: string } = {},
) {
  const { payload, headers } = multipart(files);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/pratiche/${praticaId}/upload`,
    payload,
    headers: { ...headers, ...(token ? { 'x-upload-token': token } : {}) },
    remoteAddress: options.ip ?? randomIp(),
  });
}

const storedFiles = () => (existsSync(ctx.uploadDir) ? readdirSync(ctx.uploadDir).sort() : []);
async function documentCount(praticaId?: number) {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(documenti)
    .where(praticaId ? eq(documenti.praticaId, praticaId) : undefined);
  return row.n;
}
/** Files under the OS temp folder that look like multipart spills: none may be created. */
const tempSpills = () => readdirSync(tmpdir()).filter((f) => /^(busboy|multipart|fastify)/i.test(f));

async function download(praticaId: number, filename: string, cookie = admin) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/pratiche/${praticaId}/files/${filename}`,
    headers: { cookie },
  });
}

describe('POST /api/pratiche/{id}/upload: accepted documents', () => {
  it('stores separate luce and gas bills under random names, listed and downloadable byte for byte', async () => {
    const { praticaId, uploadToken } = await newPratica();
    const res = await upload(praticaId, uploadToken, [
      { field: 'luceFile', filename: 'bolletta luce.pdf', data: pdf, contentType: 'application/pdf' },
      { field: 'gasFile', filename: 'gas.jpg', data: JPEG_PAGE_1, contentType: 'image/jpeg' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const docs = res.json().documenti;
    expect(
      docs.map((d: { parte: string; displayName: string; mimeType: string }) => [
        d.parte,
        d.displayName,
        d.mimeType,
      ]),
    ).toEqual([
      ['luceFile', 'bolletta luce.pdf', 'application/pdf'],
      ['gasFile', 'gas.jpg', 'image/jpeg'],
    ]);
    for (const d of docs) {
      expect(d.filename).toMatch(/^[0-9a-f]{32}\.(pdf|jpg)$/);
      expect(storedFiles()).toContain(d.filename);
    }

    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/pratiche/${praticaId}/files`,
      headers: { cookie: admin },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual(docs);

    const file = await download(praticaId, docs[0].filename);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `inline; filename="bolletta luce.pdf"; filename*=UTF-8''bolletta%20luce.pdf`,
    );
    expect(file.rawPayload.equals(pdf)).toBe(true);
    const image = await download(praticaId, docs[1].filename);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.equals(JPEG_PAGE_1)).toBe(true);
  });

  it('keeps two camera pages as sent and merges them into one PDF document', async () => {
    const { praticaId, uploadToken } = await newPratica();
    const res = await upload(praticaId, uploadToken, [
      { field: 'combinedPage1', filename: 'pagina1.jpg', data: JPEG_PAGE_1, contentType: 'image/jpeg' },
      { field: 'combinedPage2', filename: 'pagina2.png', data: PNG_IMAGE, contentType: 'image/png' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const docs = res.json().documenti as Array<{
      id: number;
      parte: string;
      mergedIntoId: number | null;
      filename: string;
      mimeType: string;
      displayName: string;
    }>;
    const merged = docs.find((d) => d.parte === 'combinedMerged')!;
    expect(merged).toMatchObject({
      mimeType: 'application/pdf',
      displayName: 'Bolletta luce e gas (2 pagine).pdf',
      mergedIntoId: null,
    });
    const pages = docs.filter((d) => d.parte.startsWith('combinedPage'));
    expect(pages.map((p) => p.mergedIntoId)).toEqual([merged.id, merged.id]);

    const pdfRes = await download(praticaId, merged.filename);
    const parsed = await PDFDocument.load(pdfRes.rawPayload);
    expect(parsed.getPageCount()).toBe(2);
    const page1 = await download(praticaId, pages.find((p) => p.parte === 'combinedPage1')!.filename);
    expect(page1.rawPayload.equals(JPEG_PAGE_1)).toBe(true);
  });

  it('merges the luce and gas pages separately', async () => {
    const { praticaId, uploadToken } = await newPratica();
    const res = await upload(praticaId, uploadToken, [
      { field: 'lucePage1', filename: 'l1.jpg', data: JPEG_PAGE_1 },
      { field: 'lucePage2', filename: 'l2.jpg', data: JPEG_PAGE_2 },
      { field: 'gasPage1', filename: 'g1.jpg', data: JPEG_PAGE_2 },
      { field: 'gasPage2', filename: 'g2.jpg', data: JPEG_PAGE_1 },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const parti = res
      .json()
      .documenti.map((d: { parte: string }) => d.parte)
      .sort();
    expect(parti).toEqual(['gasMerged', 'gasPage1', 'gasPage2', 'luceMerged', 'lucePage1', 'lucePage2']);
  });

  it('writes two JPEG pages into a PDF that readers open, with each photo unchanged inside', async () => {
    const { praticaId, uploadToken } = await newPratica();
    const res = await upload(praticaId, uploadToken, [
      { field: 'lucePage1', filename: 'l1.jpg', data: JPEG_PAGE_1 },
      { field: 'lucePage2', filename: 'l2.jpg', data: JPEG_PAGE_2 },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const merged = (
      res.json().documenti as Array<{ parte: string; filename: string; sizeBytes: number }>
    ).find((d) => d.parte === 'luceMerged')!;
    const bytes = (await download(praticaId, merged.filename)).rawPayload;
    expect(bytes.length).toBe(merged.sizeBytes);
    const parsed = await PDFDocument.load(bytes, { throwOnInvalidObject: true });
    expect(parsed.getPageCount()).toBe(2);
    expect(parsed.getTitle()).toBe('Bolletta luce');
    // Portrait photos on portrait A4 pages.
    expect(parsed.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 });
    expect(bytes.includes(JPEG_PAGE_1)).toBe(true);
    expect(bytes.includes(JPEG_PAGE_2)).toBe(true);
    // A strict reader (poppler) finds both pages and reports no damage.
    const file = path.join(tmpdir(), `merged-${praticaId}.pdf`);
    writeFileSync(file, bytes);
    try {
      const info = spawnSync('pdfinfo', [file], { encoding: 'utf8' });
      expect(info.stderr).toBe('');
      expect(info.stdout).toMatch(/Pages:\s+2/);
      const images = spawnSync('pdfimages', ['-list', file], { encoding: 'utf8' });
      expect(images.stderr).toBe('');
      expect(images.stdout.match(/ jpeg /g)).toHaveLength(2);
    } finally {
      rmSync(file, { force: true });
    }
  });

  it.each([
    ['JPEG', 'foto.jpeg', () => JPEG_PAGE_1, 'image/jpeg', 'foto.jpeg'],
    ['PNG', 'scan.png', () => PNG_IMAGE, 'image/png', 'scan.png'],
    ['PDF', 'bolletta.pdf', () => pdf, 'application/pdf', 'bolletta.pdf'],
    [
      'DOCX',
      'bolletta.docx',
      sampleDocx,
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'bolletta.docx',
    ],
    ['DOC', 'bolletta.doc', sampleDoc, 'application/msword', 'bolletta.doc'],
    ['TXT', 'consumi.txt', () => SAMPLE_TXT, 'text/plain', 'consumi.txt'],
    ['a PDF named .txt', 'bolletta.txt', () => pdf, 'application/pdf', 'bolletta.txt.pdf'],
  ])('accepts %s, typed by content', async (_label, filename, data, mime, displayName) => {
    const { praticaId, uploadToken } = await newPratica();
    const res = await upload(praticaId, uploadToken, [
      { field: 'singleFile', filename, data: data(), contentType: 'application/octet-stream' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().documenti[0]).toMatchObject({ mimeType: mime, displayName });
  });

  it('downloads text as an attachment in UTF-8 with the exact accented name', async () => {
    const { praticaId, uploadToken } = await newPratica();
    const res = await upload(praticaId, uploadToken, [
      { field: 'singleFile', filename: 'Bolletta è già.txt', data: SAMPLE_TXT },
    ]);
    const doc = res.json().documenti[0];
    const file = await download(praticaId, doc.filename);
    expect(file.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Bolletta e gia.txt"; filename*=UTF-8''Bolletta%20%C3%A8%20gi%C3%A0.txt`,
    );
    expect(file.rawPayload.equals(SAMPLE_TXT)).toBe(true);
  });
});

describe('POST /api/pratiche/{id}/upload: refused → clear error, nothing stored', () => {
  async function expectNothingStored(
    praticaId: number,
    run: () => Promise<{ statusCode: number; json: () => { message: string } }>,
    status: number,
    message: string,
  ) {
    const filesBefore = storedFiles();
    const spillsBefore = tempSpills();
    const res = await run();
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect(await documentCount(praticaId)).toBe(0);
    expect(storedFiles()).toEqual(filesBefore);
    expect(tempSpills()).toEqual(spillsBefore);
  }

  it.each([
    ['an executable renamed .pdf', 'bolletta.pdf', sampleExe, 'application/pdf'],
    ['an ELF binary renamed .jpg', 'foto.jpg', sampleElf, 'image/jpeg'],
    ['a ZIP archive', 'bolletta.zip', sampleZip, 'application/zip'],
    ['an MSI installer (OLE without Word)', 'bolletta.doc', sampleMsi, 'application/msword'],
    [
      'HTML named .txt',
      'nota.txt',
      () => Buffer.from('<!DOCTYPE html><script>alert(1)</script>'),
      'text/plain',
    ],
    ['a shell script', 'nota.txt', () => Buffer.from('#!/bin/sh\nrm -rf /\n'), 'text/plain'],
    ['binary garbage', 'dati.txt', () => Buffer.from([0, 1, 2, 3, 255, 254, 0, 7]), 'text/plain'],
  ])('%s', async (_label, filename, data, contentType) => {
    const { praticaId, uploadToken } = await newPratica();
    await expectNothingStored(
      praticaId,
      () => upload(praticaId, uploadToken, [{ field: 'luceFile', filename, data: data(), contentType }]),
      400,
      m.fileTypeNotAllowed(filename),
    );
  });

  it('a good file next to a bad one: the whole request is refused', async () => {
    const { praticaId, uploadToken } = await newPratica();
    await expectNothingStored(
      praticaId,
      () =>
        upload(praticaId, uploadToken, [
          { field: 'luceFile', filename: 'luce.pdf', data: pdf },
          { field: 'gasFile', filename: 'gas.pdf', data: sampleExe() },
        ]),
      400,
      m.fileTypeNotAllowed('gas.pdf'),
    );
  });

  it('an empty file', async () => {
    const { praticaId, uploadToken } = await newPratica();
    await expectNothingStored(
      praticaId,
      () =>
        upload(praticaId, uploadToken, [{ field: 'luceFile', filename: 'vuoto.pdf', data: Buffer.alloc(0) }]),
      400,
      m.emptyFile('vuoto.pdf'),
    );
  });

  it('a camera page that is not an image', async () => {
    const { praticaId, uploadToken } = await newPratica();
    await expectNothingStored(
      praticaId,
      () => upload(praticaId, uploadToken, [{ field: 'lucePage1', filename: 'p1.pdf', data: pdf }]),
      400,
      m.photoNotImage('p1.pdf'),
    );
  });

  it('a file over 10 MB (413)', async () => {
    const { praticaId, uploadToken } = await newPratica();
    const big = Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024 + 1 - pdf.length, 0x20)]);
    await expectNothingStored(
      praticaId,
      () =>
        upload(praticaId, uploadToken, [
          { field: 'luceFile', filename: 'ok.pdf', data: pdf },
          { field: 'gasFile', filename: 'grande.pdf', data: big },
        ]),
      413,
      m.fileTooLarge,
    );
  });

  it('accepts a file of exactly 10 MB', async () => {
    const { praticaId, uploadToken } = await newPratica();
    const exact = Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024 - pdf.length, 0x20)]);
    const res = await upload(praticaId, uploadToken, [
      { field: 'luceFile', filename: 'limite.pdf', data: exact },
    ]);
    expect(res.statusCode, res.body).toBe(201);
  });

  it('more than 10 files in one request (413)', async () => {
    const { praticaId, uploadToken } = await newPratica();
    const fields = [
      'singleFile',
      'luceFile',
      'gasFile',
      'lucePage1',
      'lucePage2',
      'gasPage1',
      'gasPage2',
      'combinedFile',
      'combinedPage1',
      'combinedPage2',
      'singleFile',
    ];
    await expectNothingStored(
      praticaId,
      () =>
        upload(
          praticaId,
          uploadToken,
          fields.map((field) => ({ field, filename: `${field}.jpg`, data: JPEG_PAGE_1 })),
        ),
      413,
      m.tooManyFiles,
    );
  });

  it('an unknown part name', async () => {
    const { praticaId, uploadToken } = await newPratica();
    await expectNothingStored(
      praticaId,
      () => upload(praticaId, uploadToken, [{ field: 'virus', filename: 'a.pdf', data: pdf }]),
      400,
      m.unknownPart('virus'),
    );
  });

  it('the same part twice', async () => {
    const { praticaId, uploadToken } = await newPratica();
    await expectNothingStored(
      praticaId,
      () =>
        upload(praticaId, uploadToken, [
          { field: 'luceFile', filename: 'a.pdf', data: pdf },
          { field: 'luceFile', filename: 'b.pdf', data: pdf },
        ]),
      400,
      m.duplicatePart('luceFile'),
    );
  });

  it('no file at all', async () => {
    const { praticaId, uploadToken } = await newPratica();
    await expectNothingStored(praticaId, () => upload(praticaId, uploadToken, []), 400, m.noFiles);
  });

  it('a JSON body instead of multipart', async () => {
    const { praticaId, uploadToken } = await newPratica();
    await expectNothingStored(
      praticaId,
      () =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/pratiche/${praticaId}/upload`,
          payload: { luceFile: 'x' },
          headers: { 'x-upload-token': uploadToken },
          remoteAddress: randomIp(),
        }),
      400,
      m.notMultipart,
    );
  });
});

describe('POST /api/pratiche/{id}/upload: authorisation by upload token', () => {
  const file = () => [{ field: 'luceFile', filename: 'luce.pdf', data: pdf }];

  it('without a token: 401', async () => {
    const { praticaId } = await newPratica();
    const res = await upload(praticaId, undefined, file());
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(m.uploadTokenMissing);
    expect(await documentCount(praticaId)).toBe(0);
  });

  it('a token of another practice cannot be used: 403, nothing stored in either', async () => {
    const mine = await newPratica();
    const other = await newPratica();
    const before = storedFiles();
    const res = await upload(other.praticaId, mine.uploadToken, file());
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(m.uploadTokenInvalid);
    expect(await documentCount(other.praticaId)).toBe(0);
    expect(await documentCount(mine.praticaId)).toBe(0);
    expect(storedFiles()).toEqual(before);
  });

  it.each([
    [
      'expired',
      (id: number) => createUploadToken(TEST_SESSION_SECRET, id, Date.now() - UPLOAD_TOKEN_TTL_MS - 1000),
    ],
    [
      'signed with another secret',
      (id: number) => createUploadToken('un-altro-segreto-di-almeno-trentadue-caratteri', id),
    ],
    ['with its practice id changed', (id: number, token: string) => token.replace(/^\d+/, String(id + 1))],
    ['garbage', () => 'abc.def.ghi'],
  ])('a token %s: 403', async (_label, make) => {
    const { praticaId, uploadToken } = await newPratica();
    const target = _label === 'with its practice id changed' ? praticaId + 1 : praticaId;
    const res = await upload(target, make(praticaId, uploadToken), file());
    expect(res.statusCode).toBe(403);
    expect(await documentCount(target)).toBe(0);
  });

  it('a valid token for a practice deleted since: 404', async () => {
    const { praticaId, uploadToken } = await newPratica();
    await ctx.db.delete(pratiche).where(eq(pratiche.id, praticaId));
    const res = await upload(praticaId, uploadToken, file());
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(m.praticaNotFound);
  });

  it('rate limit per IP: 429 with Retry-After', async () => {
    const ip = '198.51.100.99';
    let last;
    for (let i = 0; i < 61; i++) last = await upload(1, undefined, [], { ip });
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.json().message).toBe(m.tooManyUploads);
  });
});

describe('GET /api/pratiche/{id}/files[/{filename}] for staff', () => {
  it('amministrazione reads the list too; other roles are refused (403)', async () => {
    const { praticaId, uploadToken } = await newPratica();
    await upload(praticaId, uploadToken, [{ field: 'luceFile', filename: 'luce.pdf', data: pdf }]);
    const office = await loginAs(ctx, 'amministrazione');
    const ok = await ctx.app.inject({
      method: 'GET',
      url: `/api/pratiche/${praticaId}/files`,
      headers: { cookie: office.cookie },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toHaveLength(1);
    for (const role of ['agente', 'area_manager', 'punto_fisico'] as const) {
      const { cookie } = await loginAs(ctx, role);
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/pratiche/${praticaId}/files`,
        headers: { cookie },
      });
      expect(res.statusCode, role).toBe(403);
      const dl = await download(praticaId, ok.json()[0].filename, cookie);
      expect(dl.statusCode, role).toBe(403);
    }
  });

  it('signed out: 401', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/pratiche/1/files' });
    expect(res.statusCode).toBe(401);
  });

  it('an unknown practice, an unknown file, or a file of another practice: 404', async () => {
    const a = await newPratica();
    const b = await newPratica();
    const up = await upload(a.praticaId, a.uploadToken, [
      { field: 'luceFile', filename: 'luce.pdf', data: pdf },
    ]);
    const filename = up.json().documenti[0].filename;
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/pratiche/999999/files', headers: { cookie: admin } }))
        .statusCode,
    ).toBe(404);
    const unknown = await download(a.praticaId, 'ffffffffffffffffffffffffffffffff.pdf');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(m.fileNotFound);
    expect((await download(b.praticaId, filename)).statusCode).toBe(404);
    // A traversal name is refused by the file name's schema (400) before any lookup.
    expect([400, 404]).toContain((await download(a.praticaId, '..%2F..%2Fetc%2Fpasswd')).statusCode);
  });

  it('a practice without documents lists nothing', async () => {
    const pratica = await insertPratica(ctx.db);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/pratiche/${pratica.id}/files`,
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('the stored bytes on disk are exactly the uploaded ones', async () => {
    const { praticaId, uploadToken } = await newPratica();
    const up = await upload(praticaId, uploadToken, [
      { field: 'singleFile', filename: 'f.docx', data: sampleDocx() },
    ]);
    const doc = up.json().documenti[0];
    expect(readFileSync(path.join(ctx.uploadDir, doc.filename)).equals(sampleDocx())).toBe(true);
  });
});
