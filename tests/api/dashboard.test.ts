import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pratiche, servizi } from '#server/db/schema.ts';
import {
  conversionRate,
  getDashboardStats,
  lastRomeMonths,
} from '#server/modules/dashboard/dashboard.service.ts';
import type { Actor } from '#server/lib/actor.ts';
import type { Role } from '#shared/permissions.ts';
import type { CommissioniList } from '#shared/schemas/commissione.ts';
import { dashboardStatsSchema, type DashboardStats } from '#shared/schemas/dashboard.ts';
import { addDays } from '#shared/commissioni/maturazione.ts';
import { romeDateKey, romeParts, romeWallTimeToDate } from '#shared/time.ts';
import { insertCommissione, insertPratica, insertPuntoFisico, insertUser } from '#test/setup/factories.ts';
import { createTestContext, loginAs, loginAsAdmin, type TestContext } from '#test/setup/test-app.ts';
import { buildTwoShopWorld, insertLeadWithPratica } from '#test/setup/world.ts';

const URL = '/api/dashboard/stats';
const MANAGEMENT_FIELDS = [
  'totalServizi',
  'serviziCompletati',
  'serviziInseriti',
  'serviziInLavorazione',
  'conversionRate',
  'recentPratiche',
] as const;

function actorOf(user: {
  id: number;
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
}): Actor {
  return {
    id: user.id,
    role: user.role,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
  };
}

describe('GET /api/dashboard/stats: what each role sees, within its scope', () => {
  let ctx: TestContext;
  let world: Awaited<ReturnType<typeof buildTwoShopWorld>>;
  const stats = {} as Record<
    'admin' | 'amministrazione' | 'area_manager' | 'agente' | 'punto_fisico' | 'punto_fisico_B',
    DashboardStats
  >;
  let praticaIds: number[];

  beforeAll(async () => {
    ctx = await createTestContext();
    world = await buildTwoShopWorld(ctx);
    const { puntoA, puntoB, pfA, agA, amA, pfB, agB, amB } = world;
    // A second, inactive point of pfA: counted in myPoints, not in activePoints.
    await insertPuntoFisico(ctx.db, {
      nomeAttivita: 'Edicola Chiusa',
      utenteResponsabileId: pfA.user.id,
      isActive: false,
    });

    // Shop A: two leads, three services (luce completato, gas inserito, internet in lavorazione).
    const a1 = await insertLeadWithPratica(ctx, puntoA.id, {}, ['luce', 'gas']);
    const a2 = await insertLeadWithPratica(ctx, puntoA.id, {}, ['internet']);
    // Shop B: one lead, two services (luce completato, noleggio ko).
    const b1 = await insertLeadWithPratica(ctx, puntoB.id, {}, ['luce', 'noleggio']);
    await ctx.db.update(servizi).set({ stato: 'completato' }).where(eq(servizi.id, a1.servizi[0].id));
    await ctx.db.update(servizi).set({ stato: 'in_lavorazione' }).where(eq(servizi.id, a2.servizi[0].id));
    await ctx.db.update(servizi).set({ stato: 'completato' }).where(eq(servizi.id, b1.servizi[0].id));
    await ctx.db
      .update(servizi)
      .set({ stato: 'ko', koMotivazione: 'altro' })
      .where(eq(servizi.id, b1.servizi[1].id));
    await ctx.db
      .update(pratiche)
      .set({ statoPratica: 'in_lavorazione' })
      .where(inArray(pratiche.id, [a1.pratica.id, a2.pratica.id]));
    await ctx.db.update(pratiche).set({ statoPratica: 'completata' }).where(eq(pratiche.id, b1.pratica.id));
    praticaIds = [a1.pratica.id, a2.pratica.id, b1.pratica.id];

    const now = new Date();
    const p = romeParts(now);
    const threeMonthsAgo = romeWallTimeToDate(p.year, p.month - 3, 15, 12);
    const payeesA = {
      puntoFisicoId: puntoA.id,
      payeePuntoFisicoId: pfA.user.id,
      payeeAgenteId: agA.user.id,
      payeeAreaManagerId: amA.user.id,
    };
    // Shop A, now: every role has a share.
    await insertCommissione(ctx.db, {
      praticaId: a1.pratica.id,
      servizioId: a1.servizi[0].id,
      ...payeesA,
      importoPuntoFisico: '30.00',
      importoAgente: '15.00',
      importoAreaManager: '5.00',
      importoAmministrazione: '70.00',
      dataCompletamento: now,
    });
    // Shop A, three months ago: no area-manager share (so amA does not see it), an agent bonus.
    await insertCommissione(ctx.db, {
      praticaId: a1.pratica.id,
      servizioId: a1.servizi[0].id,
      ...payeesA,
      tipoServizio: 'gas',
      importoPuntoFisico: '10.00',
      importoAgente: '20.00',
      importoAreaManager: '0.00',
      importoAmministrazione: '40.00',
      hasBonus: true,
      bonusApplicati: { puntoFisico: '0.00', agente: '5.00', areaManager: '0.00' },
      dataCompletamento: threeMonthsAgo,
    });
    // Shop B, now.
    await insertCommissione(ctx.db, {
      praticaId: b1.pratica.id,
      servizioId: b1.servizi[0].id,
      puntoFisicoId: puntoB.id,
      payeePuntoFisicoId: pfB.user.id,
      payeeAgenteId: agB.user.id,
      payeeAreaManagerId: amB.user.id,
      importoPuntoFisico: '7.00',
      importoAgente: '3.00',
      importoAreaManager: '1.00',
      importoAmministrazione: '50.00',
      dataCompletamento: now,
    });

    const cookies = { ...world.cookies, punto_fisico_B: pfB.cookie };
    for (const [key, cookie] of Object.entries(cookies)) {
      const res = await ctx.app.inject({ method: 'GET', url: URL, headers: { cookie } });
      expect(res.statusCode, res.body).toBe(200);
      stats[key as keyof typeof stats] = dashboardStatsSchema.parse(res.json());
    }
  });
  afterAll(async () => ctx?.close());

  it('answers 401 to a signed-out caller', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: URL });
    expect(res.statusCode).toBe(401);
  });

  // The seeded demo point is the third active point of admin and amministrazione.
  it.each([
    [
      'admin',
      {
        totalLeads: 3,
        myPoints: 4,
        activePoints: 3,
        totalCommissions: '160.00',
        commissionsThisMonth: '120.00',
        commissionsToday: '120.00',
      },
    ],
    [
      'amministrazione',
      {
        totalLeads: 3,
        myPoints: 4,
        activePoints: 3,
        totalCommissions: '251.00',
        commissionsThisMonth: '181.00',
        commissionsToday: '181.00',
      },
    ],
    [
      'area_manager',
      {
        totalLeads: 2,
        myPoints: 1,
        activePoints: 1,
        totalCommissions: '5.00',
        commissionsThisMonth: '5.00',
        commissionsToday: '5.00',
      },
    ],
    [
      'agente',
      {
        totalLeads: 2,
        myPoints: 1,
        activePoints: 1,
        totalCommissions: '35.00',
        commissionsThisMonth: '15.00',
        commissionsToday: '15.00',
      },
    ],
    [
      'punto_fisico',
      {
        totalLeads: 2,
        myPoints: 2,
        activePoints: 1,
        totalCommissions: '40.00',
        commissionsThisMonth: '30.00',
        commissionsToday: '30.00',
      },
    ],
    [
      'punto_fisico_B',
      {
        totalLeads: 1,
        myPoints: 1,
        activePoints: 1,
        totalCommissions: '7.00',
        commissionsThisMonth: '7.00',
        commissionsToday: '7.00',
      },
    ],
  ] as const)('%s: leads, points and its own commission amounts', (who, expected) => {
    expect(stats[who]).toMatchObject(expected);
  });

  it.each([
    ['admin', 3, ['70.00', '50.00', '40.00']],
    ['amministrazione', 3, ['120.00', '61.00', '70.00']],
    ['area_manager', 1, ['5.00']],
    ['agente', 2, ['15.00', '20.00']],
    ['punto_fisico', 2, ['30.00', '10.00']],
    ['punto_fisico_B', 1, ['7.00']],
  ] as const)('%s: recent commissions carry its own amount, newest first', (who, n, amounts) => {
    const recent = stats[who].recentCommissions;
    expect(recent).toHaveLength(n);
    // Same-instant rows come newest id first; compare as sets for the two "now" rows.
    expect([...recent.map((r) => r.userCommission)].sort()).toEqual([...amounts].sort());
    expect(recent[recent.length - 1].dataCompletamento <= recent[0].dataCompletamento).toBe(true);
  });

  it.each([
    ['admin', true],
    ['amministrazione', true],
    ['area_manager', false],
    ['agente', true],
    ['punto_fisico', false],
  ] as const)(
    '%s: the BONUS flag of the older gas commission follows its own bonus (%s)',
    (who, hasBonus) => {
      const gas = stats[who].recentCommissions.find((c) => c.tipoServizio === 'gas');
      if (who === 'area_manager') expect(gas).toBeUndefined();
      else expect(gas?.hasBonus).toBe(hasBonus);
    },
  );

  it.each(['admin', 'amministrazione'] as const)('%s sees the management numbers of every shop', (who) => {
    expect(stats[who]).toMatchObject({
      totalServizi: 5,
      serviziCompletati: 2,
      serviziInseriti: 1,
      serviziInLavorazione: 1,
      conversionRate: 66.7,
    });
    const recent = stats[who].recentPratiche!;
    expect(recent.map((p) => p.id)).toEqual([...praticaIds].reverse());
    expect(recent.map((p) => [p.numeroServizi, p.statoPratica])).toEqual([
      [2, 'completata'],
      [1, 'in_lavorazione'],
      [2, 'in_lavorazione'],
    ]);
  });

  it.each(['area_manager', 'agente', 'punto_fisico', 'punto_fisico_B'] as const)(
    '%s gets no management field at all',
    (who) => {
      for (const field of [...MANAGEMENT_FIELDS, 'serviceStats'])
        expect(stats[who]).not.toHaveProperty(field);
    },
  );

  it('gives the completed-services chart to admin only', () => {
    expect(stats.admin.serviceStats).toEqual([
      { service: 'luce', count: 2 },
      { service: 'gas', count: 0 },
      { service: 'internet', count: 0 },
      { service: 'noleggio', count: 0 },
    ]);
    expect(stats.amministrazione).not.toHaveProperty('serviceStats');
  });

  it.each([
    ['admin', '40.00', '120.00'],
    ['amministrazione', '70.00', '181.00'],
    ['agente', '20.00', '15.00'],
    ['area_manager', '0.00', '5.00'],
  ] as const)(
    '%s: the 6-month trend puts each commission in its Rome month',
    (who, threeMonthsAgo, current) => {
      const trend = stats[who].monthlyStats;
      expect(trend).toHaveLength(6);
      expect(trend.map((m) => m.commissioni)).toEqual([
        '0.00',
        '0.00',
        threeMonthsAgo,
        '0.00',
        '0.00',
        current,
      ]);
      const p = romeParts(new Date());
      expect(trend[5].month).toBe(`${p.year}-${String(p.month).padStart(2, '0')}`);
    },
  );
});

describe('dashboard numbers on Europe/Rome days and months', () => {
  let ctx: TestContext;
  let actor: Actor;
  let adminActor: Actor;
  // Sunday 1 March 2026, 10:00 in Rome (UTC+1): its day and month began at 23:00 UTC on 28 February.
  const NOW = romeWallTimeToDate(2026, 3, 1, 10);
  const at = (y: number, m: number, d: number, h: number, min: number, s = 0) =>
    new Date(romeWallTimeToDate(y, m, d, h, min).getTime() + s * 1000);

  beforeAll(async () => {
    ctx = await createTestContext();
    const pf = await insertUser(ctx.db, { role: 'punto_fisico' });
    const admin = await insertUser(ctx.db, { role: 'admin' });
    actor = actorOf(pf);
    adminActor = actorOf(admin);
    const punto = await insertPuntoFisico(ctx.db, { utenteResponsabileId: pf.id });
    const pratica = await insertPratica(ctx.db, { puntoFisicoId: punto.id, servizi: ['luce'] });
    const dated = [
      [at(2026, 2, 28, 23, 59, 59), '1.00'], // last second of February in Rome
      [at(2026, 3, 1, 0, 0), '2.00'], // first instant of 1 March in Rome (still 28 February in UTC)
      [at(2026, 3, 1, 23, 59), '4.00'], // late on the same Rome day
      [at(2026, 3, 2, 0, 0), '8.00'], // the next Rome day, same month
      [at(2025, 9, 30, 23, 59), '16.00'], // before the 6-month window
      [at(2025, 10, 1, 0, 0), '32.00'], // first instant of October in Rome (UTC+2: 22:00 UTC on 30 September)
    ] as const;
    for (const [dataCompletamento, importoPuntoFisico] of dated) {
      await insertCommissione(ctx.db, {
        praticaId: pratica.id,
        servizioId: pratica.servizi[0].id,
        puntoFisicoId: punto.id,
        payeePuntoFisicoId: pf.id,
        importoPuntoFisico,
        importoAmministrazione: importoPuntoFisico,
        dataCompletamento,
      });
    }
  });
  afterAll(async () => ctx?.close());

  it('counts today and this month by the Rome calendar, not the UTC one', async () => {
    const stats = await getDashboardStats(ctx.db, actor, NOW);
    expect(stats).toMatchObject({
      totalCommissions: '63.00',
      commissionsToday: '6.00',
      commissionsThisMonth: '14.00',
    });
  });

  it('splits the 6-month trend at Rome midnights, across daylight-saving time', async () => {
    const stats = await getDashboardStats(ctx.db, actor, NOW);
    expect(stats.monthlyStats).toEqual([
      { month: '2025-10', label: 'Ott 2025', commissioni: '32.00' },
      { month: '2025-11', label: 'Nov 2025', commissioni: '0.00' },
      { month: '2025-12', label: 'Dic 2025', commissioni: '0.00' },
      { month: '2026-01', label: 'Gen 2026', commissioni: '0.00' },
      { month: '2026-02', label: 'Feb 2026', commissioni: '1.00' },
      { month: '2026-03', label: 'Mar 2026', commissioni: '14.00' },
    ]);
  });

  it('moves to the next day one second after Rome midnight', async () => {
    const stats = await getDashboardStats(ctx.db, actor, at(2026, 3, 2, 0, 0, 1));
    expect(stats.commissionsToday).toBe('8.00');
    expect(stats.commissionsThisMonth).toBe('14.00');
    const before = await getDashboardStats(ctx.db, actor, at(2026, 2, 28, 23, 59, 59));
    expect(before.commissionsToday).toBe('1.00');
    expect(before.commissionsThisMonth).toBe('1.00');
  });

  it('sums the same rows for admin with the structure amount', async () => {
    const stats = await getDashboardStats(ctx.db, adminActor, NOW);
    expect(stats).toMatchObject({
      totalCommissions: '63.00',
      commissionsToday: '6.00',
      commissionsThisMonth: '14.00',
      totalLeads: 1,
      serviziCompletati: 0,
      conversionRate: 0,
    });
  });

  it('lists the last six Rome months across a year end', () => {
    const months = lastRomeMonths(romeWallTimeToDate(2026, 1, 1, 0, 30));
    expect(months.map((m) => m.key)).toEqual([
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
    ]);
    expect(months[0].start.toISOString()).toBe('2025-07-31T22:00:00.000Z');
    expect(months[5].end.toISOString()).toBe('2026-01-31T23:00:00.000Z');
  });
});

describe('conversion rate (completed services / leads, %, one decimal)', () => {
  it.each([
    [0, 0, 0],
    [3, 0, 0],
    [2, 3, 66.7],
    [1, 8, 12.5],
    [1, 3, 33.3],
    [5, 4, 125],
    [0, 7, 0],
  ])('%i completed over %i leads → %d', (completed, leads, rate) =>
    expect(conversionRate(completed, leads)).toBe(rate),
  );
});

describe('the in-maturazione figure (docs/product/commissions.md#maturazione)', () => {
  let ctx: TestContext;
  const payload = {} as Record<'punto_fisico' | 'agente' | 'admin', DashboardStats>;
  let cookies: Record<'punto_fisico' | 'agente' | 'admin', string>;

  beforeAll(async () => {
    ctx = await createTestContext();
    const pf = await loginAs(ctx, 'punto_fisico');
    const ag = await loginAs(ctx, 'agente');
    const other = await insertUser(ctx.db, { role: 'punto_fisico' });
    const punto = await insertPuntoFisico(ctx.db, { utenteResponsabileId: pf.user.id, agenteId: ag.user.id });
    const altro = await insertPuntoFisico(ctx.db, { utenteResponsabileId: other.id });
    const {
      pratica,
      servizi: [servizio],
    } = await insertLeadWithPratica(ctx, punto.id);
    const altra = await insertLeadWithPratica(ctx, altro.id);
    const today = romeDateKey(new Date());
    const own = {
      praticaId: pratica.id,
      servizioId: servizio.id,
      puntoFisicoId: punto.id,
      payeePuntoFisicoId: pf.user.id,
      payeeAgenteId: ag.user.id,
      dataCompletamento: new Date(),
    };
    // [last day of the window, point, agent, structure]; only the first two are in maturazione.
    const rows: Array<[string | null, string, string, string]> = [
      [addDays(today, 5), '12.00', '2.00', '20.00'], // inside the window
      [today, '3.00', '1.00', '4.00'], // its last day: still in maturazione until Rome midnight
      [addDays(today, -1), '5.00', '5.00', '5.00'], // matured yesterday
      [null, '100.00', '100.00', '100.00'], // from before windows were recorded: matured
    ];
    for (const [fineRipensamento, importoPuntoFisico, importoAgente, importoAmministrazione] of rows)
      await insertCommissione(ctx.db, {
        ...own,
        fineRipensamento,
        importoPuntoFisico,
        importoAgente,
        importoAreaManager: '0',
        importoAmministrazione,
      });
    // Inside its window but paid and clawed back (a withdrawal): its storno settles it.
    const settled = await insertCommissione(ctx.db, {
      ...own,
      fineRipensamento: addDays(today, 5),
      importoPuntoFisico: '7.00',
      importoAgente: '7.00',
      importoAmministrazione: '7.00',
      statoPagamento: 'pagato',
      dataPagamento: new Date(),
      anticipo: true,
    });
    await insertCommissione(ctx.db, {
      ...own,
      stornoOfId: settled.id,
      importoPuntoFisico: '-7.00',
      importoAgente: '-7.00',
      importoAmministrazione: '-7.00',
    });
    // Another shop's, in its window: only the structure's figure counts it.
    await insertCommissione(ctx.db, {
      praticaId: altra.pratica.id,
      servizioId: altra.servizi[0].id,
      puntoFisicoId: altro.id,
      payeePuntoFisicoId: other.id,
      dataCompletamento: new Date(),
      fineRipensamento: addDays(today, 10),
      importoPuntoFisico: '50.00',
      importoAgente: '0',
      importoAmministrazione: '60.00',
    });
    cookies = { punto_fisico: pf.cookie, agente: ag.cookie, admin: await loginAsAdmin(ctx.app) };
    for (const [role, cookie] of Object.entries(cookies)) {
      const res = await ctx.app.inject({ method: 'GET', url: URL, headers: { cookie } });
      expect(res.statusCode, res.body).toBe(200);
      payload[role as keyof typeof payload] = dashboardStatsSchema.parse(res.json());
    }
  });
  afterAll(async () => ctx?.close());

  it.each([
    ['punto_fisico', '15.00'],
    ['agente', '3.00'],
    ['admin', '84.00'],
  ] as const)('%s: in maturazione %s, in its own amount, of the commissions it sees', (role, expected) => {
    expect(payload[role].commissionsInMaturazione).toBe(expected);
  });

  it('is the Commissioni screen’s in-maturazione figure, a part of the total', async () => {
    for (const role of ['punto_fisico', 'agente', 'admin'] as const) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/commissioni',
        headers: { cookie: cookies[role] },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<CommissioniList>().summary.maturazione?.inMaturazione, role).toBe(
        payload[role].commissionsInMaturazione,
      );
    }
    // 12 + 3 + 5 + 100 + 7 − 7: the matured ones and the settled pair are in the total, not in the figure.
    expect(payload.punto_fisico.totalCommissions).toBe('120.00');
  });
});
