import { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissioni, documenti, pratiche, servizi, serviziStorico, users } from '#server/db/schema.ts';
import { msg } from '#shared/messages.ts';
import {
  insertCommissioneConfig,
  insertLead,
  insertPratica,
  insertPuntoFisico,
  insertUser,
} from '#test/setup/factories.ts';
import { createTestContext, loginAs, loginAsAdmin, type TestContext } from '#test/setup/test-app.ts';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await loginAsAdmin(ctx.app);
  await insertCommissioneConfig(ctx.db, { codice: 'ENEL', servizio: 'luce' });
});
afterAll(async () => ctx?.close());

function list(query: Record<string, string | number>, cookie = admin) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return ctx.app.inject({ method: 'GET', url: `/api/pratiche?${qs}`, headers: { cookie } });
}

function setStatus(id: number, payload: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/servizi/${id}/status`,
    headers: { cookie: admin },
    payload,
  });
}

/** Each status button's figure, exact. */
function exactCounts(n: Record<'inserito' | 'in_lavorazione' | 'completato' | 'ko', number>) {
  return Object.fromEntries(
    Object.entries(n).map(([stato, total]) => [stato, { total, totalIsLowerBound: false }]),
  );
}

/** Every page of a list, following `nextCursor`: the ids in order, and the first page's body. */
async function allPages(query: Record<string, string | number>, pageSize: number) {
  const seen: number[] = [];
  let first: Record<string, unknown> | undefined;
  let cursor: string | null = null;
  do {
    const res = await list({ ...query, pageSize, ...(cursor ? { cursor } : {}) });
    expect(res.statusCode, JSON.stringify(query)).toBe(200);
    const body = res.json();
    first ??= body;
    seen.push(...body.items.map((p: { id: number }) => p.id));
    cursor = body.nextCursor;
  } while (cursor);
  return { seen, first: first! };
}

async function exists(id: number) {
  return (await ctx.db.select({ id: pratiche.id }).from(pratiche).where(eq(pratiche.id, id))).length === 1;
}

describe('GET /api/pratiche', () => {
  it('returns each practice with every field of its schema, the services and their history', async () => {
    const point = await insertPuntoFisico(ctx.db, { nomeAttivita: 'Bar Centrale' });
    const lead = await insertLead(ctx.db, {
      nome: 'Anna',
      cognome: 'Neri',
      telefono: '+39 347 555 0101',
      email: 'anna.neri@esempio.it',
    });
    const pratica = await insertPratica(ctx.db, {
      leadId: lead.id,
      puntoFisicoId: point.id,
      orarioContatto: '09:00-10:00',
    });
    await ctx.db.insert(documenti).values({
      praticaId: pratica.id,
      filename: `f-${randomBytes(6).toString('hex')}`,
      displayName: 'bolletta.pdf',
      parte: 'luceFile',
      mimeType: 'application/pdf',
      sizeBytes: 10,
      sha256: 'x',
    });
    await setStatus(pratica.servizi[1].id, { stato: 'ko', koMotivazione: 'dati_errati' });

    const res = await list({ puntoFisicoId: point.id });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(1);
    const [item] = body.items;
    expect(item).toMatchObject({
      id: pratica.id,
      statoPratica: 'in_lavorazione',
      lead: { nome: 'Anna', cognome: 'Neri', telefono: '+39 347 555 0101', email: 'anna.neri@esempio.it' },
      puntoFisicoId: point.id,
      puntoFisico: { nomeAttivita: 'Bar Centrale' },
      orarioContatto: '09:00-10:00',
      indirizzoIP: '203.0.113.7',
      documentiCount: 1,
    });
    expect(typeof item.dataCreazione).toBe('string');
    expect(
      item.servizi.map((s: { tipoServizio: string; stato: string }) => `${s.tipoServizio}:${s.stato}`),
    ).toEqual(['luce:inserito', 'gas:ko']);
    expect(item.servizi[1]).toMatchObject({
      koMotivazione: 'dati_errati',
      storico: [{ daStato: 'inserito', aStato: 'ko', motivazione: 'dati_errati' }],
    });
    expect(typeof item.servizi[1].dataUltimoAggiornamento).toBe('string');
  });

  it("lists each service's history oldest first, with who made each change (none once that account is gone)", async () => {
    const point = await insertPuntoFisico(ctx.db);
    const pratica = await insertPratica(ctx.db, {
      puntoFisicoId: point.id,
      servizi: [{ tipoServizio: 'gas' }],
    });
    const [s] = pratica.servizi;
    const operatore = await insertUser(ctx.db, {
      firstName: 'Lia',
      lastName: 'Conti',
      role: 'amministrazione',
    });
    const uscito = await insertUser(ctx.db, { firstName: 'Ugo', lastName: 'Riva', role: 'amministrazione' });
    // Inserted newest first, with microseconds: the list orders them and keeps the millisecond.
    await ctx.db.insert(serviziStorico).values([
      {
        servizioId: s.id,
        userId: uscito.id,
        daStato: 'in_lavorazione',
        aStato: 'ko',
        motivazione: 'altro',
        createdAt: new Date('2026-05-02T08:00:00.456Z'),
      },
      {
        servizioId: s.id,
        userId: operatore.id,
        daStato: 'inserito',
        aStato: 'in_lavorazione',
        createdAt: new Date('2026-05-01T08:00:00.123Z'),
      },
    ]);
    await ctx.db.delete(users).where(eq(users.id, uscito.id));
    const [item] = (await list({ puntoFisicoId: point.id })).json().items;
    expect(item.servizi[0].storico).toEqual([
      expect.objectContaining({
        daStato: 'inserito',
        aStato: 'in_lavorazione',
        motivazione: null,
        createdAt: '2026-05-01T08:00:00.123Z',
        utente: 'Lia Conti',
      }),
      expect.objectContaining({
        daStato: 'in_lavorazione',
        aStato: 'ko',
        motivazione: 'altro',
        createdAt: '2026-05-02T08:00:00.456Z',
        utente: null,
      }),
    ]);
  });

  it('searches by name, surname, full name, e-mail, phone (any spacing) and practice number', async () => {
    const point = await insertPuntoFisico(ctx.db);
    const tag = randomBytes(3).toString('hex');
    const lead = await insertLead(ctx.db, {
      nome: 'Ottavio',
      cognome: `Zeta${tag}`,
      email: `ottavio.${tag}@esempio.it`,
      telefono: '333 98 76 543',
    });
    const target = await insertPratica(ctx.db, { leadId: lead.id, puntoFisicoId: point.id });
    await insertPratica(ctx.db, { puntoFisicoId: point.id });
    for (const search of [
      `zeta${tag}`,
      `Ottavio Zeta${tag}`,
      `ottavio.${tag}@`,
      '3339876543',
      '98 76',
      `#${target.id}`,
    ]) {
      const res = await list({ puntoFisicoId: point.id, search });
      expect(
        res.json().items.map((p: { id: number }) => p.id),
        search,
      ).toEqual([target.id]);
      expect(res.json(), search).toMatchObject({
        total: 1,
        countsByStato: exactCounts({ inserito: 1, in_lavorazione: 0, completato: 0, ko: 0 }),
      });
    }
    // Without the point filter too: the search alone finds the customer's practice.
    expect(
      (await list({ search: `Zeta${tag} Ottavio` })).json().items.map((p: { id: number }) => p.id),
    ).toEqual([target.id]);
    // A bare number is a practice number or a piece of a phone number.
    const byNumber = await list({ puntoFisicoId: point.id, search: String(target.id) });
    expect(byNumber.json().items.map((p: { id: number }) => p.id)).toContain(target.id);
  });

  it('filters by service, by status (several at once), by KO reason, and counts practices per status', async () => {
    const point = await insertPuntoFisico(ctx.db);
    const a = await insertPratica(ctx.db, {
      puntoFisicoId: point.id,
      servizi: [{ tipoServizio: 'luce' }, { tipoServizio: 'gas' }],
    });
    const b = await insertPratica(ctx.db, {
      puntoFisicoId: point.id,
      servizi: [{ tipoServizio: 'internet' }],
    });
    const c = await insertPratica(ctx.db, { puntoFisicoId: point.id, servizi: [{ tipoServizio: 'gas' }] });
    await setStatus(a.servizi[1].id, { stato: 'ko', koMotivazione: 'altro' });
    await setStatus(b.servizi[0].id, { stato: 'in_lavorazione' });
    await setStatus(c.servizi[0].id, { stato: 'ko', koMotivazione: 'dati_errati' });

    const ids = async (q: Record<string, string | number>) =>
      (await list({ puntoFisicoId: point.id, ...q }))
        .json()
        .items.map((p: { id: number }) => p.id)
        .sort((x: number, y: number) => x - y);
    expect(await ids({ servizio: 'gas' })).toEqual([a.id, c.id]);
    expect(await ids({ stato: 'ko' })).toEqual([a.id, c.id]);
    expect(await ids({ stato: 'ko,in_lavorazione' })).toEqual([a.id, b.id, c.id]);
    expect(await ids({ stato: 'ko', koMotivazione: 'dati_errati' })).toEqual([c.id]);
    expect(await ids({ servizio: 'luce', stato: 'ko' })).toEqual([]);
    expect(await ids({ stato: 'inserito' })).toEqual([a.id]);

    const res = await list({ puntoFisicoId: point.id, stato: 'ko' });
    expect(res.json().countsByStato).toEqual(
      exactCounts({ inserito: 1, in_lavorazione: 1, completato: 0, ko: 2 }),
    );
    const gasOnly = await list({ puntoFisicoId: point.id, servizio: 'gas' });
    expect(gasOnly.json().countsByStato).toEqual(
      exactCounts({ inserito: 0, in_lavorazione: 0, completato: 0, ko: 2 }),
    );
  });

  describe('service filters: every page, followed by its cursor, and the total equal a fresh query', () => {
    // A fixed mix: several services per practice (two of one type in one status), no services,
    // KO reasons, two points and shared timestamps (docs/performance.md#filtri-delle-pratiche).
    const base = Date.parse('2025-06-01T08:00:00Z');
    let points: number[] = [];
    // Both points' names share a word: the point-name filter finds both, or one by its letter.
    const nameTag = `Filtri${randomBytes(3).toString('hex')}`;
    beforeAll(async () => {
      points = [
        (await insertPuntoFisico(ctx.db, { nomeAttivita: `${nameTag} A` })).id,
        (await insertPuntoFisico(ctx.db, { nomeAttivita: `${nameTag} B` })).id,
      ];
      const mixes: Array<Array<Omit<Partial<typeof servizi.$inferInsert>, 'praticaId'>>> = [
        [
          { tipoServizio: 'luce', stato: 'in_lavorazione' },
          { tipoServizio: 'luce', stato: 'in_lavorazione' },
        ],
        [{ tipoServizio: 'gas', stato: 'ko', koMotivazione: 'dati_errati' }, { tipoServizio: 'luce' }],
        [{ tipoServizio: 'internet', stato: 'completato' }],
        [],
        [{ tipoServizio: 'luce', stato: 'ko', koMotivazione: 'cliente_non_interessato' }],
        [
          { tipoServizio: 'noleggio', stato: 'in_lavorazione' },
          { tipoServizio: 'gas', stato: 'completato' },
        ],
        [
          { tipoServizio: 'gas', stato: 'ko', koMotivazione: 'cliente_non_interessato' },
          { tipoServizio: 'gas' },
        ],
      ];
      for (let i = 0; i < 21; i++)
        await insertPratica(ctx.db, {
          puntoFisicoId: points[i % 2],
          servizi: mixes[i % mixes.length],
          dataCreazione: new Date(base + Math.floor(i / 3) * 60_000),
        });
    });

    /** The same filter as a plain EXISTS over servizi, newest first. */
    async function fresh(q: Record<string, string | number>) {
      const stati = q.stato ? String(q.stato).split(',') : [];
      const rows = await ctx.db
        .select({ id: pratiche.id })
        .from(pratiche)
        .where(
          and(
            q.puntoFisicoId ? eq(pratiche.puntoFisicoId, Number(q.puntoFisicoId)) : undefined,
            q.puntoFisico === nameTag ? inArray(pratiche.puntoFisicoId, points) : undefined,
            q.puntoFisico === `${nameTag} B` ? eq(pratiche.puntoFisicoId, points[1]) : undefined,
            sql`exists (select 1 from servizi s where s.pratica_id = ${pratiche.id}
              ${q.servizio ? sql`and s.tipo_servizio = ${q.servizio}` : sql``}
              ${
                stati.length
                  ? sql`and s.stato in (${sql.join(
                      stati.map((x) => sql`${x}`),
                      sql`, `,
                    )})`
                  : sql``
              }
              ${q.koMotivazione ? sql`and s.stato = 'ko' and s.ko_motivazione = ${q.koMotivazione}` : sql``})`,
          ),
        )
        .orderBy(desc(pratiche.dataCreazione), desc(pratiche.id));
      return rows.map((r) => r.id);
    }

    it.each([
      { stato: 'in_lavorazione' },
      { stato: 'ko,inserito' },
      { servizio: 'luce' },
      { servizio: 'gas', stato: 'ko' },
      { servizio: 'gas', stato: 'inserito,completato' },
      { koMotivazione: 'cliente_non_interessato' },
      { koMotivazione: 'dati_errati', servizio: 'gas' },
      { koMotivazione: 'dati_errati', stato: 'inserito' },
      { stato: 'inserito,in_lavorazione,completato,ko' },
    ] as Array<Record<string, string>>)(
      "%j, over all points, on one point, and by the points' name",
      async (filter) => {
        for (const q of [
          filter,
          { ...filter, puntoFisicoId: points[1] },
          { ...filter, puntoFisico: nameTag },
          { ...filter, puntoFisico: `${nameTag} B` },
        ]) {
          const expected = await fresh(q);
          const { seen, first } = await allPages(q, 4);
          expect(seen, JSON.stringify(q)).toEqual(expected);
          expect(first, JSON.stringify(q)).toMatchObject({
            total: expected.length,
            totalIsLowerBound: false,
          });
        }
      },
    );
  });

  it('filters by point of sale name or address, and paginates on the server', async () => {
    const tag = randomBytes(3).toString('hex');
    const point = await insertPuntoFisico(ctx.db, {
      nomeAttivita: `Ottica ${tag}`,
      indirizzo: `Corso ${tag} 5, Torino`,
    });
    const created = [];
    for (let i = 0; i < 5; i++) created.push((await insertPratica(ctx.db, { puntoFisicoId: point.id })).id);
    const byName = await list({ puntoFisico: `ottica ${tag}`, pageSize: 2 });
    expect(byName.json()).toMatchObject({
      total: 5,
      totalIsLowerBound: false,
      countsByStato: exactCounts({ inserito: 5, in_lavorazione: 0, completato: 0, ko: 0 }),
    });
    expect(byName.json().items).toHaveLength(2);
    expect(byName.json().nextCursor).toEqual(expect.any(String));
    // By the address too, newest first, three pages of 2, 2 and 1, the last without a next cursor.
    const { seen } = await allPages({ puntoFisico: `corso ${tag}` }, 2);
    expect(seen).toEqual([...created].reverse());
  });

  it('pages by cursor while practices arrive: no practice repeated or skipped, the new one on a fresh first page', async () => {
    const point = await insertPuntoFisico(ctx.db);
    const created: number[] = [];
    for (let i = 0; i < 5; i++) created.push((await insertPratica(ctx.db, { puntoFisicoId: point.id })).id);
    const first = (await list({ puntoFisicoId: point.id, pageSize: 2 })).json();
    const late = (await insertPratica(ctx.db, { puntoFisicoId: point.id })).id;
    const seen: number[] = first.items.map((p: { id: number }) => p.id);
    let cursor: string | null = first.nextCursor;
    while (cursor) {
      const body = (await list({ puntoFisicoId: point.id, pageSize: 2, cursor })).json();
      seen.push(...body.items.map((p: { id: number }) => p.id));
      cursor = body.nextCursor;
    }
    expect(seen).toEqual([...created].reverse());
    const again = (await list({ puntoFisicoId: point.id, pageSize: 2 })).json();
    expect(again.items[0].id).toBe(late);
    expect(again.total).toBe(6);
  });

  it.each([
    ['not base64 JSON', '%%%'],
    ['another shape', Buffer.from(JSON.stringify([1, 2, 3])).toString('base64url')],
    ['a date where the id goes', Buffer.from(JSON.stringify(['2026-01-01', 'x'])).toString('base64url')],
    ['too long', 'a'.repeat(601)],
  ])('refuses a cursor that is %s with 400 and an Italian message', async (_label, cursor) => {
    const res = await list({ cursor });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(msg.common.invalidCursor);
  });

  it('a point id no practice has (another chain, or no such point) gives nothing, counted 0', async () => {
    await insertPratica(ctx.db, { puntoFisicoId: (await insertPuntoFisico(ctx.db)).id });
    const none: Array<Record<string, string | number>> = [
      { puntoFisicoId: 2_000_000_000 },
      { puntoFisicoId: 2_000_000_000, stato: 'inserito' },
    ];
    for (const q of none) {
      const body = (await list(q)).json();
      expect(body, JSON.stringify(q)).toMatchObject({
        items: [],
        total: 0,
        totalIsLowerBound: false,
        nextCursor: null,
        countsByStato: exactCounts({ inserito: 0, in_lavorazione: 0, completato: 0, ko: 0 }),
      });
    }
  });

  it.each([
    [{ stato: 'attivo' }, 'Stato non valido'],
    [{ servizio: 'mutuo' }, 'Servizio non valido'],
    [{ koMotivazione: 'boh' }, 'Motivazione KO non valida'],
    [{ puntoFisicoId: 'abc' }, msg.common.invalidId],
  ])('refuses bad filters %j with an Italian message', async (query, message) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it.each(['agente', 'area_manager', 'punto_fisico'] as const)('refuses %s with 403', async (role) => {
    const { cookie } = await loginAs(ctx, role);
    expect((await list({}, cookie)).statusCode).toBe(403);
  });

  it('lets amministrazione read the practices', async () => {
    const { cookie } = await loginAs(ctx, 'amministrazione');
    expect((await list({}, cookie)).statusCode).toBe(200);
  });
});

describe('GET /api/pratiche/{id}', () => {
  it('returns one practice exactly as the list shows it, for its own page', async () => {
    const point = await insertPuntoFisico(ctx.db, { nomeAttivita: 'Edicola Duomo' });
    const lead = await insertLead(ctx.db, { nome: 'Pia', cognome: 'Landi' });
    const pratica = await insertPratica(ctx.db, { leadId: lead.id, puntoFisicoId: point.id });
    await setStatus(pratica.servizi[0].id, { stato: 'in_lavorazione' });

    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/pratiche/${pratica.id}`,
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    const fromList = (await list({ search: `#${pratica.id}` })).json().items[0];
    expect(res.json()).toEqual(fromList);
    expect(res.json()).toMatchObject({
      id: pratica.id,
      statoPratica: 'in_lavorazione',
      lead: { nome: 'Pia', cognome: 'Landi' },
      puntoFisico: { nomeAttivita: 'Edicola Duomo' },
    });
  });

  it('is readable by amministrazione, refused to the other roles, and 404 when missing', async () => {
    const pratica = await insertPratica(ctx.db, {});
    const url = `/api/pratiche/${pratica.id}`;
    const amministrazione = (await loginAs(ctx, 'amministrazione')).cookie;
    const agente = (await loginAs(ctx, 'agente')).cookie;
    expect(
      (await ctx.app.inject({ method: 'GET', url, headers: { cookie: amministrazione } })).statusCode,
    ).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url, headers: { cookie: agente } })).statusCode).toBe(403);
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/pratiche/99999999',
      headers: { cookie: admin },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(msg.pratica.notFound);
  });
});

describe('DELETE /api/pratiche/{id}', () => {
  it('removes the practice, its services and its documents from storage', async () => {
    const pratica = await insertPratica(ctx.db);
    const filename = `doc-${randomBytes(8).toString('hex')}.pdf`;
    await ctx.storage.put(filename, Readable.from([Buffer.from('%PDF-1.4')]));
    await ctx.db.insert(documenti).values({
      praticaId: pratica.id,
      filename,
      displayName: 'bolletta.pdf',
      parte: 'luceFile',
      mimeType: 'application/pdf',
      sizeBytes: 8,
      sha256: 'x',
    });
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/pratiche/${pratica.id}`,
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(204);
    expect(await exists(pratica.id)).toBe(false);
    expect(await ctx.db.select().from(servizi).where(eq(servizi.praticaId, pratica.id))).toEqual([]);
    expect(await ctx.storage.get(filename)).toBeNull();
  });

  it('removes an unpaid commission with it, and is allowed to amministrazione', async () => {
    const { cookie } = await loginAs(ctx, 'amministrazione');
    const pratica = await insertPratica(ctx.db, { servizi: [{ tipoServizio: 'luce' }] });
    await setStatus(pratica.servizi[0].id, { stato: 'completato', fornitore: 'ENEL', numeroForniture: 1 });
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/pratiche/${pratica.id}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(204);
    expect(await ctx.db.select().from(commissioni).where(eq(commissioni.praticaId, pratica.id))).toEqual([]);
  });

  it('refuses with 409 and deletes nothing while a paid commission exists', async () => {
    const pratica = await insertPratica(ctx.db, { servizi: [{ tipoServizio: 'luce' }] });
    const filename = `doc-${randomBytes(8).toString('hex')}.pdf`;
    await ctx.storage.put(filename, Readable.from([Buffer.from('%PDF-1.4')]));
    await ctx.db.insert(documenti).values({
      praticaId: pratica.id,
      filename,
      displayName: 'b.pdf',
      parte: 'luceFile',
      mimeType: 'application/pdf',
      sizeBytes: 8,
      sha256: 'x',
    });
    await setStatus(pratica.servizi[0].id, { stato: 'completato', fornitore: 'ENEL', numeroForniture: 1 });
    await ctx.db
      .update(commissioni)
      .set({ statoPagamento: 'pagato' })
      .where(eq(commissioni.praticaId, pratica.id));
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/pratiche/${pratica.id}`,
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(msg.pratica.hasPaidCommission);
    expect(await exists(pratica.id)).toBe(true);
    expect(await ctx.storage.get(filename)).not.toBeNull();
  });

  it.each(['agente', 'area_manager', 'punto_fisico'] as const)('refuses %s with 403', async (role) => {
    const { cookie } = await loginAs(ctx, role);
    const pratica = await insertPratica(ctx.db);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/pratiche/${pratica.id}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(403);
    expect(await exists(pratica.id)).toBe(true);
  });

  it('answers 404 for a practice that does not exist', async () => {
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/pratiche/987654',
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(msg.pratica.notFound);
  });
});
