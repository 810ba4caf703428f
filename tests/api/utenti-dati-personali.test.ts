import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, commissioni, estrattiConto, profiliFiscali, sessions, users } from '#server/db/schema.ts';
import { msg } from '#shared/messages.ts';
import type { Role } from '#shared/permissions.ts';
import { romeParts } from '#shared/time.ts';
import { readEstrattoXlsx } from '#test/setup/estratti.ts';
import { insertCommissione, insertPuntoFisico, insertUser } from '#test/setup/factories.ts';
import { createTestContext, login, loginAs, loginAsAdmin, type TestContext } from '#test/setup/test-app.ts';
import { insertLeadWithPratica } from '#test/setup/world.ts';

/** A staff member's own data, exported and erased (docs/privacy.md#dati-dello-staff). */
const m = msg.user.datiPersonali;
const T = msg.estrattoConto.totali;
let ctx: TestContext;
let admin: string;
let adminId: number;
const now = new Date();
const MONTH = `${romeParts(now).year}-${String(romeParts(now).month).padStart(2, '0')}`;

/** An agent paid on two commissions, with a fiscal profile and a statement, no longer on any point. */
async function agentWithHistory() {
  const agente = await loginAs(ctx, 'agente', { phone: '3331234567' });
  const punto = await insertPuntoFisico(ctx.db, {});
  const { pratica, servizi } = await insertLeadWithPratica(ctx, punto.id, {
    nome: 'Carla',
    cognome: 'Clientela',
  });
  const base = {
    praticaId: pratica.id,
    servizioId: servizi[0].id,
    puntoFisicoId: punto.id,
    payeeAgenteId: agente.user.id,
    customerName: 'Carla Clientela',
    dataCompletamento: now,
  };
  await insertCommissione(ctx.db, { ...base, importoAgente: '15.00' });
  await insertCommissione(ctx.db, {
    ...base,
    importoAgente: '20.00',
    statoPagamento: 'pagato',
    dataPagamento: now,
  });
  const profilo = await ctx.app.inject({
    method: 'PUT',
    url: `/api/users/${agente.user.id}/profilo-fiscale`,
    headers: { cookie: admin },
    payload: {
      tipo: 'agente_monomandatario',
      partitaIva: '12345678903',
      regime: 'ordinario',
      baseRitenuta: 50,
    },
  });
  expect(profilo.statusCode, profilo.body).toBe(200);
  const statement = await estratto(agente.user.id);
  expect(statement.statusCode, statement.body).toBe(200);
  return { ...agente, punto };
}

const estratto = (id: number) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/estratti-conto/${id}?periodo=${MONTH}&formato=xlsx`,
    headers: { cookie: admin },
  });
const exportOf = (id: number, cookie = admin) =>
  ctx.app.inject({ method: 'GET', url: `/api/users/${id}/personal-data`, headers: { cookie } });
const eraseOf = (id: number, cookie = admin) =>
  ctx.app.inject({ method: 'POST', url: `/api/users/${id}/erase`, headers: { cookie } });

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await loginAsAdmin(ctx.app);
  adminId = (await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: admin } })).json().id;
});
afterAll(async () => ctx?.close());

describe('export of a staff member’s data', () => {
  it('the admin downloads the person’s account, fiscal profile, own commissions and statements as JSON, nobody else’s data', async () => {
    const agente = await agentWithHistory();
    const res = await exportOf(agente.user.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(
        `^attachment; filename="dati-personali-utente-${agente.user.id}-\\d{4}-\\d{2}-\\d{2}\\.json"$`,
      ),
    );
    const dati = res.json();
    expect(dati.utente).toMatchObject({
      id: agente.user.id,
      nome: agente.user.firstName,
      cognome: agente.user.lastName,
      email: agente.user.email,
      telefono: '3331234567',
      ruolo: 'agente',
      attivo: true,
    });
    expect(dati.profiloFiscale).toMatchObject({
      tipo: 'agente_monomandatario',
      partitaIva: '12345678903',
      regime: 'ordinario',
      baseRitenuta: 50,
    });
    expect(dati.commissioni.map((c: { importo: string; ruolo: string }) => [c.ruolo, c.importo])).toEqual([
      ['agente', '15.00'],
      ['agente', '20.00'],
    ]);
    expect(dati.estrattiConto).toHaveLength(1);
    expect(dati.estrattiConto[0]).toMatchObject({ periodo: MONTH, totali: { totale: '35.00' } });
    expect(dati.registroAttivita.map((a: { tipo: string }) => a.tipo)).toContain('accesso');
    // The customer of the commissions is someone else: not in the person's export.
    expect(res.body).not.toContain('Clientela');
    const [event] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.tipo, 'esportazione_dati_utente'))
      .orderBy(auditLog.id);
    expect(event).toMatchObject({ oggettoTipo: 'utente', oggettoId: agente.user.id, utenteId: adminId });
  });

  it('an unknown user is not found (404)', async () => {
    expect((await exportOf(999_999)).statusCode).toBe(404);
    expect((await eraseOf(999_999)).statusCode).toBe(404);
  });
});

describe('only the admin exports or erases a staff member’s data', () => {
  it.each<[Role]>([['amministrazione'], ['area_manager'], ['agente'], ['punto_fisico']])(
    '%s may neither export nor erase (403), and nothing changes',
    async (role) => {
      const target = await insertUser(ctx.db, { role: 'agente' });
      const { cookie } = await loginAs(ctx, role);
      expect((await exportOf(target.id, cookie)).statusCode).toBe(403);
      expect((await eraseOf(target.id, cookie)).statusCode).toBe(403);
      const [after] = await ctx.db.select().from(users).where(eq(users.id, target.id));
      expect(after).toMatchObject({
        email: target.email,
        firstName: target.firstName,
        datiCancellatiAt: null,
      });
    },
  );
});

describe('erasure of a staff member’s data', () => {
  it('pseudonymises the person, removes the fiscal profile and the access; commissions and statement totals stay to the cent', async () => {
    const agente = await agentWithHistory();
    const id = agente.user.id;
    const before = await readEstrattoXlsx((await estratto(id)).rawPayload);
    const amountsBefore = await ctx.db
      .select({ importo: commissioni.importoAgente, stato: commissioni.statoPagamento })
      .from(commissioni)
      .where(eq(commissioni.payeeAgenteId, id))
      .orderBy(commissioni.id);

    const res = await eraseOf(id);
    expect(res.statusCode, res.body).toBe(204);

    const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({
      firstName: m.pseudonimoNome,
      lastName: `${m.pseudonimoCognome} #${id}`,
      email: `utente-${id}@cancellato.invalid`,
      phone: null,
      isActive: false,
    });
    expect(row.datiCancellatiAt).toBeInstanceOf(Date);
    expect(await ctx.db.select().from(profiliFiscali).where(eq(profiliFiscali.userId, id))).toEqual([]);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    // The old session and the old password no longer open anything.
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: agente.cookie } }))
        .statusCode,
    ).toBe(401);
    await expect(login(ctx.app, agente.user.email, 'password-di-prova')).rejects.toThrow();

    // The commissions keep their amounts and payee; the statement's totals are the same.
    expect(
      await ctx.db
        .select({ importo: commissioni.importoAgente, stato: commissioni.statoPagamento })
        .from(commissioni)
        .where(eq(commissioni.payeeAgenteId, id))
        .orderBy(commissioni.id),
    ).toEqual(amountsBefore);
    const after = await readEstrattoXlsx((await estratto(id)).rawPayload);
    for (const key of [T.maturate, T.storni, T.totale, T.pagato, T.daPagare])
      expect(after.totals[key], key).toBe(before.totals[key]);
    // The register names the pseudonym only.
    const register = await ctx.db.select().from(estrattiConto).where(eq(estrattiConto.beneficiarioId, id));
    expect(register.length).toBeGreaterThan(0);
    for (const r of register)
      expect(r.intestatario).toMatchObject({
        nome: m.pseudonimoNome,
        cognome: `${m.pseudonimoCognome} #${id}`,
        ruolo: 'agente',
      });
    expect(JSON.stringify(register)).not.toContain(agente.user.email);
    expect(JSON.stringify(register)).not.toContain(agente.user.lastName);
    // The log is append-only and keeps who did what as it was; never the partita IVA.
    expect(JSON.stringify(await ctx.db.select().from(auditLog))).not.toContain('12345678903');
    const [event] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.tipo, 'cancellazione_dati_utente'));
    expect(event).toMatchObject({ oggettoId: id, utenteId: adminId, dettagli: { ruolo: 'agente' } });

    // Once is enough.
    const again = await eraseOf(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(m.already);
  });

  it('refuses, in Italian and changing nothing, the admin’s own data and a person still assigned to a point', async () => {
    const self = await eraseOf(adminId);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(m.selfErase);

    const responsabile = await insertUser(ctx.db, { role: 'punto_fisico' });
    await insertPuntoFisico(ctx.db, { utenteResponsabileId: responsabile.id });
    const assigned = await eraseOf(responsabile.id);
    expect(assigned.statusCode).toBe(409);
    expect(assigned.json().message).toBe(m.assegnatoAPunto);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, responsabile.id));
    expect(row).toMatchObject({ email: responsabile.email, datiCancellatiAt: null, isActive: true });
  });
});
