import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '#shared/messages.ts';
import type { Importazione } from '#shared/schemas/importazione.ts';
import { auditLog, emailOutbox, puntiFisici, users } from '#server/db/schema.ts';
import { insertUser } from '#test/setup/factories.ts';
import { csvFile, xlsxFile } from '#test/setup/import-files.ts';
import { readXlsxRows } from '#test/setup/spreadsheet.ts';
import { createTestContext, login, loginAs, loginAsAdmin, type TestContext } from '#test/setup/test-app.ts';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await loginAsAdmin(ctx.app);
});
afterAll(async () => ctx?.close());

const m = msg.importazione;

async function upload(body: Buffer, tipo: 'punti_fisici' | 'utenti', nomeFile: string, cookie = admin) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/importazioni?tipo=${tipo}&nomeFile=${encodeURIComponent(nomeFile)}`,
    headers: { cookie, 'content-type': 'application/octet-stream' },
    payload: body,
  });
}

async function preview(id: number, mappatura: Record<string, number | null>, righeNonValide = 'salta') {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/importazioni/${id}/anteprima`,
    headers: { cookie: admin },
    payload: { mappatura, righeNonValide },
  });
}

/** Applies and waits for the job: the answer comes at once, the progress is polled. */
async function applyAndWait(id: number): Promise<Importazione> {
  const started = await ctx.app.inject({
    method: 'POST',
    url: `/api/importazioni/${id}/applica`,
    headers: { cookie: admin },
  });
  expect(started.statusCode, started.body).toBe(202);
  let last: Importazione | undefined;
  await expect
    .poll(
      async () => {
        const res = await ctx.app.inject({
          method: 'GET',
          url: `/api/importazioni/${id}`,
          headers: { cookie: admin },
        });
        last = res.json<Importazione>();
        return last.stato;
      },
      { timeout: 20_000, interval: 50 },
    )
    .toBe('completata');
  return last!;
}

async function countOf(table: typeof puntiFisici | typeof users) {
  const [row] = await ctx.db.select({ n: count() }).from(table);
  return row.n;
}

/** 60 shops as an agency keeps them: owners and agents by e-mail, a title row above the header. */
function shopRows() {
  const header = [
    'Ragione sociale',
    'Indirizzo',
    'E-mail titolare',
    'Titolare',
    'Tel. titolare',
    'E-mail agente',
    'Agente',
  ];
  const rows: string[][] = [];
  for (let i = 1; i <= 60; i++)
    rows.push([
      `Negozio ${i} di Forlì`,
      `Via Università ${i}`,
      `titolare${i}@negozi.it`,
      `Niccolò Bàrberi${i}`,
      '333 1234567',
      'agente.import@negozi.it',
      'Agata Agente',
    ]);
  return { header, rows };
}

describe('importing points of sale with their people', () => {
  let fileRows: string[][];
  let file: Buffer;

  beforeAll(async () => {
    const { header, rows } = shopRows();
    // File row 57 (title on 1, header on 2: data row 55) has a bad e-mail; row 10 repeats row 9.
    rows[54][2] = 'non-una-email';
    rows[8] = [...rows[7]];
    // An agent nobody knows and no name to create them with.
    rows[20][5] = 'sconosciuto@negozi.it';
    rows[20][6] = '';
    fileRows = [header, ...rows];
    file = await xlsxFile(fileRows, [['Elenco negozi']]);
  });

  it('suggests the columns, previews the counts and names the bad row by its number in the file', async () => {
    const res = await upload(file, 'punti_fisici', 'negozi.xlsx');
    expect(res.statusCode, res.body).toBe(201);
    const up = res.json<Importazione>();
    expect(up).toMatchObject({ rigaIntestazione: 2, totale: 60, stato: 'caricata', mappaturaSalvata: false });
    expect(up.mappatura).toMatchObject({
      nomeAttivita: 0,
      indirizzo: 1,
      emailResponsabile: 2,
      nomeResponsabile: 3,
      telefonoResponsabile: 4,
      emailAgente: 5,
      nomeAgente: 6,
    });
    const pointsBefore = await countOf(puntiFisici);
    const checked = (await preview(up.id, up.mappatura)).json<Importazione>();
    expect(checked.conteggi).toEqual({ nuovo: 57, aggiorna: 0, duplicato: 1, errore: 2 });
    expect(checked.errori).toEqual([
      {
        riga: 23,
        colonna: 'E-mail agente',
        valore: 'sconosciuto@negozi.it',
        motivo: m.erroreCampi.personaSconosciuta,
      },
      { riga: 57, colonna: 'E-mail titolare', valore: 'non-una-email', motivo: msg.user.emailInvalid },
    ]);
    expect(checked.erroriPerColonna).toEqual([
      { colonna: 'E-mail agente', righe: 1 },
      { colonna: 'E-mail titolare', righe: 1 },
    ]);
    // The preview changes nothing outside the import.
    expect(await countOf(puntiFisici)).toBe(pointsBefore);
  });

  it('creates the points with landing codes and the missing people, each invited; the same file again creates nothing', async () => {
    const up = (await upload(file, 'punti_fisici', 'negozi.xlsx')).json<Importazione>();
    expect(up.mappaturaSalvata).toBe(true);
    await preview(up.id, up.mappatura);
    const [pointsBefore, usersBefore] = [await countOf(puntiFisici), await countOf(users)];
    const done = await applyAndWait(up.id);
    expect(done).toMatchObject({
      elaborate: 60,
      conteggi: { nuovo: 57, aggiorna: 0, duplicato: 1, errore: 2 },
    });
    expect(await countOf(puntiFisici)).toBe(pointsBefore + 57);
    // 57 owners and one agent, shared by every shop.
    expect(await countOf(users)).toBe(usersBefore + 58);

    const points = await ctx.db
      .select()
      .from(puntiFisici)
      .where(eq(puntiFisici.nomeAttivita, 'Negozio 1 di Forlì'));
    expect(points).toHaveLength(1);
    expect(points[0].landingCode).toMatch(/^WE-[A-Z0-9]{8}$/);
    const qr = await ctx.app.inject({
      method: 'GET',
      url: `/api/punti-fisici/${points[0].id}/qr.svg`,
      headers: { cookie: admin },
    });
    expect(qr.statusCode).toBe(200);
    const [owner] = await ctx.db.select().from(users).where(eq(users.id, points[0].utenteResponsabileId));
    expect(owner).toMatchObject({
      firstName: 'Niccolò',
      lastName: 'Bàrberi1',
      role: 'punto_fisico',
      phone: '333 1234567',
    });
    const invitations = await ctx.db
      .select()
      .from(emailOutbox)
      .where(inArray(emailOutbox.destinatario, ['titolare1@negozi.it', 'agente.import@negozi.it']));
    expect(invitations.map((i) => [i.tipo, i.oggetto])).toEqual([
      ['utente_invito', msg.invito.emailOggetto],
      ['utente_invito', msg.invito.emailOggetto],
    ]);
    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.tipo, 'importazione'));
    expect(audit.dettagli).toMatchObject({ tipo: 'punti_fisici', righe: 60, nuovo: 57 });

    const again = (await upload(file, 'punti_fisici', 'negozi.xlsx')).json<Importazione>();
    const second = (await preview(again.id, again.mappatura)).json<Importazione>();
    expect(second.conteggi).toEqual({ nuovo: 0, aggiorna: 0, duplicato: 58, errore: 2 });
    await applyAndWait(again.id);
    expect(await countOf(puntiFisici)).toBe(pointsBefore + 57);
    expect(await countOf(users)).toBe(usersBefore + 58);
  });

  it('gives the error report as XLSX: row, column, value, reason', async () => {
    const up = (await upload(file, 'punti_fisici', 'negozi.xlsx')).json<Importazione>();
    await preview(up.id, up.mappatura);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/importazioni/${up.id}/errori`,
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    expect(readXlsxRows(res.rawPayload)).toEqual([
      [m.riga, m.colonna, m.valore, m.motivo],
      ['23', 'E-mail agente', 'sconosciuto@negozi.it', m.erroreCampi.personaSconosciuta],
      ['57', 'E-mail titolare', 'non-una-email', msg.user.emailInvalid],
    ]);
  });

  it('blocks the whole file when the preview chose so and it has errors', async () => {
    const up = (await upload(file, 'punti_fisici', 'negozi.xlsx')).json<Importazione>();
    await preview(up.id, up.mappatura, 'blocca');
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/importazioni/${up.id}/applica`,
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(m.bloccataDaErrori(2));
  });

  it('refuses a mapping without a required field', async () => {
    const up = (await upload(file, 'punti_fisici', 'negozi.xlsx')).json<Importazione>();
    const res = await preview(up.id, { ...up.mappatura, indirizzo: null });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.campoNonAbbinato(m.campi.indirizzo));
  });
});

describe('importing users, invited to set their password', () => {
  it('creates users without a password; the invitation link sets one once, within 72 hours', async () => {
    const known = await insertUser(ctx.db, { role: 'agente', email: 'gia.agente@esempio.it' });
    const file = csvFile([
      ['Nome', 'Cognome', 'E-mail', 'Cellulare', 'Ruolo'],
      ['Lucía', 'Fabbrò', 'lucia.fabbro@esempio.it', '333 7654321', 'Agente'],
      ['Marco', 'Neri', 'marco.neri@esempio.it', '', 'area manager'],
      ['Gianni', 'Rossi', known.email, '', 'Punto Fisico'],
      ['Sara', 'Blu', 'sara.blu@esempio.it', '', 'capo'],
    ]);
    const up = (await upload(file, 'utenti', 'persone.csv')).json<Importazione>();
    expect(up.mappatura).toEqual({ nome: 0, cognome: 1, email: 2, telefono: 3, ruolo: 4 });
    const checked = (await preview(up.id, up.mappatura)).json<Importazione>();
    expect(checked.conteggi).toEqual({ nuovo: 2, aggiorna: 0, duplicato: 0, errore: 2 });
    expect(checked.errori.map((e) => [e.riga, e.motivo])).toEqual([
      [4, m.erroreCampi.ruoloDiverso('Agente')],
      [5, m.erroreCampi.ruoloSconosciuto],
    ]);
    await applyAndWait(up.id);

    const [lucia] = await ctx.db.select().from(users).where(eq(users.email, 'lucia.fabbro@esempio.it'));
    expect(lucia).toMatchObject({ firstName: 'Lucía', lastName: 'Fabbrò', role: 'agente' });
    // No password works until she sets one.
    const before = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: lucia.email, password: 'invito$' },
    });
    expect(before.statusCode).toBe(401);

    const token = await lastInvitationToken(lucia.email);
    const later = new Date(Date.now() + 73 * 60 * 60 * 1000).toISOString();
    const expired = await setPassword(token, 'nuova-password-sicura', later);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(msg.invito.invalid);

    expect((await setPassword(token, 'nuova-password-sicura')).statusCode).toBe(204);
    expect(await login(ctx.app, lucia.email, 'nuova-password-sicura')).toMatch(/^ws_session=/);
    const reused = await setPassword(token, 'altra-password-sicura');
    expect(reused.statusCode).toBe(400);
  });

  it('lets the admin send a new invitation to a user who lost access; the earlier link stops working', async () => {
    const user = await insertUser(ctx.db, { role: 'punto_fisico' });
    const send = () =>
      ctx.app.inject({ method: 'POST', url: `/api/users/${user.id}/invito`, headers: { cookie: admin } });
    expect((await send()).statusCode).toBe(204);
    const first = await lastInvitationToken(user.email);
    expect((await send()).statusCode).toBe(204);
    const second = await lastInvitationToken(user.email);
    expect(second).not.toBe(first);
    expect((await setPassword(first, 'password-nuova-1')).statusCode).toBe(400);
    expect((await setPassword(second, 'password-nuova-1')).statusCode).toBe(204);
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/999999/invito',
      headers: { cookie: admin },
    });
    expect(missing.statusCode).toBe(404);
  });
});

async function lastInvitationToken(email: string): Promise<string> {
  const rows = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.destinatario, email));
  const text = rows.at(-1)!.testo;
  const match = /\/imposta-password#([\w-]+)/.exec(text);
  expect(match, text).not.toBeNull();
  return match![1];
}

function setPassword(token: string, password: string, now?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/imposta-password',
    headers: now ? { 'x-test-now': now } : {},
    payload: { token, password },
  });
}

describe('who may import', () => {
  it.each(['amministrazione', 'area_manager', 'agente', 'punto_fisico'] as const)(
    '%s is refused (403)',
    async (role) => {
      const { cookie } = await loginAs(ctx, role);
      const res = await upload(
        csvFile([
          ['Nome', 'Email'],
          ['a', 'b'],
        ]),
        'utenti',
        'x.csv',
        cookie,
      );
      expect(res.statusCode).toBe(403);
      const invite = await ctx.app.inject({
        method: 'POST',
        url: '/api/users/1/invito',
        headers: { cookie },
      });
      expect(invite.statusCode).toBe(403);
    },
  );

  it('answers 404 for an import that does not exist', async () => {
    for (const [method, url] of [
      ['GET', '/api/importazioni/999999'],
      ['POST', '/api/importazioni/999999/applica'],
      ['GET', '/api/importazioni/999999/errori'],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: { cookie: admin } });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
