import { randomInt } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documenti } from '#server/db/schema.ts';
import { UPLOAD_MAX_FILE_BYTES, UPLOAD_MAX_FILES } from '#shared/domain.ts';
import { buildSubmission } from '#test/setup/factories.ts';
import {
  multipart,
  samplePdf,
  sampleExe,
  zipBombDocx,
  type MultipartFile,
} from '#test/setup/sample-files.ts';
import { recordFigures } from '#test/setup/security-figures.ts';
import { createTestContext, type TestContext } from '#test/setup/test-app.ts';
import { buildTwoShopWorld, insertLeadWithPratica } from '#test/setup/world.ts';

/**
 * Hostile uploads and cross-site requests, each counted in the suite's figures
 * (tests/setup/security-figures.ts). See SECURITY.md.
 */

let ctx: TestContext;
let world: Awaited<ReturnType<typeof buildTwoShopWorld>>;
let pdf: Buffer;
let attacks = 0;
let serverErrors = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await buildTwoShopWorld(ctx);
  pdf = await samplePdf();
});
afterAll(async () => {
  recordFigures('attacks', { attacks, serverErrors });
  await ctx?.close();
});

const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const storedFiles = () => (existsSync(ctx.uploadDir) ? readdirSync(ctx.uploadDir).sort() : []);
async function documentCount() {
  const [row] = await ctx.db.select({ n: count() }).from(documenti);
  return row.n;
}

/** Words of an English framework message; an Italian answer has none of them. */
const ENGLISH =
  /\b(the|invalid|too large|request|body|unexpected|error|multipart|limit|reached|file size)\b/i;

/** The two doors a document comes in by: the customer's landing and the staff's upload. */
const targets = {
  landing: async (files: MultipartFile[], cut?: number) => {
    const submit = await ctx.app.inject({
      method: 'POST',
      url: '/api/submit-form',
      remoteAddress: randomIp(),
      payload: buildSubmission(world.puntoA.id),
    });
    const { praticaId, uploadToken } = submit.json<{ praticaId: number; uploadToken: string }>();
    const form = multipart(files);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/pratiche/${praticaId}/upload`,
      remoteAddress: randomIp(),
      headers: { ...form.headers, 'x-upload-token': uploadToken },
      payload: cut ? form.payload.subarray(0, Math.floor(form.payload.length * cut)) : form.payload,
    });
  },
  staff: async (files: MultipartFile[], cut?: number) => {
    const { lead } = await insertLeadWithPratica(ctx, world.puntoA.id);
    const form = multipart(
      files.map((f) => ({ ...f, field: 'files' })),
      { leadId: String(lead.id) },
    );
    return ctx.app.inject({
      method: 'POST',
      url: '/api/leads/upload-files',
      headers: { ...form.headers, cookie: world.admin },
      payload: cut ? form.payload.subarray(0, Math.floor(form.payload.length * cut)) : form.payload,
    });
  },
};

const file = (filename: string, data: Buffer, contentType = 'application/pdf'): MultipartFile => ({
  field: 'luceFile',
  filename,
  data,
  contentType,
});

/** Each attack: the files sent, the share of the body sent (truncation), the statuses accepted. */
const uploadAttacks: Array<[string, () => MultipartFile[], number | undefined, number[]]> = [
  ['an executable renamed .pdf', () => [file('bolletta.pdf', sampleExe())], undefined, [400]],
  [
    'a GIF/JavaScript polyglot named .jpg',
    () => [file('foto.jpg', Buffer.from('GIF89a/*\x00\x00*/=1;alert(document.cookie)//'), 'image/jpeg')],
    undefined,
    [400],
  ],
  [
    'an executable with a ZIP appended (EXE/ZIP polyglot) named .docx',
    () => [file('contratto.docx', Buffer.concat([sampleExe(), zipBombDocx()]))],
    undefined,
    [400],
  ],
  ['a zip bomb as .docx', () => [file('contratto.docx', zipBombDocx())], undefined, [400]],
  [
    'an HTML page after a PDF-looking name and a traversal path',
    () => [
      file('../../../../tmp/x.html', Buffer.from('<html><script>alert(1)</script></html>'), 'text/html'),
    ],
    undefined,
    [400],
  ],
  [
    'a file over the size limit',
    () => [file('grande.pdf', Buffer.concat([pdf, Buffer.alloc(UPLOAD_MAX_FILE_BYTES + 1 - pdf.length)]))],
    undefined,
    [413],
  ],
  [
    'too many parts',
    () =>
      Array.from({ length: UPLOAD_MAX_FILES + 1 }, (_, i) => ({
        ...file(`b${i}.pdf`, pdf),
        field: ['luceFile', 'gasFile', 'singleFile', 'combinedFile'][i % 4],
      })),
    undefined,
    [400, 413],
  ],
  ['a truncated body', () => [file('bolletta.pdf', pdf)], 0.6, [400]],
];

describe.each(Object.keys(targets) as Array<keyof typeof targets>)(
  'hostile uploads to the %s door',
  (door) => {
    it.each(uploadAttacks)('%s: refused in Italian, nothing stored', async (_label, files, cut, statuses) => {
      const filesBefore = storedFiles();
      const rowsBefore = await documentCount();
      const res = await targets[door](files(), cut);
      attacks++;
      if (res.statusCode >= 500) serverErrors++;
      expect(statuses, res.body).toContain(res.statusCode);
      const message = res.json<{ message: string }>().message;
      expect(message).toMatch(/\p{L}{3}/u);
      expect(message).not.toMatch(ENGLISH);
      expect(await documentCount()).toBe(rowsBefore);
      expect(storedFiles()).toEqual(filesBefore);
    });

    it.each([
      '../../../etc/passwd.pdf',
      '..\\..\\windows\\win.ini.pdf',
      '/etc/cron.d/x.pdf',
      '%2e%2e%2fx.pdf',
    ])(
      'a path-traversal name (%s) never leaves the upload folder: stored under a random key, shown without folders',
      async (name) => {
        const filesBefore = storedFiles();
        const res = await targets[door]([file(name, pdf)]);
        attacks++;
        if (res.statusCode >= 500) serverErrors++;
        expect(res.statusCode, res.body).toBe(201);
        const added = storedFiles().filter((f) => !filesBefore.includes(f));
        expect(added).toHaveLength(1);
        expect(added[0]).toMatch(/^[A-Za-z0-9_-]+(\.[a-z]+)?$/);
        expect(existsSync(path.resolve(ctx.uploadDir, '..', 'passwd.pdf'))).toBe(false);
        const [row] = await ctx.db.select().from(documenti).where(eq(documenti.filename, added[0]));
        expect(row.displayName).not.toMatch(/[\\/]|^\.\./);
      },
    );
  },
);

describe('cross-site requests: the Origin check on every spelling of a path', () => {
  const spellings = [
    '/api/logout',
    '/%61pi/logout',
    '/api/%6Cogout',
    '//api/logout',
    '/api//logout',
    '/API/LOGOUT',
    '/Api/Logout',
    '/api/./logout',
    '/api/x/../logout',
    '/api/logout?x=1',
    '/api/logout;jsessionid=1',
  ];
  const origins = ['https://evil.example', 'null', 'http://localhost:5000.evil.example', 'http://localhost'];

  it.each(spellings.flatMap((url) => origins.map((origin) => [url, origin])))(
    'POST %s from Origin %s with a forged Host: 403 in Italian, the session still alive',
    async (url, origin) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { cookie: world.admin, origin, host: 'localhost:5000' },
      });
      attacks++;
      if (res.statusCode >= 500) serverErrors++;
      // A spelling that reaches no route may be a 404; what matters is that none is executed.
      expect([403, 404], `${url} ${origin}`).toContain(res.statusCode);
      expect(res.json().message).not.toMatch(ENGLISH);
      const me = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: world.admin } });
      expect(me.statusCode).toBe(200);
    },
  );

  it('a forged Host equal to the foreign Origin does not make it ours', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: world.admin, origin: 'https://evil.example', host: 'evil.example' },
    });
    attacks++;
    expect(res.statusCode).toBe(403);
  });
});
