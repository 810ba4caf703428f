import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '#shared/messages.ts';
import type { Role } from '#shared/permissions.ts';
import type { ProposteServizio } from '#shared/schemas/proposte-scheda.ts';
import { jobLeases, lettureBollette, proposteScheda, servizi } from '#server/db/schema.ts';
import { startScheduler, type JobLogger } from '#server/jobs/scheduler.ts';
import { LETTURE_BOLLETTE_JOB, lettureBolletteJob } from '#server/modules/letture-bollette/letture.jobs.ts';
import { BOLLETTA_ENEL, billPdf } from '#test/setup/bolletta-pdf.ts';
import { buildSubmission } from '#test/setup/factories.ts';
import { multipart, samplePdf, SAMPLE_TXT } from '#test/setup/sample-files.ts';
import { unzip } from '#test/setup/spreadsheet.ts';
import { createTestContext, type TestContext } from '#test/setup/test-app.ts';
import { buildTwoShopWorld, insertLeadWithPratica, SCOPED_ROLES } from '#test/setup/world.ts';

const m = msg.proposte;
let ctx: TestContext;
let world: Awaited<ReturnType<typeof buildTwoShopWorld>>;
let bill: Buffer;
const logged: object[] = [];
const log: JobLogger = { info: (o) => logged.push(o), error: (o) => logged.push(o) };

beforeAll(async () => {
  ctx = await createTestContext();
  world = await buildTwoShopWorld(ctx);
  bill = await billPdf();
});
afterAll(async () => ctx?.close());

/** The reader's run, as the scheduler starts it. */
const runReader = (limiti?: { timeoutMs: number; maxHeapMb: number }) =>
  lettureBolletteJob({ storage: ctx.storage, limiti }).run({ db: ctx.db, now: new Date(), log });

async function staffUpload(
  leadId: number,
  file: Buffer,
  filename: string,
  contentType: string,
  app = ctx.app,
) {
  const { payload, headers } = multipart([{ field: 'files', filename, data: file, contentType }], {
    leadId: String(leadId),
  });
  const res = await app.inject({
    method: 'POST',
    url: '/api/leads/upload-files',
    payload,
    headers: { ...headers, cookie: world.admin },
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function proposte(servizioId: number, cookie = world.admin): Promise<ProposteServizio> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/servizi/${servizioId}/proposte`,
    headers: { cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const decide = (servizioId: number, pid: number, azione: 'accetta' | 'rifiuta', cookie = world.admin) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/servizi/${servizioId}/proposte/${pid}/${azione}`,
    headers: { cookie },
  });

/** A luce practice whose staff attached the digital bill, read by one run of the job. */
async function readPractice(tipi: Array<'luce' | 'gas' | 'internet'> = ['luce']) {
  const made = await insertLeadWithPratica(ctx, world.puntoA.id, {}, tipi);
  await staffUpload(made.lead.id, bill, 'bolletta-enel.pdf', 'application/pdf');
  return made;
}

describe('a digital PDF bill attached to a practice', () => {
  it('is queued with the upload, read by the job off the request, and proposes the POD and the codice fiscale', async () => {
    const {
      servizi: [luce],
    } = await readPractice();
    // The upload answered before any reading: the bill waits in the queue.
    expect(await proposte(luce.id)).toEqual({ lettura: 'in_corso', proposte: [] });

    await runReader();

    const result = await proposte(luce.id);
    expect(result.lettura).toBe('fatta');
    const byCampo = Object.fromEntries(result.proposte.map((p) => [p.campo, p]));
    expect(byCampo.pod).toMatchObject({
      valore: BOLLETTA_ENEL.pod,
      pagina: 1,
      livello: 'alta',
      stato: 'proposta',
    });
    expect(byCampo.codiceFiscale).toMatchObject({
      valore: BOLLETTA_ENEL.codiceFiscale,
      pagina: 1,
      livello: 'alta',
    });
    expect(byCampo).toMatchObject({
      intestatario: { valore: 'MARIO ROSSI' },
      potenzaKw: { valore: '3' },
      consumoAnnuo: { valore: '2700' },
      fornitoreUscente: { valore: 'Enel Energia' },
      codiceOfferta: { valore: 'E-LIGHT-2410' },
    });
    // The log says what happened, never what was read.
    const lines = JSON.stringify(logged);
    expect(lines).toContain('fatta');
    for (const value of [BOLLETTA_ENEL.pod, BOLLETTA_ENEL.codiceFiscale, 'ROSSI'])
      expect(lines).not.toContain(value);
  });

  it('gives the POD to the luce service only; an internet service has no bill to read', async () => {
    const {
      servizi: [luce, gas, internet],
    } = await readPractice(['luce', 'gas', 'internet']);
    await runReader();
    expect((await proposte(luce.id)).proposte.map((p) => p.campo)).toContain('pod');
    const perGas = await proposte(gas.id);
    expect(perGas.lettura).toBe('fatta');
    expect(perGas.proposte.map((p) => p.campo)).not.toContain('pod');
    expect(perGas.proposte.map((p) => p.campo)).toContain('codiceFiscale');
    expect(await proposte(internet.id)).toEqual({ lettura: 'nessuna', proposte: [] });
  });

  it('a PDF without a bill’s data, or past its time, only says it is unreadable', async () => {
    const plain = await insertLeadWithPratica(ctx, world.puntoA.id);
    await staffUpload(
      plain.lead.id,
      await samplePdf('Carta di identità del cliente'),
      'ci.pdf',
      'application/pdf',
    );
    await runReader();
    expect(await proposte(plain.servizi[0].id)).toEqual({ lettura: 'illeggibile', proposte: [] });

    const slow = await readPractice();
    await runReader({ timeoutMs: 1, maxHeapMb: 384 });
    expect(await proposte(slow.servizi[0].id)).toEqual({ lettura: 'illeggibile', proposte: [] });
    const [row] = await ctx.db
      .select({ motivo: lettureBollette.motivo })
      .from(lettureBollette)
      .where(eq(lettureBollette.praticaId, slow.pratica.id));
    expect(row.motivo).toBe('tempo_scaduto');
  });

  it('a luce bill from the landing is read for the luce service only, not the gas one', async () => {
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/submit-form',
      payload: buildSubmission(world.puntoA.id, { serviziRichiesti: ['luce', 'gas'] }),
      remoteAddress: '10.48.0.2',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { praticaId, uploadToken } = sent.json<{ praticaId: number; uploadToken: string }>();
    const { payload, headers } = multipart([
      { field: 'luceFile', filename: 'bolletta.pdf', data: bill, contentType: 'application/pdf' },
    ]);
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: `/api/pratiche/${praticaId}/upload`,
      payload,
      headers: { ...headers, 'x-upload-token': uploadToken },
      remoteAddress: '10.48.0.2',
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const [luce, gas] = await ctx.db
      .select()
      .from(servizi)
      .where(eq(servizi.praticaId, praticaId))
      .orderBy(asc(servizi.id));
    await runReader();
    expect((await proposte(luce.id)).proposte.find((p) => p.campo === 'pod')?.valore).toBe(BOLLETTA_ENEL.pod);
    expect(await proposte(gas.id)).toEqual({ lettura: 'nessuna', proposte: [] });
  });

  it('a text file is not a bill: nothing is queued', async () => {
    const {
      lead,
      servizi: [luce],
    } = await insertLeadWithPratica(ctx, world.puntoA.id);
    await staffUpload(lead.id, SAMPLE_TXT, 'note.txt', 'text/plain');
    expect(await proposte(luce.id)).toEqual({ lettura: 'nessuna', proposte: [] });
  });
});

describe('the queue survives a restart', () => {
  it('a reading whose process died is taken again once its claim runs out; after three tries it is unreadable', async () => {
    const died = await readPractice();
    const hopeless = await readPractice();
    const past = new Date(Date.now() - 60_000);
    await ctx.db
      .update(lettureBollette)
      .set({ stato: 'in_corso', tentativi: 1, bloccataFinoAt: past })
      .where(eq(lettureBollette.praticaId, died.pratica.id));
    await ctx.db
      .update(lettureBollette)
      .set({ stato: 'in_corso', tentativi: 3, bloccataFinoAt: past })
      .where(eq(lettureBollette.praticaId, hopeless.pratica.id));

    await runReader();

    expect((await proposte(died.servizi[0].id)).lettura).toBe('fatta');
    expect(await proposte(hopeless.servizi[0].id)).toEqual({ lettura: 'illeggibile', proposte: [] });
  });

  it('a reading another instance holds is left alone', async () => {
    const held = await readPractice();
    await ctx.db
      .update(lettureBollette)
      .set({ stato: 'in_corso', tentativi: 1, bloccataFinoAt: new Date(Date.now() + 60_000) })
      .where(eq(lettureBollette.praticaId, held.pratica.id));
    await runReader();
    expect(await proposte(held.servizi[0].id)).toEqual({ lettura: 'in_corso', proposte: [] });
  });
});

describe('POST /api/servizi/{id}/proposte/{pid}/accetta and /rifiuta', () => {
  let luceId: number;
  let pod: number;
  let cf: number;

  beforeAll(async () => {
    const {
      servizi: [luce],
    } = await readPractice();
    await runReader();
    luceId = luce.id;
    const list = (await proposte(luceId)).proposte;
    pod = list.find((p) => p.campo === 'pod')!.id;
    cf = list.find((p) => p.campo === 'codiceFiscale')!.id;
  });

  it('records who accepted or discarded each proposal, once, and writes nothing else', async () => {
    const [before] = await ctx.db.select().from(servizi).where(eq(servizi.id, luceId));
    const accepted = await decide(luceId, pod, 'accetta');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ id: pod, stato: 'accettata', decisaDa: expect.any(String) });
    expect(accepted.json().decisaIl).toEqual(expect.any(String));

    const discarded = await decide(luceId, cf, 'rifiuta', world.cookies.amministrazione);
    expect(discarded.json()).toMatchObject({ id: cf, stato: 'rifiutata' });

    const again = await decide(luceId, pod, 'rifiuta');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(m.alreadyDecided);
    expect((await proposte(luceId)).proposte.find((p) => p.id === pod)?.stato).toBe('accettata');
    const [after] = await ctx.db.select().from(servizi).where(eq(servizi.id, luceId));
    expect(after).toEqual(before);
  });

  it.each<[Role]>(SCOPED_ROLES.map((r) => [r]))(
    '%s may neither read nor decide proposals (403)',
    async (role) => {
      const own = await insertLeadWithPratica(ctx, world.puntoA.id);
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/servizi/${own.servizi[0].id}/proposte`,
        headers: { cookie: world.cookies[role] },
      });
      expect(res.statusCode).toBe(403);
      expect((await decide(luceId, cf, 'accetta', world.cookies[role])).statusCode).toBe(403);
    },
  );

  it('an unknown service, or a proposal of another service, is not found (404) and nothing changes', async () => {
    const other = await insertLeadWithPratica(ctx, world.puntoB.id);
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/servizi/2147483647/proposte',
      headers: { cookie: world.admin },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(m.servizioNotFound);
    const wrongPair = await decide(other.servizi[0].id, pod, 'accetta');
    expect(wrongPair.statusCode).toBe(404);
    expect(wrongPair.json().message).toBe(m.notFound);
    expect((await decide(luceId, 2147483647, 'accetta')).statusCode).toBe(404);
    const [row] = await ctx.db.select().from(proposteScheda).where(eq(proposteScheda.id, pod));
    expect(row.servizioId).toBe(luceId);
  });

  it('a malformed id is refused with the Italian message (400)', async () => {
    const res = await decide(luceId, 0, 'accetta');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(msg.common.invalidId);
  });
});

describe('personal data', () => {
  it('proposals are in the person export and gone after the erasure', async () => {
    const {
      lead,
      servizi: [luce],
    } = await readPractice();
    await runReader();
    const exported = await ctx.app.inject({
      method: 'GET',
      url: `/api/leads/${lead.id}/personal-data`,
      headers: { cookie: world.admin },
    });
    expect(exported.statusCode).toBe(200);
    const data = JSON.parse(unzip(exported.rawPayload).get('dati.json')!.toString());
    const letti = data.pratiche[0].servizi[0].proposteDallaBolletta;
    expect(letti.map((p: { valore: string }) => p.valore)).toContain(BOLLETTA_ENEL.codiceFiscale);

    const erased = await ctx.app.inject({
      method: 'POST',
      url: `/api/leads/${lead.id}/erase`,
      headers: { cookie: world.admin },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await proposte(luce.id)).toEqual({ lettura: 'nessuna', proposte: [] });
  });
});

describe('the reader wakes when a bill is stored', () => {
  it('reads the bill at once, not at its next run: the proposals are there within seconds', async () => {
    // An hourly timer: only the wake can bring the run after the one at start.
    const job = { ...lettureBolletteJob({ storage: ctx.storage }), everyMs: 60 * 60_000 };
    const scheduler = startScheduler(ctx.db, [job], { log });
    try {
      await expect
        .poll(async () =>
          (await ctx.db.select().from(jobLeases)).find((l) => l.name === LETTURE_BOLLETTE_JOB),
        )
        .toMatchObject({ lastFinishedAt: expect.any(Date) });
      const app = await ctx.rebuild({ wakeReader: () => scheduler.wake(LETTURE_BOLLETTE_JOB) });
      const made = await insertLeadWithPratica(ctx, world.puntoA.id, {}, ['luce']);
      await staffUpload(made.lead.id, bill, 'bolletta-enel.pdf', 'application/pdf', app);
      await expect
        .poll(async () => (await proposte(made.servizi[0].id)).lettura, { timeout: 8000, interval: 100 })
        .toBe('fatta');
    } finally {
      await scheduler.stop();
    }
  });
});
