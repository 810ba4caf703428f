import { existsSync, readdirSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documenti, pratiche } from '#server/db/schema.ts';
import { msg } from '#shared/messages.ts';
import type { Role } from '#shared/permissions.ts';
import type { Documento } from '#shared/schemas/landing.ts';
import { insertLead, insertPratica } from '#test/setup/factories.ts';
import {
  JPEG_PAGE_1,
  multipart,
  samplePdf,
  sampleExe,
  type MultipartFile,
} from '#test/setup/sample-files.ts';
import { createTestContext, type TestContext } from '#test/setup/test-app.ts';
import { buildTwoShopWorld, insertLeadWithPratica, SCOPED_ROLES } from '#test/setup/world.ts';

const m = msg.pratica.documenti;
let ctx: TestContext;
let world: Awaited<ReturnType<typeof buildTwoShopWorld>>;
let pdf: Buffer;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await buildTwoShopWorld(ctx);
  pdf = await samplePdf('Bolletta inviata su WhatsApp');
});
afterAll(async () => ctx?.close());

function upload(cookie: string, fields: Record<string, string>, files: MultipartFile[]) {
  const { payload, headers } = multipart(files, fields);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/leads/upload-files',
    payload,
    headers: { ...headers, cookie },
  });
}

const pdfFile = (filename = 'bolletta.pdf'): MultipartFile => ({
  field: 'files',
  filename,
  data: pdf,
  contentType: 'application/pdf',
});
const storedFiles = () => (existsSync(ctx.uploadDir) ? readdirSync(ctx.uploadDir).sort() : []);
async function documentCount(praticaId: number) {
  const [row] = await ctx.db.select({ n: count() }).from(documenti).where(eq(documenti.praticaId, praticaId));
  return row.n;
}
async function listFiles(praticaId: number, cookie = world.admin): Promise<Documento[]> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/pratiche/${praticaId}/files`,
    headers: { cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}
async function eventi(praticaId: number) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/pratiche/${praticaId}/eventi`,
    headers: { cookie: world.admin },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as Array<{ tipo: string; descrizione: string; utente: string | null }>;
}

describe('POST /api/leads/upload-files: staff attach documents to a lead’s practice', () => {
  it.each([
    ['a right-to-left override', 'fattura\u202Eexe.pdf', 'fatturaexe.pdf'],
    ['isolates and marks', '\u2067fattura\u2069\u200F.pdf', 'fattura.pdf'],
    ['zero-width and control characters', 'bol\u200Bletta\u0007\u0085.pdf', 'bolletta.pdf'],
  ])(
    'a file name with %s is stored and shown harmless; the file is served sandboxed',
    async (_l, name, shown) => {
      const { lead, pratica } = await insertLeadWithPratica(ctx, world.puntoB.id);
      const res = await upload(world.admin, { leadId: String(lead.id) }, [pdfFile(name)]);
      expect(res.statusCode, res.body).toBe(201);
      const [doc] = (await listFiles(pratica.id)) as Documento[];
      expect(doc.displayName).toBe(shown);
      const history = await eventi(pratica.id);
      expect(history.map((e) => e.descrizione)).toEqual([`Aggiunto il documento "${shown}"`]);
      const file = await ctx.app.inject({
        method: 'GET',
        url: `/api/pratiche/${pratica.id}/files/${doc.filename}`,
        headers: { cookie: world.admin },
      });
      expect(file.statusCode).toBe(200);
      // A PDF with JavaScript opened on its own runs nothing in the app's origin.
      expect(file.headers['content-security-policy']).toBe('sandbox');
      expect(decodeURIComponent(String(file.headers['content-disposition']))).toContain(shown);
    },
  );

  it.each<[string, () => string, () => { firstName: string; lastName: string }]>([
    ['admin', () => world.admin, () => ({ firstName: '', lastName: '' })],
    ['amministrazione', () => world.amministrazione.cookie, () => world.amministrazione.user],
  ])(
    '%s: the files reach the lead’s practice, listed with who added them, in its history',
    async (_role, cookie, who) => {
      const { lead, pratica } = await insertLeadWithPratica(ctx, world.puntoB.id);
      const res = await upload(cookie(), { leadId: String(lead.id) }, [
        pdfFile('bolletta WhatsApp.pdf'),
        { field: 'files', filename: 'foto.jpg', data: JPEG_PAGE_1, contentType: 'image/jpeg' },
      ]);
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(body.praticaId).toBe(pratica.id);
      expect(body.documenti.map((d: Documento) => [d.displayName, d.mimeType, d.parte])).toEqual([
        ['bolletta WhatsApp.pdf', 'application/pdf', 'files'],
        ['foto.jpg', 'image/jpeg', 'files'],
      ]);
      for (const d of body.documenti as Documento[]) expect(storedFiles()).toContain(d.filename);

      const listed = await listFiles(pratica.id);
      expect(listed).toEqual(body.documenti);
      const uploader = listed[0].caricatoDa;
      expect(uploader).not.toBeNull();
      if (who().firstName) expect(uploader!.nome).toBe(`${who().firstName} ${who().lastName}`);

      const history = await eventi(pratica.id);
      expect(history.map((e) => e.descrizione)).toEqual([
        'Aggiunto il documento "bolletta WhatsApp.pdf"',
        'Aggiunto il documento "foto.jpg"',
      ]);
      expect(history.every((e) => e.utente)).toBe(true);

      const file = await ctx.app.inject({
        method: 'GET',
        url: `/api/pratiche/${pratica.id}/files/${body.documenti[0].filename}`,
        headers: { cookie: cookie() },
      });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(pdf)).toBe(true);
    },
  );

  it('goes to the practice named when it is the lead’s, else to the most recent one', async () => {
    const { lead, pratica: older } = await insertLeadWithPratica(ctx, world.puntoA.id);
    const newer = await insertPratica(ctx.db, {
      leadId: lead.id,
      puntoFisicoId: world.puntoA.id,
      servizi: [],
      dataCreazione: new Date(Date.now() + 60_000),
    });
    const toNewest = await upload(world.admin, { leadId: String(lead.id) }, [pdfFile()]);
    expect(toNewest.json().praticaId).toBe(newer.id);
    const toOlder = await upload(world.admin, { leadId: String(lead.id), praticaId: String(older.id) }, [
      pdfFile(),
    ]);
    expect(toOlder.statusCode, toOlder.body).toBe(201);
    expect(toOlder.json().praticaId).toBe(older.id);
    expect(await documentCount(older.id)).toBe(1);
    expect(await documentCount(newer.id)).toBe(1);
  });

  it('merges documentiCaricati into the practice’s flags: a flag once true stays true', async () => {
    const { lead, pratica } = await insertLeadWithPratica(ctx, world.puntoA.id);
    const flags = (over: Record<string, unknown>) =>
      JSON.stringify({
        hasLuceFile: false,
        hasGasFile: false,
        hasSingleFile: false,
        hasCombinedFile: false,
        uploadMethod: 'separate',
        timestamp: new Date().toISOString(),
        ...over,
      });
    await upload(world.admin, { leadId: String(lead.id), documentiCaricati: flags({ hasLuceFile: true }) }, [
      pdfFile(),
    ]);
    await upload(world.admin, { leadId: String(lead.id), documentiCaricati: flags({ hasGasFile: true }) }, [
      pdfFile(),
    ]);
    const [row] = await ctx.db.select().from(pratiche).where(eq(pratiche.id, pratica.id));
    expect(row.documentiCaricati).toMatchObject({
      hasLuceFile: true,
      hasGasFile: true,
      uploadMethod: 'separate',
    });
  });
});

describe('POST /api/leads/upload-files: refused, nothing stored', () => {
  it.each(SCOPED_ROLES)('%s: 403 even for a lead of its own point', async (role: Role) => {
    const { lead, pratica } = await insertLeadWithPratica(ctx, world.puntoA.id);
    const before = storedFiles();
    const res = await upload(world.cookies[role], { leadId: String(lead.id) }, [pdfFile()]);
    expect(res.statusCode).toBe(403);
    expect(await documentCount(pratica.id)).toBe(0);
    expect(storedFiles()).toEqual(before);
  });

  it('without a session: 401', async () => {
    const { lead } = await insertLeadWithPratica(ctx, world.puntoA.id);
    const { payload, headers } = multipart([pdfFile()], { leadId: String(lead.id) });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/leads/upload-files', payload, headers });
    expect(res.statusCode).toBe(401);
  });

  it('a lead that does not exist, or a practice of another lead: 404 in Italian', async () => {
    const { lead } = await insertLeadWithPratica(ctx, world.puntoA.id);
    const other = await insertLeadWithPratica(ctx, world.puntoB.id);
    const missing = await upload(world.admin, { leadId: '999999' }, [pdfFile()]);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(m.leadNotFound);
    const wrong = await upload(
      world.admin,
      { leadId: String(lead.id), praticaId: String(other.pratica.id) },
      [pdfFile()],
    );
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe(m.praticaNotOfLead);
    expect(await documentCount(other.pratica.id)).toBe(0);
  });

  it('a lead without practices: 409', async () => {
    const lead = await insertLead(ctx.db, { puntoFisicoOriginaleId: world.puntoA.id });
    const res = await upload(world.admin, { leadId: String(lead.id) }, [pdfFile()]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(m.leadWithoutPratiche);
  });

  it.each<[string, Record<string, string | undefined>, () => MultipartFile[], string]>([
    ['no leadId', { leadId: undefined }, () => [pdfFile()], m.leadRequired],
    ['a leadId that is not a number', { leadId: 'abc' }, () => [pdfFile()], m.leadRequired],
    [
      'documentiCaricati that is not JSON',
      { documentiCaricati: '{no' },
      () => [pdfFile()],
      m.documentiCaricatiInvalid,
    ],
    [
      'a file in a part other than files',
      {},
      () => [{ ...pdfFile(), field: 'luceFile' }],
      m.unknownPart('luceFile'),
    ],
    ['no file', {}, () => [], msg.landing.noFiles],
  ])('%s: 400 with its message', async (_case, fields, files, message) => {
    const { lead, pratica } = await insertLeadWithPratica(ctx, world.puntoA.id);
    const all = Object.entries({ leadId: String(lead.id), ...fields }).filter(
      (e): e is [string, string] => e[1] !== undefined,
    );
    const res = await upload(world.admin, Object.fromEntries(all), files());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await documentCount(pratica.id)).toBe(0);
  });

  it('a file that is not an accepted type (checked by content) refuses the whole upload', async () => {
    const { lead, pratica } = await insertLeadWithPratica(ctx, world.puntoA.id);
    const before = storedFiles();
    const res = await upload(world.admin, { leadId: String(lead.id) }, [
      pdfFile(),
      { field: 'files', filename: 'bolletta.pdf', data: sampleExe(), contentType: 'application/pdf' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(await documentCount(pratica.id)).toBe(0);
    expect(storedFiles()).toEqual(before);
    expect(await eventi(pratica.id)).toEqual([]);
  });
});

describe('DELETE /api/pratiche/{id}/files/{filename}: the admin only, recorded in the history', () => {
  it('amministrazione and the scoped roles get 403; the admin deletes file and row', async () => {
    const { lead, pratica } = await insertLeadWithPratica(ctx, world.puntoA.id);
    const added = await upload(world.admin, { leadId: String(lead.id) }, [pdfFile('da eliminare.pdf')]);
    const doc: Documento = added.json().documenti[0];
    const del = (cookie: string, filename = doc.filename, id = pratica.id) =>
      ctx.app.inject({ method: 'DELETE', url: `/api/pratiche/${id}/files/${filename}`, headers: { cookie } });

    for (const role of ['amministrazione', ...SCOPED_ROLES] as Role[]) {
      expect((await del(world.cookies[role])).statusCode, role).toBe(403);
    }
    expect(storedFiles()).toContain(doc.filename);

    const other = await insertLeadWithPratica(ctx, world.puntoB.id);
    expect((await del(world.admin, doc.filename, other.pratica.id)).statusCode).toBe(404);

    expect((await del(world.admin)).statusCode).toBe(204);
    expect(storedFiles()).not.toContain(doc.filename);
    expect(await documentCount(pratica.id)).toBe(0);
    expect((await eventi(pratica.id)).map((e) => e.descrizione)).toEqual([
      'Aggiunto il documento "da eliminare.pdf"',
      'Eliminato il documento "da eliminare.pdf"',
    ]);
    expect((await del(world.admin)).statusCode).toBe(404);
  });
});
