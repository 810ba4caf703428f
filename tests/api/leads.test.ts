import { randomBytes, randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { EXPORT_BATCH } from '#server/lib/tabular-export.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads, pratiche } from '#server/db/schema.ts';
import { LEAD_CONTATTO_STATI } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import { SEARCH_TOTAL_BOUND, TOTAL_BOUND } from '#shared/schemas/common.ts';
import type { Role } from '#shared/permissions.ts';
import {
  insertCommissione,
  insertDocumento,
  insertLead,
  insertPratica,
  insertPuntoFisico,
  insertServizio,
} from '#test/setup/factories.ts';
import { readCsvRows, readXlsxRows, unzip } from '#test/setup/spreadsheet.ts';
import { createTestContext, type TestContext } from '#test/setup/test-app.ts';
import { buildTwoShopWorld, insertLeadWithPratica, SCOPED_ROLES, UNSCOPED_ROLES } from '#test/setup/world.ts';

let ctx: TestContext;
let w: Awaited<ReturnType<typeof buildTwoShopWorld>>;
let leadA: Awaited<ReturnType<typeof insertLeadWithPratica>>;
let leadB: Awaited<ReturnType<typeof insertLeadWithPratica>>;

beforeAll(async () => {
  ctx = await createTestContext();
  w = await buildTwoShopWorld(ctx);
  leadA = await insertLeadWithPratica(ctx, w.puntoA.id, { nome: 'Anna', cognome: 'Alfieri' }, [
    'luce',
    'gas',
  ]);
  leadB = await insertLeadWithPratica(ctx, w.puntoB.id, { nome: 'Bruno', cognome: 'Bellini' }, ['internet']);
});
afterAll(async () => ctx?.close());

const tag = () => randomBytes(4).toString('hex');
const get = (url: string, cookie: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const patchStatus = (id: number, cookie: string, status: unknown) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/leads/${id}/status`,
    headers: { cookie },
    payload: { status },
  });
const del = (id: number, cookie: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/leads/${id}`, headers: { cookie } });

async function leadIds(url: string, cookie: string): Promise<number[]> {
  const res = await get(url, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as Array<{ id: number }>).map((l) => l.id);
}

describe('scope by role: list, detail, status', () => {
  it.each(UNSCOPED_ROLES)('%s lists every lead', async (role) => {
    const ids = await leadIds('/api/leads?pageSize=200', w.cookies[role]);
    expect(ids).toEqual(expect.arrayContaining([leadA.lead.id, leadB.lead.id]));
  });

  it.each(SCOPED_ROLES)("%s lists only its points' leads", async (role) => {
    const res = await get('/api/leads?pageSize=200', w.cookies[role]);
    const ids = (res.json().items as Array<{ id: number }>).map((l) => l.id);
    expect(ids).toContain(leadA.lead.id);
    expect(ids).not.toContain(leadB.lead.id);
    expect(res.json().total).toBe(ids.length);
  });

  const cases = SCOPED_ROLES.flatMap((role) => [
    [role, 'GET detail'],
    [role, 'PATCH status'],
  ]) as Array<[Role, string]>;
  it.each(cases)("%s: %s of its own lead 200, of another point's lead 404", async (role, action) => {
    const call = (id: number) =>
      action === 'GET detail'
        ? get(`/api/leads/${id}`, w.cookies[role])
        : patchStatus(id, w.cookies[role], 'contattato');
    expect((await call(leadA.lead.id)).statusCode).toBe(200);
    const other = await call(leadB.lead.id);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(msg.lead.notFound);
    const [row] = await ctx.db.select().from(leads).where(eq(leads.id, leadB.lead.id));
    expect(row.statoContatto).toBe('nuovo');
  });

  it('a returning customer who came back through another shop is visible to both shops', async () => {
    const returning = await insertLeadWithPratica(ctx, w.puntoB.id);
    await insertPratica(ctx.db, { leadId: returning.lead.id, puntoFisicoId: w.puntoA.id });
    expect((await get(`/api/leads/${returning.lead.id}`, w.pfA.cookie)).statusCode).toBe(200);
    expect((await get(`/api/leads/${returning.lead.id}`, w.pfB.cookie)).statusCode).toBe(200);
    // …but each shop sees only the practices made at its own counter.
    const seenByA = (await get(`/api/leads/${returning.lead.id}`, w.pfA.cookie)).json();
    expect(seenByA.pratiche.map((p: { puntoFisicoId: number }) => p.puntoFisicoId)).toEqual([w.puntoA.id]);
    expect((await get(`/api/leads/${returning.lead.id}`, w.admin)).json().pratiche).toHaveLength(2);
  });
});

describe('GET /api/leads: keyset pages (cursor / nextCursor)', () => {
  type Page = { items: Array<{ id: number }>; nextCursor: string | null };
  let q: Awaited<ReturnType<typeof insertPuntoFisico>>;
  let t: string;
  // Expected order: date desc, id desc (ties on the date broken by the id).
  let mine: Array<{ id: number; at: number; stato: string }>;
  let elsewhere: number;

  beforeAll(async () => {
    t = `Pos${tag()}`;
    // A third point of the A people, so the scoped roles see it.
    q = await insertPuntoFisico(ctx.db, {
      utenteResponsabileId: w.pfA.user.id,
      agenteId: w.agA.user.id,
      areaManagerId: w.amA.user.id,
    });
    const base = Date.parse('2026-02-01T10:00:00.123456Z');
    mine = [];
    for (let i = 0; i < 13; i++) {
      const stato = i % 3 === 0 ? 'contattato' : 'nuovo';
      // Pairs share a timestamp (with microseconds): the id breaks the tie.
      const at = base + Math.floor(i / 2) * 60_000;
      const lead = await insertLead(ctx.db, {
        puntoFisicoOriginaleId: q.id,
        cognome: `${t} ${i}`,
        statoContatto: stato as 'nuovo',
        dataRegistrazione: new Date(at),
      });
      mine.push({ id: lead.id, at, stato });
    }
    // A returning customer of shop B with a practice at Q: Q's too.
    const back = await insertLeadWithPratica(ctx, w.puntoB.id, { cognome: `${t} ritorno` });
    await insertPratica(ctx.db, { leadId: back.lead.id, puntoFisicoId: q.id });
    mine.push({ id: back.lead.id, at: back.lead.dataRegistrazione.getTime(), stato: 'nuovo' });
    // Shop B's own lead with the same word: never a scoped A role's.
    elsewhere = (await insertLeadWithPratica(ctx, w.puntoB.id, { cognome: `${t} altrove` })).lead.id;
    mine.sort((a, b) => b.at - a.at || b.id - a.id);
  });

  /** Every page by `nextCursor`; each cursor read again («Precedente» re-reads a kept one) gives the same page. */
  async function walk(url: string, cookie: string, size: number) {
    const pages: Array<{ cursor?: string; ids: number[] }> = [];
    let cursor: string | undefined;
    for (;;) {
      const r = await get(`${url}&pageSize=${size}${cursor ? `&cursor=${cursor}` : ''}`, cookie);
      expect(r.statusCode, r.body).toBe(200);
      const res = r.json<Page>();
      pages.push({ cursor, ids: res.items.map((i) => i.id) });
      expect(res.items.length, 'a page before the last is full').toBe(
        res.nextCursor ? size : res.items.length,
      );
      if (!res.nextCursor) break;
      cursor = res.nextCursor;
    }
    const again = pages[Math.max(0, pages.length - 2)];
    const reread = await get(
      `${url}&pageSize=${size}${again.cursor ? `&cursor=${again.cursor}` : ''}`,
      cookie,
    );
    expect(reread.json<Page>().items.map((x) => x.id)).toEqual(again.ids);
    return pages.flatMap((p) => p.ids);
  }

  const filters: Array<[string, (s: { id: number; stato: string }) => boolean]> = [
    ['search', () => true],
    ['search+status', (s) => s.stato === 'contattato'],
    ['point', () => true],
    ['point+status', (s) => s.stato === 'contattato'],
  ];
  const cases = (['admin', 'amministrazione', ...SCOPED_ROLES] as Role[]).flatMap((role) =>
    filters.flatMap(([name, keep]) => [3, 4].map((size) => [role, name, size, keep] as const)),
  );
  it.each(cases)(
    '%s, %s, %i a page: every row once, in order, nothing out of scope',
    async (role, name, size, keep) => {
      const url =
        name === 'search'
          ? `/api/leads?search=${t}`
          : name === 'search+status'
            ? `/api/leads?search=${t}&status=contattato`
            : name === 'point'
              ? `/api/leads?puntoFisicoId=${q.id}`
              : `/api/leads?puntoFisicoId=${q.id}&status=contattato`;
      const expected = mine.filter(keep).map((m) => m.id);
      const unscoped = role === 'admin' || role === 'amministrazione';
      // Shop B's lead matches the search for the office only.
      const withElsewhere = unscoped && name === 'search' ? [...expected, elsewhere] : expected;
      const seen = await walk(url, w.cookies[role], size);
      expect(new Set(seen).size, 'no row twice').toBe(seen.length);
      if (withElsewhere.length !== expected.length)
        expect([...seen].sort()).toEqual([...withElsewhere].sort());
      else expect(seen).toEqual(expected);
      expect(seen).not.toContain(leadB.lead.id);
    },
  );

  it.each(['admin', ...SCOPED_ROLES] as Role[])(
    '%s: the whole list by position equals the one long page',
    async (role) => {
      const all = await leadIds('/api/leads?pageSize=200', w.cookies[role]);
      expect(await walk('/api/leads?', w.cookies[role], 7)).toEqual(all);
    },
  );

  it.each(['admin', 'amministrazione', ...SCOPED_ROLES] as Role[])(
    '%s: a search pages by cursor, and a lead arriving after the first page never shows on the next ones',
    async (role) => {
      const word = `Arrivo${tag()}`;
      const base = Date.parse('2026-03-01T10:00:00.000001Z');
      for (let i = 0; i < 6; i++)
        await insertLead(ctx.db, {
          puntoFisicoOriginaleId: q.id,
          cognome: `${word} ${i}`,
          dataRegistrazione: new Date(base + i * 60_000),
        });
      const url = `/api/leads?search=${word}&pageSize=4`;
      const first = (await get(url, w.cookies[role])).json<Page & { total: number }>();
      expect(first.total).toBe(6);
      const late = await insertLead(ctx.db, { puntoFisicoOriginaleId: q.id, cognome: `${word} tardi` });
      const second = (await get(`${url}&cursor=${first.nextCursor}`, w.cookies[role])).json<Page>();
      expect([...first.items, ...second.items].map((l) => l.id)).not.toContain(late.id);
      expect([second.items.length, second.nextCursor]).toEqual([2, null]);
      // Read again from the top: the newcomer first, and counted.
      const fresh = (await get(url, w.cookies[role])).json<Page & { total: number }>();
      expect(fresh.items[0].id).toBe(late.id);
      expect(fresh.total).toBe(7);
    },
  );

  // The scoped roles answer a status filter from their own scope rows, which carry the lead's
  // status (docs/performance.md#perimetro-dei-ruoli): it must find what the full list shows.
  it.each([...SCOPED_ROLES, 'admin'] as Role[])(
    '%s: each contact status and "overdue", alone and on a point, find exactly those leads, with the total, also after a change',
    async (role) => {
      type Item = { id: number; statoContatto: string; isOverdue: boolean };
      const check = async (step: string) => {
        const filters: Array<[string, (i: Item) => boolean]> = [
          ...LEAD_CONTATTO_STATI.map((s): [string, (i: Item) => boolean] => [
            `status=${s}`,
            (i) => i.statoContatto === s,
          ]),
          ['overdue=true', (i) => i.isOverdue],
          ['status=nuovo&overdue=true', (i) => i.isOverdue],
        ];
        // The whole scope (the office's is the whole test database: not on one page).
        if (role !== 'admin') {
          const all = (await get('/api/leads?pageSize=200', w.cookies[role])).json<{
            items: Item[];
            total: number;
          }>();
          expect(all.items.length, 'the whole scope on one page').toBe(all.total);
          for (const [query, keep] of filters) {
            const res = (await get(`/api/leads?${query}&pageSize=200`, w.cookies[role])).json<{
              items: Item[];
              total: number;
            }>();
            const expected = all.items.filter(keep).map((i) => i.id);
            expect(
              res.items.map((i) => i.id),
              `${step}: ${query}`,
            ).toEqual(expected);
            expect(res.total, `${step}: ${query} total`).toBe(expected.length);
          }
        }
        // The same filters on one point of the scope read the point's rows.
        const point = (await get(`/api/leads?puntoFisicoId=${q.id}&pageSize=200`, w.cookies[role])).json<{
          items: Item[];
        }>();
        expect(point.items.length).toBeGreaterThan(0);
        for (const [query, keep] of filters) {
          const res = (
            await get(`/api/leads?puntoFisicoId=${q.id}&${query}&pageSize=200`, w.cookies[role])
          ).json<{
            items: Item[];
            total: number;
          }>();
          const expected = point.items.filter(keep).map((i) => i.id);
          expect(
            res.items.map((i) => i.id),
            `${step}: point ${query}`,
          ).toEqual(expected);
          expect(res.total, `${step}: point ${query} total`).toBe(expected.length);
        }
      };
      await check('as seeded');
      const target = mine.find((m) => m.stato === 'nuovo')!;
      const changed = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/leads/${target.id}/status`,
        headers: { cookie: w.admin },
        payload: { status: 'non_raggiungibile' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      await check('after a status change');
      const back = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/leads/${target.id}/status`,
        headers: { cookie: w.admin },
        payload: { status: 'nuovo' },
      });
      expect(back.statusCode, back.body).toBe(200);
    },
  );

  // A scoped role searches its own rows' copy of the lead's words (docs/performance.md#perimetro-dei-ruoli).
  it.each([...SCOPED_ROLES, 'admin'] as Role[])(
    '%s: a renamed lead is found by its new surname, e-mail and phone, no longer by the old ones',
    async (role) => {
      const lead = (await insertLead(ctx.db, { puntoFisicoOriginaleId: q.id, cognome: `Vecchio${t}${role}` }))
        .id;
      const found = (term: string) =>
        leadIds(`/api/leads?search=${encodeURIComponent(term)}`, w.cookies[role]);
      expect(await found(`Vecchio${t}${role}`)).toEqual([lead]);
      const phone = `34${randomInt(10_000_000, 99_999_999)}`;
      await ctx.db
        .update(leads)
        .set({
          cognome: `Nuovo${t}${role}`,
          email: `nuovo.${t}.${role}@example.com`,
          telefono: phone,
          telefonoNormalizzato: phone,
        })
        .where(eq(leads.id, lead));
      expect(await found(`Vecchio${t}${role}`)).toEqual([]);
      expect(await found(`Nuovo${t}${role}`)).toEqual([lead]);
      expect(await found(`nuovo.${t}.${role}@`)).toEqual([lead]);
      expect(await found(`+39 ${phone.slice(0, 3)} ${phone.slice(3)}`)).toEqual([lead]);
      const total = (await get(`/api/leads?search=Nuovo${t}${role}`, w.cookies[role])).json<{
        total: number;
      }>();
      expect(total.total).toBe(1);
    },
  );

  // The search text is stored lower-cased (docs/performance.md#testo-di-ricerca): accented
  // capitals fold like plain ones, in the term and in the stored words, for every source.
  it.each([...SCOPED_ROLES, 'admin'] as Role[])(
    '%s: a surname with an accented capital is found whatever the case of the term',
    async (role) => {
      const { lead, pratica } = await insertLeadWithPratica(ctx, q.id, {
        nome: 'Èrica',
        cognome: `Dell'Àngelo${t}${role}`,
      });
      for (const term of [`dell'àngelo${t}${role}`, `DELL'ÀNGELO${t}${role}`, `èrica dell'Àngelo${t}${role}`])
        expect(await leadIds(`/api/leads?search=${encodeURIComponent(term)}`, w.cookies[role]), term).toEqual(
          [lead.id],
        );
      // The practice's copy of the words, on the practices' list.
      const found = await get(
        `/api/pratiche?search=${encodeURIComponent(`ÈRICA DELL'àngelo${t}${role}`)}`,
        w.admin,
      );
      expect(found.json<{ items: Array<{ id: number }> }>().items.map((i) => i.id)).toEqual([pratica.id]);
    },
  );

  it.each([
    ['cursor=yesterday'],
    [`cursor=${Buffer.from('[1]').toString('base64url')}`],
    [`cursor=${Buffer.from('["2026-02-01 10:00:00+00","x"]').toString('base64url')}`],
  ])('refuses %s with 400 and an Italian message', async (query) => {
    const res = await get(`/api/leads?${query}`, w.admin);
    expect(res.statusCode).toBe(400);
    if (query.startsWith('cursor')) expect(res.json().message).toBe(msg.common.invalidCursor);
  });
});

describe('GET /api/leads: pagination and filters', () => {
  it('pages on the server with the total, newest first', async () => {
    const p = await insertPuntoFisico(ctx.db, { utenteResponsabileId: w.pfB.user.id });
    const made = [];
    for (let i = 0; i < 7; i++) {
      made.push(
        await insertLead(ctx.db, {
          puntoFisicoOriginaleId: p.id,
          dataRegistrazione: new Date(Date.now() - (10 - i) * 60_000),
        }),
      );
    }
    const page1 = (await get(`/api/leads?puntoFisicoId=${p.id}&pageSize=3`, w.admin)).json();
    expect(page1).toMatchObject({ total: 7, totalIsLowerBound: false });
    expect(page1.items.map((l: { id: number }) => l.id)).toEqual([made[6].id, made[5].id, made[4].id]);
    const page2 = (
      await get(`/api/leads?puntoFisicoId=${p.id}&pageSize=3&cursor=${page1.nextCursor}`, w.admin)
    ).json();
    const page3 = (
      await get(`/api/leads?puntoFisicoId=${p.id}&pageSize=3&cursor=${page2.nextCursor}`, w.admin)
    ).json();
    expect(page3.items.map((l: { id: number }) => l.id)).toEqual([made[0].id]);
    expect(page3.nextCursor).toBeNull();
    expect(page1.items[0]).toMatchObject({
      nome: made[6].nome,
      email: made[6].email,
      telefono: made[6].telefono,
      statoContatto: 'nuovo',
      isOverdue: false,
      puntoFisicoOriginaleId: p.id,
      puntoFisicoOriginaleDetails: { id: p.id, nomeAttivita: p.nomeAttivita, indirizzo: p.indirizzo },
    });
  });

  it.each<[string, string]>([
    ['pageSize=0', 'pageSize'],
    ['pageSize=201', 'pageSize'],
    ['status=chiuso', 'status'],
    ['service=pizza', 'service'],
  ])('refuses %s with 400', async (query) => {
    const res = await get(`/api/leads?${query}`, w.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
  });

  it('searches on the server over name, surname, e-mail and phone (digits only too)', async () => {
    const t = tag();
    const num = String(randomInt(1_000_000, 9_999_999));
    const p = await insertPuntoFisico(ctx.db, { utenteResponsabileId: w.pfB.user.id });
    const target = await insertLead(ctx.db, {
      nome: `Ginevra${t}`,
      cognome: `Sforza${t}`,
      email: `g.sforza.${t}@Posta.it`,
      telefono: `+39 347 ${num}`,
      puntoFisicoOriginaleId: p.id,
    });
    expect(target.telefonoNormalizzato).toBe(`347${num}`);
    await insertLead(ctx.db, { puntoFisicoOriginaleId: p.id });
    for (const q of [
      `ginevra${t}`,
      `SFORZA${t}`,
      `Ginevra${t} Sforza${t}`,
      `g.sforza.${t}@posta`,
      `347${num}`,
      `347 ${num.slice(0, 3)} ${num.slice(3)}`,
      `+39 347 ${num}`,
    ]) {
      const ids = await leadIds(`/api/leads?puntoFisicoId=${p.id}&search=${encodeURIComponent(q)}`, w.admin);
      expect(ids, q).toEqual([target.id]);
    }
    expect(
      await leadIds(`/api/leads?puntoFisicoId=${p.id}&search=${encodeURIComponent('%')}`, w.admin),
    ).toEqual([]);
    // A word with digits in it is not a phone: "sforza347" does not match every phone with 347.
    const other = await insertLead(ctx.db, { cognome: 'Rossi', puntoFisicoOriginaleId: p.id });
    expect(
      await leadIds(`/api/leads?puntoFisicoId=${p.id}&search=${encodeURIComponent(`rossi347`)}`, w.admin),
    ).toEqual([]);
    expect(other.telefonoNormalizzato).toMatch(/^34/);
    // A term does not run from one field into the next (name into e-mail).
    expect(
      await leadIds(
        `/api/leads?puntoFisicoId=${p.id}&search=${encodeURIComponent(`Ginevra${t} g.sforza`)}`,
        w.admin,
      ),
    ).toEqual([]);
  });

  it('counts a search up to 1,000 matches, then says "more than 1,000"; other filters count up to 10,000', async () => {
    const p = await insertPuntoFisico(ctx.db, { nomeAttivita: `Molti ${tag()}` });
    const t = tag();
    const digits = t.replace(/\D/g, '').padEnd(4, '5').slice(0, 4);
    const n = SEARCH_TOTAL_BOUND + 2;
    await ctx.db.execute(sql`
      insert into leads (nome, cognome, email, telefono, email_normalizzata, telefono_normalizzato,
        punto_fisico_originale_id, stato_contatto)
      select 'Omonimo', 'Cognome' || ${t}, 'omonimo' || i || '.' || ${t} || '@esempio.it', '38' || ${digits} || lpad(i::text, 5, '0'),
        'omonimo' || i || '.' || ${t} || '@esempio.it', '38' || ${digits} || lpad(i::text, 5, '0'), ${p.id}, 'contattato'
      from generate_series(1, ${n}) as i`);
    const total = async (url: string) => {
      const res = await get(url, w.admin);
      expect(res.statusCode, res.body).toBe(200);
      return { total: res.json().total, totalIsLowerBound: res.json().totalIsLowerBound };
    };
    expect(await total(`/api/leads?search=Cognome${t}`)).toEqual({
      total: SEARCH_TOTAL_BOUND,
      totalIsLowerBound: true,
    });
    expect(await total(`/api/leads?search=Cognome${t}&statoContatto=contattato`)).toEqual({
      total: SEARCH_TOTAL_BOUND,
      totalIsLowerBound: true,
    });
    expect(await total(`/api/leads?puntoFisicoId=${p.id}&statoContatto=contattato`)).toEqual({
      total: n,
      totalIsLowerBound: false,
    });
    // A narrower search is exact again.
    expect(await total(`/api/leads?search=omonimo1.${t}`)).toEqual({ total: 1, totalIsLowerBound: false });
    // A later page of the broad search: the same bounded total, a full page.
    const first = (await get(`/api/leads?search=Cognome${t}&pageSize=5`, w.admin)).json();
    const again = await get(`/api/leads?search=Cognome${t}&pageSize=5&cursor=${first.nextCursor}`, w.admin);
    expect(again.json()).toMatchObject({ total: SEARCH_TOTAL_BOUND, totalIsLowerBound: true });
    expect(again.json().items).toHaveLength(5);
    // Back under the bound: exact again.
    await ctx.db.execute(sql`delete from leads where cognome = ${`Cognome${t}`} and email like 'omonimo1%'`);
    const left = (await ctx.db.execute(
      sql`select count(*)::int as n from leads where cognome = ${`Cognome${t}`}`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(left.rows[0].n).toBeLessThanOrEqual(SEARCH_TOTAL_BOUND);
    expect(await total(`/api/leads?search=Cognome${t}`)).toEqual({
      total: left.rows[0].n,
      totalIsLowerBound: false,
    });
  });

  it('filters by point, contact status, service and overdue', async () => {
    const p = await insertPuntoFisico(ctx.db, { utenteResponsabileId: w.pfB.user.id });
    const fresh = await insertLeadWithPratica(ctx, p.id, {}, ['noleggio']);
    const late = await insertLeadWithPratica(
      ctx,
      p.id,
      { dataRegistrazione: new Date(Date.now() - 25 * 3600_000) },
      ['luce'],
    );
    const lateButCalled = await insertLeadWithPratica(
      ctx,
      p.id,
      { dataRegistrazione: new Date(Date.now() - 48 * 3600_000), statoContatto: 'contattato' },
      ['luce'],
    );
    const base = `/api/leads?puntoFisicoId=${p.id}`;
    expect(await leadIds(base, w.admin)).toEqual([fresh.lead.id, late.lead.id, lateButCalled.lead.id]);
    expect(await leadIds(`${base}&status=contattato`, w.admin)).toEqual([lateButCalled.lead.id]);
    expect(await leadIds(`${base}&status=nuovo`, w.admin)).toEqual([fresh.lead.id, late.lead.id]);
    expect(await leadIds(`${base}&service=noleggio`, w.admin)).toEqual([fresh.lead.id]);
    expect(await leadIds(`${base}&overdue=true`, w.admin)).toEqual([late.lead.id]);
    const items = (await get(base, w.admin)).json().items as Array<{ id: number; isOverdue: boolean }>;
    expect(items.map((l) => l.isOverdue)).toEqual([false, true, false]);
  });

  describe('a contact status alone, or with a point: the total counted afresh, up to its bound', () => {
    // Scoped people see the leads of their points: arrived there or with a practice there.
    const column: Partial<Record<Role, string>> = {
      punto_fisico: 'utente_responsabile_id',
      agente: 'agente_id',
      area_manager: 'area_manager_id',
    };
    /** The leads in this status that `role` (as `userId`) sees, at `puntoId` if given, counted afresh. */
    async function freshCount(role: Role, userId: number, stato: string, puntoId?: number) {
      const points = sql`select pf.id from punti_fisici pf where true
        ${column[role] ? sql`and pf.${sql.raw(column[role])} = ${userId}` : sql``}
        ${puntoId ? sql`and pf.id = ${puntoId}` : sql``}`;
      const scoped = Boolean(column[role] || puntoId);
      const result = (await ctx.db.execute(sql`
        select count(*)::int as n from leads l where l.stato_contatto = ${stato}
        ${
          scoped
            ? sql`and (l.punto_fisico_originale_id in (${points})
                or exists (select 1 from pratiche p where p.lead_id = l.id and p.punto_fisico_id in (${points})))`
            : sql``
        }`)) as unknown as { rows: Array<{ n: number }> };
      return result.rows[0].n;
    }
    const userOf = (role: Role) =>
      ({ punto_fisico: w.pfA, agente: w.agA, area_manager: w.amA })[role as string]?.user.id ?? 0;

    it("past 10,000: 'more than 10,000', for every reading of the same filter", async () => {
      const p = await insertPuntoFisico(ctx.db, { utenteResponsabileId: w.pfB.user.id });
      const t = tag();
      // One statement for the 10,003 leads: the list and its total read the leads themselves.
      await ctx.db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into leads (nome, cognome, email, telefono, email_normalizzata, telefono_normalizzato,
            punto_fisico_originale_id, stato_contatto)
          select 'Tanti', ${t}, 'tanti' || i || '.' || ${t} || '@esempio.it', '39' || lpad(i::text, 8, '0'),
            'tanti' || i || '.' || ${t} || '@esempio.it', '39' || lpad(i::text, 8, '0'), ${p.id}, 'non_raggiungibile'
          from generate_series(1, ${TOTAL_BOUND + 3}) as i`);
      });
      const stato = 'non_raggiungibile';
      for (const [url, cookie] of [
        [`/api/leads?status=${stato}`, w.admin],
        [`/api/leads?status=${stato}&puntoFisicoId=${p.id}`, w.admin],
        [`/api/leads?status=${stato}`, w.pfB.cookie],
        [`/api/leads?puntoFisicoId=${p.id}`, w.pfB.cookie],
      ] as const) {
        const res = (await get(`${url}&pageSize=2`, cookie)).json();
        expect(res, url).toMatchObject({ total: TOTAL_BOUND, totalIsLowerBound: true });
        expect(res.items, url).toHaveLength(2);
      }
    });

    const roles = [...UNSCOPED_ROLES, ...SCOPED_ROLES];
    const cases = roles.flatMap((role) =>
      LEAD_CONTATTO_STATI.flatMap((stato) =>
        [false, true].map((withPoint) => [role, stato, withPoint] as const),
      ),
    );
    it.each(cases)('%s, %s, with its point %s', async (role, stato, withPoint) => {
      // Leads of each status at shop A and at shop B; one of A's moved from a status to another.
      const called = await insertLeadWithPratica(ctx, w.puntoA.id, { statoContatto: 'contattato' });
      await insertLeadWithPratica(ctx, w.puntoA.id, { statoContatto: 'contattato' });
      await insertLeadWithPratica(ctx, w.puntoB.id, { statoContatto: 'non_raggiungibile' });
      await insertLeadWithPratica(ctx, w.puntoA.id);
      expect((await patchStatus(called.lead.id, w.admin, 'non_raggiungibile')).statusCode).toBe(200);
      const url = `/api/leads?status=${stato}${withPoint ? `&puntoFisicoId=${w.puntoA.id}` : ''}`;
      const res = await get(url, w.cookies[role]);
      expect(res.statusCode, res.body).toBe(200);
      const expected = await freshCount(role, userOf(role), stato, withPoint ? w.puntoA.id : undefined);
      expect(expected).toBeGreaterThan(0);
      expect(res.json()).toMatchObject(
        expected > TOTAL_BOUND
          ? { total: TOTAL_BOUND, totalIsLowerBound: true }
          : { total: expected, totalIsLowerBound: false },
      );
    });
  });

  it("a scoped role filtering by another shop's point gets none of that shop's own leads", async () => {
    const ids = await leadIds(`/api/leads?puntoFisicoId=${w.puntoB.id}&pageSize=200`, w.pfA.cookie);
    expect(ids).not.toContain(leadB.lead.id);
    const other = await insertPuntoFisico(ctx.db, { utenteResponsabileId: w.pfB.user.id });
    await insertLeadWithPratica(ctx, other.id);
    expect((await get(`/api/leads?puntoFisicoId=${other.id}`, w.pfA.cookie)).json()).toMatchObject({
      items: [],
      total: 0,
    });
  });
});

describe('GET /api/leads/:id', () => {
  it('gives the lead, its practices, the first IP and the point with its responsible; admin also the summary', async () => {
    const { lead } = await insertLeadWithPratica(ctx, w.puntoA.id, {}, ['luce', 'gas']);
    const second = await insertPratica(ctx.db, {
      leadId: lead.id,
      puntoFisicoId: w.puntoA.id,
      indirizzoIp: '198.51.100.2',
      servizi: [],
    });
    await insertServizio(ctx.db, { praticaId: second.id, tipoServizio: 'luce', stato: 'completato' });
    const res = await get(`/api/leads/${lead.id}`, w.admin);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({
      id: lead.id,
      nome: lead.nome,
      indirizzoIP: '203.0.113.7',
      puntoFisicoOriginaleDetails: {
        nomeAttivita: 'Bar Centrale Alfa',
        indirizzo: 'Via Garibaldi 10, Torino',
        utenteResponsabile: {
          firstName: w.pfA.user.firstName,
          lastName: w.pfA.user.lastName,
          email: w.pfA.user.email,
        },
      },
    });
    expect(d.pratiche).toHaveLength(2);
    expect(d.pratiche[0].servizi.map((s: { tipoServizio: string }) => s.tipoServizio)).toEqual([
      'luce',
      'gas',
    ]);
    expect(d.praticheSummary.count).toBe(2);
    expect(d.praticheSummary.perServizioStato).toEqual(
      expect.arrayContaining([
        { tipoServizio: 'luce', stato: 'inserito', count: 1 },
        { tipoServizio: 'gas', stato: 'inserito', count: 1 },
        { tipoServizio: 'luce', stato: 'completato', count: 1 },
      ]),
    );
  });

  it.each<[Role]>([['amministrazione'], ['area_manager'], ['agente'], ['punto_fisico']])(
    '%s gets no practices summary in the JSON',
    async (role) => {
      const res = await get(`/api/leads/${leadA.lead.id}`, w.cookies[role]);
      expect(res.statusCode).toBe(200);
      expect(res.json()).not.toHaveProperty('praticheSummary');
    },
  );
});

describe('PATCH /api/leads/:id/status', () => {
  it.each(['contattato', 'non_raggiungibile', 'nuovo'])(
    'sets %s and the time of the change',
    async (status) => {
      const { lead } = await insertLeadWithPratica(ctx, w.puntoA.id);
      const res = await patchStatus(lead.id, w.pfA.cookie, status);
      expect(res.statusCode).toBe(200);
      expect(res.json().statoContatto).toBe(status);
      const [row] = await ctx.db.select().from(leads).where(eq(leads.id, lead.id));
      expect(row.statoContatto).toBe(status);
      expect(row.statoContattoAggiornatoAt).toBeInstanceOf(Date);
    },
  );

  it.each([['chiuso'], [''], [null]])('refuses %s with an Italian message', async (status) => {
    const res = await patchStatus(leadA.lead.id, w.admin, status);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Stato di contatto non valido: usa nuovo, contattato o non_raggiungibile',
    );
  });
});

describe('DELETE /api/leads/:id', () => {
  it.each<[Role]>([['area_manager'], ['agente'], ['punto_fisico']])(
    '%s may not delete (403)',
    async (role) => {
      expect((await del(leadA.lead.id, w.cookies[role])).statusCode).toBe(403);
    },
  );

  it.each<[Role]>([['admin'], ['amministrazione']])(
    '%s deletes a lead with its practices and their documents',
    async (role) => {
      const { lead, pratica } = await insertLeadWithPratica(ctx, w.puntoB.id);
      const doc = await insertDocumento(ctx.db, { praticaId: pratica.id }, ctx.storage);
      expect(await ctx.storage.get(doc.filename)).not.toBeNull();
      const res = await del(lead.id, w.cookies[role]);
      expect(res.statusCode).toBe(204);
      expect(await ctx.db.select().from(leads).where(eq(leads.id, lead.id))).toEqual([]);
      expect(await ctx.db.select().from(pratiche).where(eq(pratiche.id, pratica.id))).toEqual([]);
      expect(await ctx.storage.get(doc.filename)).toBeNull();
    },
  );

  it('refuses (409) a lead with a paid commission and keeps everything', async () => {
    const { lead, pratica, servizi } = await insertLeadWithPratica(ctx, w.puntoB.id);
    const doc = await insertDocumento(ctx.db, { praticaId: pratica.id }, ctx.storage);
    await insertCommissione(ctx.db, {
      praticaId: pratica.id,
      servizioId: servizi[0].id,
      statoPagamento: 'pagato',
    });
    const res = await del(lead.id, w.admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(msg.lead.hasPaidCommissions);
    expect(await ctx.db.select().from(leads).where(eq(leads.id, lead.id))).toHaveLength(1);
    expect(await ctx.storage.get(doc.filename)).not.toBeNull();
  });

  it('404 for an unknown lead', async () => {
    expect((await del(987654, w.admin)).statusCode).toBe(404);
  });
});

describe('GET /api/leads/export', () => {
  async function exportedPoint() {
    const p = await insertPuntoFisico(ctx.db, {
      nomeAttivita: '=Negozio Export',
      utenteResponsabileId: w.pfB.user.id,
    });
    const t = tag();
    const phone = `-333${randomInt(1_000_000, 9_999_999)}`;
    const evil = await insertLeadWithPratica(
      ctx,
      p.id,
      { nome: '=HYPERLINK("http://x.it")', cognome: '+Somma', email: `@mail${t}.it`, telefono: phone },
      ['luce', 'gas'],
    );
    for (let i = 0; i < 4; i++)
      await insertLeadWithPratica(ctx, p.id, { nome: `Cliente; "virgolette" ${i}` });
    return { p, evil, t, phone };
  }

  it('XLSX: one row per lead of the filtered list, header first, formula-like text kept as text', async () => {
    const { p, evil, t, phone } = await exportedPoint();
    const { total } = (await get(`/api/leads?puntoFisicoId=${p.id}`, w.admin)).json();
    const res = await get(`/api/leads/export?format=xlsx&puntoFisicoId=${p.id}`, w.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="lead-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const rows = readXlsxRows(res.rawPayload);
    expect(rows[0]).toEqual([
      'ID',
      'Nome',
      'Cognome',
      'Email',
      'Telefono',
      'Punto Fisico',
      'Indirizzo Punto Fisico',
      'Data registrazione',
      'Stato contatto',
      'In ritardo (oltre 24 ore)',
      'Servizi richiesti',
    ]);
    expect(rows.length - 1).toBe(total);
    expect(total).toBe(5);
    const row = rows.find((r) => r[0] === String(evil.lead.id))!;
    expect(row.slice(1, 6)).toEqual([
      `=HYPERLINK("http://x.it")`,
      '+Somma',
      `@mail${t}.it`,
      phone,
      '=Negozio Export',
    ]);
    expect(row[7]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    // The services by their Italian names, as the screen shows them.
    expect(row.slice(8)).toEqual(['Nuovo', 'No', 'Gas, Luce']);
    expect(unzip(res.rawPayload).get('xl/worksheets/sheet1.xml')!.toString('utf8')).not.toContain('<f>');
  });

  it('CSV: UTF-8 BOM, semicolons, quotes, same rows and neutralised cells', async () => {
    const { p, evil } = await exportedPoint();
    const res = await get(`/api/leads/export?format=csv&puntoFisicoId=${p.id}`, w.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = readCsvRows(res.rawPayload);
    expect(rows).toHaveLength(6);
    expect(rows[0][0]).toBe('ID');
    const row = rows.find((r) => r[0] === String(evil.lead.id))!;
    expect(row[1]).toBe(`'=HYPERLINK("http://x.it")`);
    expect(rows.filter((r) => r[1].startsWith('Cliente; "virgolette"'))).toHaveLength(4);
  });

  it('streams past one read batch: every lead of the filter once, even when they share the same second', async () => {
    const p = await insertPuntoFisico(ctx.db, { nomeAttivita: `Batch ${tag()}` });
    const n = EXPORT_BATCH * 2 + 3;
    const t = tag();
    await ctx.db.execute(sql`
      insert into leads (nome, cognome, email, telefono, email_normalizzata, telefono_normalizzato,
        punto_fisico_originale_id, data_registrazione)
      select 'Lotto', 'N' || i, 'lotto' || i || '.' || ${t} || '@esempio.it', '3' || ${t.replace(/\D/g, '').padEnd(4, '7').slice(0, 4)} || lpad(i::text, 5, '0'),
        'lotto' || i || '.' || ${t} || '@esempio.it', '3' || ${t.replace(/\D/g, '').padEnd(4, '7').slice(0, 4)} || lpad(i::text, 5, '0'),
        ${p.id}, '2026-03-01T10:00:00Z'::timestamptz + (i / 1000) * interval '1 second'
      from generate_series(1, ${n}) as i`);
    const ids = (
      await ctx.db.select({ id: leads.id }).from(leads).where(eq(leads.puntoFisicoOriginaleId, p.id))
    ).map((r) => r.id);
    expect(ids).toHaveLength(n);
    const res = await get(`/api/leads/export?format=csv&puntoFisicoId=${p.id}`, w.admin);
    const exported = readCsvRows(res.rawPayload)
      .slice(1)
      .map((r) => Number(r[0]));
    expect(exported).toHaveLength(n);
    expect(new Set(exported).size).toBe(n);
    expect([...exported].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  });

  it('applies the filters and the scope: a shop exports only its own leads', async () => {
    const all = (await get('/api/leads?pageSize=200', w.pfA.cookie)).json();
    const rows = readXlsxRows((await get('/api/leads/export', w.pfA.cookie)).rawPayload);
    expect(rows.length - 1).toBe(all.total);
    expect(
      rows
        .slice(1)
        .map((r) => Number(r[0]))
        .sort(),
    ).toEqual(all.items.map((l: { id: number }) => l.id).sort());
    expect(rows.slice(1).map((r) => Number(r[0]))).not.toContain(leadB.lead.id);
    const searched = readCsvRows(
      (await get('/api/leads/export?format=csv&search=Alfieri', w.admin)).rawPayload,
    );
    expect(searched.slice(1).map((r) => Number(r[0]))).toEqual([leadA.lead.id]);
  });

  it('refuses an unknown format', async () => {
    expect((await get('/api/leads/export?format=pdf', w.admin)).statusCode).toBe(400);
  });
});
