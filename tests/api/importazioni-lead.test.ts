import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landingMsg } from '#shared/messages-landing.ts';
import { msg } from '#shared/messages.ts';
import type { Importazione } from '#shared/schemas/importazione.ts';
import {
  commissioni,
  leads,
  pratiche,
  schedeContratto,
  servizi,
  serviziStorico,
  type puntiFisici,
} from '#server/db/schema.ts';
import { insertCommissioneConfig, insertLead, insertPuntoFisico, insertUser } from '#test/setup/factories.ts';
import { csvFile, xlsxFile } from '#test/setup/import-files.ts';
import { createTestContext, loginAs, loginAsAdmin, type TestContext } from '#test/setup/test-app.ts';

let ctx: TestContext;
let admin: string;
let shop: typeof puntiFisici.$inferSelect;
let other: typeof puntiFisici.$inferSelect;

const m = msg.importazione;
const HEADER = [
  'Nome',
  'Cognome',
  'Cellulare',
  'E-mail',
  'Negozio',
  'Data lead',
  'Stato contatto',
  'Servizio',
  'Fornitore',
  'Stato',
  'Motivazione KO',
  'Data esito',
  'POD',
];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await loginAsAdmin(ctx.app);
  const agente = await insertUser(ctx.db, { role: 'agente' });
  shop = await insertPuntoFisico(ctx.db, { nomeAttivita: 'Bar Università', agenteId: agente.id });
  other = await insertPuntoFisico(ctx.db, { nomeAttivita: 'Ferramenta Nord' });
  await insertCommissioneConfig(ctx.db); // ENEL luce, the worked example
});
afterAll(async () => ctx?.close());

async function upload(body: Buffer, nomeFile: string, cookie = admin) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/importazioni?tipo=leads&nomeFile=${encodeURIComponent(nomeFile)}`,
    headers: { cookie, 'content-type': 'application/octet-stream' },
    payload: body,
  });
}

async function preview(imp: Importazione, calcolaCommissioni = false, cookie = admin) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/importazioni/${imp.id}/anteprima`,
    headers: { cookie },
    payload: { mappatura: imp.mappatura, righeNonValide: 'salta', calcolaCommissioni },
  });
}

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

/** Uploads, previews and applies a file; the upload and preview answers too. */
async function importFile(body: Buffer, calcolaCommissioni = false) {
  const up = (await upload(body, 'lead.csv')).json<Importazione>();
  const checked = (await preview(up, calcolaCommissioni)).json<Importazione>();
  const done = await applyAndWait(up.id);
  return { up, checked, done };
}

const countOf = async (table: typeof leads | typeof pratiche | typeof servizi | typeof commissioni) =>
  (await ctx.db.select({ n: count() }).from(table))[0].n;

describe('importing leads with their practices and services', () => {
  it('suggests the columns, checks each row with the product validators and names rows as the file does', async () => {
    const file = csvFile([
      ['Elenco clienti 2025'],
      [],
      HEADER,
      [
        'Niccolò',
        'Bàrberi',
        '333 111 2222',
        'nicco@example.it',
        'Bar Università',
        '03/02/2025',
        'Contattato',
        'Luce',
        'ENEL',
        'Completato',
        '',
        '10/02/2025',
        'IT001E12345678',
      ],
      [
        'Anna',
        'Rossi',
        '333 111 3333',
        'non-una-email',
        shop.landingCode,
        '',
        '',
        'Gas',
        'Edison',
        'KO',
        'Non lo so',
        '',
        '',
      ],
      [
        'Luca',
        'Verdi',
        '333 111 4444',
        'luca@example.it',
        'Negozio inesistente',
        '',
        '',
        'Internet',
        'TIM',
        'Inserito',
        '',
        '',
        '',
      ],
      [
        'Sara',
        'Neri',
        '333 111 5555',
        'sara@example.it',
        shop.landingCode,
        '31/02/2025',
        '',
        'Luce',
        'TIM',
        'Completato',
        '',
        '',
        '',
      ],
    ]);
    const res = await upload(file, 'clienti.csv');
    expect(res.statusCode, res.body).toBe(201);
    const up = res.json<Importazione>();
    expect(up).toMatchObject({ tipo: 'leads', rigaIntestazione: 3, totale: 4 });
    expect(up.mappatura).toMatchObject({
      nome: 0,
      cognome: 1,
      telefono: 2,
      email: 3,
      punto: 4,
      dataRegistrazione: 5,
      statoContatto: 6,
      tipoServizio: 7,
      fornitore: 8,
      statoServizio: 9,
      koMotivazione: 10,
      dataEsito: 11,
      pod: 12,
    });
    const leadsBefore = await countOf(leads);
    const checked = (await preview(up)).json<Importazione>();
    expect(checked.conteggi).toEqual({ nuovo: 1, aggiorna: 0, duplicato: 0, errore: 3 });
    expect(checked.errori).toEqual([
      { riga: 5, colonna: 'E-mail', valore: 'non-una-email', motivo: landingMsg.emailInvalid },
      { riga: 5, colonna: 'Motivazione KO', valore: 'Non lo so', motivo: m.erroreCampi.koSconosciuto },
      { riga: 6, colonna: 'Negozio', valore: 'Negozio inesistente', motivo: m.erroreCampi.puntoSconosciuto },
      { riga: 7, colonna: 'Data lead', valore: '31/02/2025', motivo: m.erroreCampi.dataNonValida },
      {
        riga: 7,
        colonna: 'Fornitore',
        valore: 'TIM',
        motivo: msg.servizio.supplierDoesNotOffer.replace('{nome}', 'TIM').replace('{servizio}', 'Luce'),
      },
    ]);
    expect(await countOf(leads)).toBe(leadsBefore);
  });

  it('creates leads, practices and services with their statuses and dates; the same file again creates nothing', async () => {
    const rows = [
      HEADER,
      // One practice with two services on two rows, one with both in one cell, a lead without practice.
      [
        'Giulia',
        'Bianchi',
        '+39 340 000 0001',
        'giulia@example.it',
        'Bar Università',
        '05/03/2025 10:30',
        '',
        'Luce',
        'Enel Energia',
        'Completato',
        '',
        '20/03/2025',
        'IT001E00000001',
      ],
      [
        'Giulia',
        'Bianchi',
        '340 000 0001',
        'GIULIA@example.it',
        'Bar Università',
        '05/03/2025',
        '',
        'Gas',
        'ENEL',
        'KO',
        'Dati errati',
        '',
        '',
      ],
      [
        'Marco',
        'Gialli',
        '340 000 0002',
        'marco@example.it',
        other.landingCode,
        '06/03/2025',
        'Non raggiungibile',
        'Luce + Gas',
        'A2A',
        'In lavorazione',
        '',
        '',
        '',
      ],
      [
        'Elena',
        'Viola',
        '340 000 0003',
        'elena@example.it',
        'ferramenta  nord',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
      ],
      // The same row twice in the file.
      [
        'Elena',
        'Viola',
        '340 000 0003',
        'elena@example.it',
        'ferramenta  nord',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
      ],
    ];
    const before = {
      leads: await countOf(leads),
      servizi: await countOf(servizi),
      comm: await countOf(commissioni),
    };
    const { checked, done } = await importFile(csvFile(rows));
    expect(checked.conteggi).toEqual({ nuovo: 4, aggiorna: 0, duplicato: 1, errore: 0 });
    expect(done.conteggi).toEqual({ nuovo: 4, aggiorna: 0, duplicato: 1, errore: 0 });
    expect(await countOf(leads)).toBe(before.leads + 3);
    expect(await countOf(servizi)).toBe(before.servizi + 4);
    // Unticked: completed services keep their status, no commission is invented.
    expect(await countOf(commissioni)).toBe(before.comm);

    const [giulia] = await ctx.db.select().from(leads).where(eq(leads.email, 'giulia@example.it'));
    expect(giulia).toMatchObject({ puntoFisicoOriginaleId: shop.id, statoContatto: 'nuovo' });
    expect(giulia.dataRegistrazione.toISOString()).toBe('2025-03-05T09:30:00.000Z');
    const practices = await ctx.db.select().from(pratiche).where(eq(pratiche.leadId, giulia.id));
    expect(practices).toHaveLength(1);
    expect(practices[0]).toMatchObject({ statoPratica: 'completata', puntoFisicoId: shop.id });
    const services = await ctx.db
      .select()
      .from(servizi)
      .where(eq(servizi.praticaId, practices[0].id))
      .orderBy(servizi.id);
    expect(services.map((s) => [s.tipoServizio, s.stato, s.koMotivazione])).toEqual([
      ['luce', 'completato', null],
      ['gas', 'ko', 'dati_errati'],
    ]);
    expect(services[0].dataUltimoAggiornamento.toISOString()).toBe('2025-03-19T23:00:00.000Z');
    const [scheda] = await ctx.db
      .select()
      .from(schedeContratto)
      .where(eq(schedeContratto.servizioId, services[0].id));
    expect(scheda).toMatchObject({ pod: 'IT001E00000001', completa: false });

    const [marco] = await ctx.db.select().from(leads).where(eq(leads.email, 'marco@example.it'));
    expect(marco.statoContatto).toBe('non_raggiungibile');
    const [marcoPratica] = await ctx.db.select().from(pratiche).where(eq(pratiche.leadId, marco.id));
    expect(marcoPratica.statoPratica).toBe('in_lavorazione');

    const again = await importFile(csvFile(rows));
    expect(again.checked.conteggi).toEqual({ nuovo: 0, aggiorna: 0, duplicato: 5, errore: 0 });
    expect(await countOf(leads)).toBe(before.leads + 3);
    expect(await countOf(servizi)).toBe(before.servizi + 4);
  });

  it('updates a known lead (same phone and e-mail) and its open service instead of duplicating them', async () => {
    const known = await insertLead(ctx.db, {
      nome: 'Pietro',
      cognome: 'Vecchio',
      telefono: '349 123 0000',
      email: 'pietro@example.it',
      puntoFisicoOriginaleId: shop.id,
    });
    const file = (stato: string) =>
      csvFile([
        HEADER,
        [
          'Pietro',
          'Nuovo',
          '3491230000',
          'pietro@example.it',
          shop.landingCode,
          '',
          'Contattato',
          'Luce',
          'ENEL',
          stato,
          '',
          '',
          '',
        ],
      ]);
    const first = await importFile(file('Inserito'));
    expect(first.done.conteggi).toMatchObject({ nuovo: 1 });
    const [lead] = await ctx.db.select().from(leads).where(eq(leads.id, known.id));
    expect(lead).toMatchObject({ cognome: 'Nuovo', statoContatto: 'contattato' });
    const second = await importFile(file('In Lavorazione'));
    expect(second.done.conteggi).toEqual({ nuovo: 0, aggiorna: 1, duplicato: 0, errore: 0 });
    const [p] = await ctx.db.select().from(pratiche).where(eq(pratiche.leadId, known.id));
    const list = await ctx.db.select().from(servizi).where(eq(servizi.praticaId, p.id));
    expect(list.map((s) => s.stato)).toEqual(['in_lavorazione']);
    expect(await ctx.db.select().from(leads).where(eq(leads.email, 'pietro@example.it'))).toHaveLength(1);
  });

  it('writes a batch naming one lead or one service twice as if row by row: the later row wins, each change in the history', async () => {
    const row = (cells: Partial<Record<(typeof HEADER)[number], string>>) =>
      HEADER.map((h) => cells[h as (typeof HEADER)[number]] ?? '');
    const elena = {
      Nome: 'Elena',
      Cognome: 'Verdi',
      Cellulare: '347 555 0001',
      'E-mail': 'elena.verdi@example.it',
    };
    const marco = {
      Nome: 'Marco',
      Cognome: 'Neri',
      Cellulare: '347 555 0002',
      'E-mail': 'marco.neri@example.it',
    };
    const at = { Negozio: shop.landingCode, 'Data lead': '05/05/2025' };
    await importFile(csvFile([HEADER, row({ ...elena, ...at, Servizio: 'Luce', Fornitore: 'ENEL' })]));

    const { done } = await importFile(
      csvFile([
        HEADER,
        // Elena's service twice (then her surname), Marco new twice: one practice, two services.
        row({ ...elena, ...at, Servizio: 'Luce', Stato: 'In Lavorazione' }),
        row({
          ...elena,
          ...at,
          Cognome: 'Verdini',
          Servizio: 'Luce',
          Fornitore: 'ENEL',
          Stato: 'Completato',
          'Data esito': '20/05/2025',
        }),
        row({ ...marco, ...at, Servizio: 'Gas' }),
        row({
          ...marco,
          ...at,
          Cognome: 'Neri Bianchi',
          'Stato contatto': 'Contattato',
          Servizio: 'Luce',
          Fornitore: 'ENEL',
          Stato: 'Completato',
          'Data esito': '21/05/2025',
        }),
      ]),
    );
    expect(done.conteggi, JSON.stringify(done.errori)).toEqual({
      nuovo: 2,
      aggiorna: 2,
      duplicato: 0,
      errore: 0,
    });

    const [lei] = await ctx.db.select().from(leads).where(eq(leads.email, 'elena.verdi@example.it'));
    expect(lei.cognome).toBe('Verdini');
    const [suaPratica] = await ctx.db.select().from(pratiche).where(eq(pratiche.leadId, lei.id));
    expect(suaPratica.statoPratica).toBe('completata');
    const [suo] = await ctx.db.select().from(servizi).where(eq(servizi.praticaId, suaPratica.id));
    expect(suo).toMatchObject({ stato: 'completato', tipoServizio: 'luce' });
    const storia = await ctx.db
      .select({ da: serviziStorico.daStato, a: serviziStorico.aStato })
      .from(serviziStorico)
      .where(eq(serviziStorico.servizioId, suo.id))
      .orderBy(serviziStorico.id);
    expect(storia).toEqual([
      { da: null, a: 'inserito' },
      { da: 'inserito', a: 'in_lavorazione' },
      { da: 'in_lavorazione', a: 'completato' },
    ]);

    const marcos = await ctx.db.select().from(leads).where(eq(leads.email, 'marco.neri@example.it'));
    expect(marcos).toHaveLength(1);
    expect(marcos[0]).toMatchObject({ cognome: 'Neri Bianchi', statoContatto: 'contattato' });
    const [pratica, ...altre] = await ctx.db.select().from(pratiche).where(eq(pratiche.leadId, marcos[0].id));
    expect(altre).toHaveLength(0);
    // Inserted and completed: in lavorazione, from both services written in the same batch.
    expect(pratica.statoPratica).toBe('in_lavorazione');
    const suoi = await ctx.db
      .select({ tipo: servizi.tipoServizio, stato: servizi.stato })
      .from(servizi)
      .where(eq(servizi.praticaId, pratica.id))
      .orderBy(servizi.id);
    expect(suoi).toEqual([
      { tipo: 'gas', stato: 'inserito' },
      { tipo: 'luce', stato: 'completato' },
    ]);
  });

  it('computes the commissions of completed services only when asked, with the engine of the status dialog', async () => {
    const rows = (n: string) => [
      HEADER,
      [
        'Carla',
        'Blu',
        `341 000 000${n}`,
        `carla${n}@example.it`,
        shop.landingCode,
        '01/04/2025',
        '',
        'Luce',
        'ENEL',
        'Completato',
        '',
        '15/04/2025',
        '',
      ],
      // No configuration for Edison gas: with the box ticked the row is refused, naming both.
      [
        'Dario',
        'Rosa',
        `342 000 000${n}`,
        `dario${n}@example.it`,
        shop.landingCode,
        '01/04/2025',
        '',
        'Gas',
        'EDISON',
        'Completato',
        '',
        '',
        '',
      ],
    ];
    const without = await importFile(csvFile(rows('1')), false);
    expect(without.done.conteggi).toMatchObject({ nuovo: 2, errore: 0 });
    const [carla1] = await ctx.db.select().from(leads).where(eq(leads.email, 'carla1@example.it'));
    const [p1] = await ctx.db.select().from(pratiche).where(eq(pratiche.leadId, carla1.id));
    expect(await ctx.db.select().from(commissioni).where(eq(commissioni.praticaId, p1.id))).toEqual([]);

    const withBox = await importFile(csvFile(rows('2')), true);
    expect(withBox.checked.calcolaCommissioni).toBe(true);
    expect(withBox.done.conteggi).toMatchObject({ nuovo: 1, errore: 1 });
    expect(withBox.checked.errori[0]).toMatchObject({ riga: 3, colonna: 'Fornitore' });
    expect(withBox.checked.errori[0].motivo).toContain('Edison');
    const [carla2] = await ctx.db.select().from(leads).where(eq(leads.email, 'carla2@example.it'));
    const [p2] = await ctx.db.select().from(pratiche).where(eq(pratiche.leadId, carla2.id));
    const rowsOf = await ctx.db.select().from(commissioni).where(eq(commissioni.praticaId, p2.id));
    // The worked example, one supply, no RID: 30 / 15 / 0 (no area manager), structure 55.
    expect(
      rowsOf.map((c) => [
        c.importoPuntoFisico,
        c.importoAgente,
        c.importoAreaManager,
        c.importoAmministrazione,
      ]),
    ).toEqual([['30.00', '15.00', '0.00', '55.00']]);
    expect(rowsOf[0]).toMatchObject({
      payeePuntoFisicoId: shop.utenteResponsabileId,
      payeeAgenteId: shop.agenteId,
    });
    expect(rowsOf[0].dataCompletamento.toISOString()).toBe('2025-04-14T22:00:00.000Z');
    expect(await ctx.db.select().from(leads).where(eq(leads.email, 'dario2@example.it'))).toEqual([]);

    // The same file again, ticked: nothing new, no second commission.
    await importFile(csvFile(rows('2')), true);
    const still = await ctx.db
      .select({ n: count() })
      .from(commissioni)
      .where(and(eq(commissioni.praticaId, p2.id), inArray(commissioni.tipoServizio, ['luce'])));
    expect(still[0].n).toBe(1);
  });

  it('reads an XLSX file with dates as Excel stores them', async () => {
    const file = await xlsxFile([
      ['Nome', 'Cognome', 'Telefono', 'Email', 'Punto fisico', 'Data'],
      ['Ugo', 'Foscolo', '343 000 0001', 'ugo@example.it', shop.landingCode, new Date(Date.UTC(2024, 0, 12))],
    ]);
    const { done, checked } = await importFile(file);
    expect(done.conteggi, JSON.stringify(checked.errori)).toMatchObject({ nuovo: 1 });
    const [ugo] = await ctx.db.select().from(leads).where(eq(leads.email, 'ugo@example.it'));
    expect(ugo.dataRegistrazione.toISOString()).toBe('2024-01-11T23:00:00.000Z');
  });

  it('is for the admin only: another role gets 403, an import that does not exist 404', async () => {
    const file = csvFile([HEADER.slice(0, 5), ['A', 'B', '333', 'a@b.it', shop.landingCode]]);
    for (const role of ['amministrazione', 'area_manager', 'agente', 'punto_fisico'] as const) {
      const { cookie } = await loginAs(ctx, role);
      expect((await upload(file, 'x.csv', cookie)).statusCode).toBe(403);
    }
    const up = (await upload(file, 'x.csv')).json<Importazione>();
    const { cookie } = await loginAs(ctx, 'amministrazione');
    expect((await preview(up, true, cookie)).statusCode).toBe(403);
    expect((await preview({ ...up, id: up.id + 1000 })).statusCode).toBe(404);
  });
});
