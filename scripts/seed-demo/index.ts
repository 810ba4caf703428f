/**
 * Demo data for `npm run seed:demo` and the benchmarks: users of every role, points of sale,
 * leads, practices with services in every status, supplier commission configurations and
 * commissions over the last 6 months. One file per phase:
 *
 *  1. people.ts: the five named sign-ins and the staff;
 *  2. configs-and-points.ts: commission configurations (through the upsert of
 *     POST /api/commissioni-fornitori) and points of sale (through POST /api/punti-fisici's function);
 *  3. plan.ts + copy.ts: leads, practices, services, history, consents, and the commissions of the
 *     services completed in bulk (computed by the commission engine), written with COPY in chunks;
 *  4. workflow.ts: a sample of practices through the real PUT /api/servizi/{id}/status function,
 *     its payouts through PUT /api/commissioni/{id}/payment's, and a few withdrawals (storni),
 *     each moved back to its demo time.
 *
 * Re-runnable: every run adds new data. Lead e-mails and phones derive from ids reserved from the
 * leads sequence, so they never repeat; staff e-mails get a numeric suffix when taken; the five
 * named demo accounts are created once and reused.
 */
import { eq, or, sql } from 'drizzle-orm';
import type { CommissionConfig } from '#shared/commissioni/engine.ts';
import {
  SERVIZI_PRINCIPALI,
  SERVIZIO_STATI,
  normalizeEmail,
  normalizeTelefono,
  type ServizioStato,
  type ServizioTipo,
} from '#shared/domain.ts';
import type { Role } from '#shared/permissions.ts';
import { hashPassword } from '#server/lib/password.ts';
import { configFromRow } from '#server/modules/commissioni/commissioni.service.ts';
import type { Database } from '#server/db/client.ts';
import { commissioniFornitori, fornitori, leads } from '#server/db/schema.ts';
import { createPoints, demoPointCount, ensureConfigs } from '#scripts/seed-demo/configs-and-points.ts';
import {
  inBulkTransaction,
  isPostgres,
  maintainTables,
  maySkipTriggers,
  rebuildDerivedTables,
  reserveIds,
  withoutSecondaryIndexes,
} from '#scripts/seed-demo/copy.ts';
import { REGIONI } from '#scripts/seed-demo/data.ts';
import {
  createStaff,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  ensureAccounts,
  activateDemoConsultant,
  staffPlan,
  toActor,
  type UserRow,
} from '#scripts/seed-demo/people.ts';
import {
  CHIAMATE_COPY,
  COMMISSIONI_COPY,
  CONSENSI_COPY,
  LEADS_COPY,
  planChunk,
  PRATICHE_COPY,
  SERVIZI_COPY,
  STORICO_COPY,
  withoutLeads,
  type DemoSupplier,
  type PlanContext,
  type WorkflowBudget,
  type WorkflowStep,
} from '#scripts/seed-demo/plan.ts';
import { tools } from '#scripts/seed-demo/random.ts';
import { seedSchede } from '#scripts/seed-demo/schede.ts';
import { markAltroPunto } from '#server/modules/punti-fisici/scope.ts';
import { payAndWithdraw, runStep, type WorkflowContext } from '#scripts/seed-demo/workflow.ts';
import { pgliteVacuumJob } from '#server/jobs/periodic-jobs.ts';
import { recordJobDone } from '#server/jobs/scheduler.ts';

export {
  DEMO_ACCOUNTS,
  DEMO_EMAIL_DOMAIN,
  DEMO_LEAD_EMAIL_DOMAIN,
  DEMO_PASSWORD,
} from '#scripts/seed-demo/people.ts';
export { demoPhoneDigits } from '#scripts/seed-demo/random.ts';
export { demoSupplyCode } from '#scripts/seed-demo/schede.ts';

export const DEFAULT_DEMO_LEADS = 300;
/**
 * Practices taken through the real workflow at most, unless asked otherwise: each costs a few
 * transactions, so the sample stays small and the rest is computed in bulk by the same engine.
 */
export const DEFAULT_WORKFLOW_CAP = 600;
/** Practices taken through the real workflow at the same time on PostgreSQL. */
const WORKFLOW_CONCURRENCY = 4;
/**
 * From this many new leads the load runs without triggers (the tables they keep are computed
 * once at the end, copy.ts#rebuildDerivedTables) and, on PostgreSQL, without the secondary
 * indexes of the bulk tables (built once after it, copy.ts#withoutSecondaryIndexes).
 */
const BULK_FROM = 50_000;
/** The tables the COPY writes: their foreign keys are checked at once after a load without triggers. */
const COPY_TABLES = [
  'leads',
  'pratiche',
  'consensi',
  'servizi',
  'servizi_storico',
  'commissioni',
  'chiamate',
];
// With the services' list rows the triggers fill.
const BULK_TABLES = [
  'leads',
  'pratiche',
  'consensi',
  'servizi',
  'servizi_storico',
  'commissioni',
  'servizi_elenco',
];
/** Leads written per COPY transaction. */
const CHUNK = 20_000;

export interface SeedDemoOptions {
  /** How many new leads (each with one practice, some with two). */
  leads: number;
  /** How many practices go through the real service workflow (default: a third, at most DEFAULT_WORKFLOW_CAP). */
  workflowPratiche?: number;
  /** Seed of the pseudo-random generator: the same seed on the same database gives the same data. */
  seed?: number;
  now?: Date;
  /** Only used for the landing URL of the points in the service's reply. */
  publicBaseUrl?: string;
  /** Progress lines (phase, count, elapsed time). */
  onProgress?: (line: string) => void;
  /**
   * Load without triggers and compute their tables once at the end (default: from BULK_FROM new
   * leads). Needs a superuser connection; without one the triggers run.
   */
  bulkWithoutTriggers?: boolean;
}

export interface SeedDemoResult {
  users: Record<Role, number>;
  accounts: Array<{ role: Role; email: string; created: boolean }>;
  password: string;
  puntiFisici: number;
  leads: number;
  pratiche: number;
  servizi: Record<ServizioStato, number>;
  /** Services completed, withdrawn and so on through PUT /api/servizi/{id}/status's function. */
  workflowCalls: number;
  configurazioniCreate: number;
  commissioni: number;
  commissioniPagate: number;
  storni: number;
  elapsedMs: number;
  phases: Array<{ name: string; ms: number }>;
}

const SERVICE_MIXES: Record<string, number> = {
  luce: 25,
  gas: 10,
  'luce+gas': 30,
  internet: 15,
  'luce+internet': 8,
  'luce+gas+internet': 5,
  noleggio: 7,
};

/** Leads of the chunk whose phone or e-mail a real customer already has: left out, with their practices. */
async function takenLeads(db: Database, rows: Array<{ id: number; email: string; telefono: string }>) {
  if (rows.length === 0) return new Set<number>();
  const byPhone = new Map(rows.map((r) => [normalizeTelefono(r.telefono), r.id]));
  const byEmail = new Map(rows.map((r) => [normalizeEmail(r.email), r.id]));
  // Two array parameters, not 40,000 bound values: the statement stays small to send and plan.
  const existing = await db
    .select({ email: leads.emailNormalizzata, telefono: leads.telefonoNormalizzato })
    .from(leads)
    .where(
      or(
        sql`${leads.telefonoNormalizzato} = any(${sql.param([...byPhone.keys()])}::text[])`,
        sql`${leads.emailNormalizzata} = any(${sql.param([...byEmail.keys()])}::text[])`,
      ),
    );
  const skipped = new Set<number>();
  for (const e of existing) {
    const id = byPhone.get(e.telefono) ?? byEmail.get(e.email);
    if (id != null) skipped.add(id);
  }
  return skipped;
}

export async function seedDemoData(db: Database, options: SeedDemoOptions): Promise<SeedDemoResult> {
  const started = Date.now();
  const now = options.now ?? new Date();
  const t = tools(options.seed ?? Date.now() & 0x7fffffff);
  const progress = options.onProgress ?? (() => undefined);
  const phases: SeedDemoResult['phases'] = [];
  let phaseStart = Date.now();
  const endPhase = (name: string) => {
    phases.push({ name, ms: Date.now() - phaseStart });
    phaseStart = Date.now();
  };
  const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  const leadCount = Math.max(0, Math.floor(options.leads));

  // --- 1. People --------------------------------------------------------------------------------
  // One hash for the whole run: every demo account shares the published demo password anyway.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const { accounts, byRole } = await ensureAccounts(db, passwordHash);
  await activateDemoConsultant(db, passwordHash);
  const pointCount = demoPointCount(leadCount);
  const { areaManagers: amCount, agents: agentCount } = staffPlan(pointCount);
  const extra = await createStaff(db, t, passwordHash, [
    { role: 'amministrazione' },
    ...Array.from({ length: amCount - 1 }, (_, i) => ({
      role: 'area_manager' as const,
      areaAssegnata: REGIONI[i + 1].nome,
    })),
    ...Array.from({ length: agentCount - 1 }, () => ({ role: 'agente' as const })),
    ...Array.from({ length: pointCount - 1 }, () => ({ role: 'punto_fisico' as const })),
  ]);
  const ofRole = (role: Role) => extra.filter((u) => u.role === role);
  const areaManagers = [byRole.area_manager, ...ofRole('area_manager')];
  // Agents by region, round robin; the named agent is in the first region.
  const agenti: UserRow[][] = areaManagers.map(() => []);
  [byRole.agente, ...ofRole('agente')].forEach((a, i) => agenti[i % areaManagers.length].push(a));
  const responsabili = [byRole.punto_fisico, ...ofRole('punto_fisico')];
  const admin = toActor(byRole.admin);
  const officeActors = [admin, toActor(byRole.amministrazione), ...ofRole('amministrazione').map(toActor)];
  const userCounts = Object.fromEntries(
    (Object.keys(DEMO_ACCOUNTS) as Role[]).map((role) => [
      role,
      extra.filter((u) => u.role === role).length + (accounts.find((a) => a.role === role)!.created ? 1 : 0),
    ]),
  ) as Record<Role, number>;
  endPhase('utenti');
  progress(`Utenti: ${extra.length + accounts.filter((a) => a.created).length} nuovi (${seconds()})`);

  // --- 2. Configurations and points -----------------------------------------------------------
  const configurazioniCreate = await ensureConfigs(db, admin);
  const activeSuppliers = await db.select().from(fornitori).where(eq(fornitori.isActive, true));
  const suppliersFor = new Map<ServizioTipo, DemoSupplier[]>();
  for (const tipo of SERVIZI_PRINCIPALI)
    suppliersFor.set(
      tipo,
      activeSuppliers.filter((f) => f.serviziSupportati.includes(tipo)),
    );
  const tipiDisponibili = SERVIZI_PRINCIPALI.filter((tipo) => suppliersFor.get(tipo)!.length > 0);
  if (tipiDisponibili.length === 0)
    throw new Error('Nessun fornitore attivo: riattivane almeno uno prima di creare i dati demo.');
  const configs = new Map<string, CommissionConfig>(
    (await db.select().from(commissioniFornitori)).map((c) => [
      `${c.fornitoreId}:${c.servizio}`,
      configFromRow(c),
    ]),
  );
  const points = await createPoints(
    db,
    t,
    admin,
    pointCount,
    { responsabili, agenti, areaManagers },
    options.publicBaseUrl ?? 'http://localhost:5000',
  );
  endPhase('configurazioni e punti fisici');
  progress(
    `Configurazioni commissioni create: ${configurazioniCreate}; punti fisici: ${points.length} (${seconds()})`,
  );

  // --- 3. Leads, practices, services, commissions in bulk ---------------------------------------
  const plan: PlanContext = {
    t,
    now,
    officeActors,
    suppliersFor,
    configs,
    points,
    pointWeight: points.reduce((n, p) => n + p.weight, 0),
  };
  const expectedPratiche = Math.round(leadCount * 1.1);
  const cap = options.workflowPratiche ?? Math.min(DEFAULT_WORKFLOW_CAP, Math.ceil(expectedPratiche / 3));
  // Eligible practices are those older than 5 days: almost all of them on a 6-month timeline.
  const workflow: WorkflowBudget = {
    remaining: cap,
    probability: Math.min(1, cap / Math.max(1, expectedPratiche * 0.93)),
    needsCompletion: cap > 0,
    bulkStatiMissing: ['ko', 'in_lavorazione', 'inserito', 'completato'],
  };
  const serviziByStato = Object.fromEntries(SERVIZIO_STATI.map((s) => [s, 0])) as Record<
    ServizioStato,
    number
  >;
  const allSteps: Array<[number, WorkflowStep[]]> = [];
  let leadsDone = 0;
  let praticheDone = 0;
  let bulkCommissioni = 0;
  let bulkPagate = 0;
  const indexes =
    leadCount >= BULK_FROM && isPostgres(db) ? await withoutSecondaryIndexes(db, BULK_TABLES) : null;
  if (indexes)
    progress(`Indici secondari tolti durante il caricamento: ${indexes.count} (ricostruiti alla fine)`);
  const withoutTriggers =
    (options.bulkWithoutTriggers ?? leadCount >= BULK_FROM) && leadCount > 0 && (await maySkipTriggers(db));
  if (withoutTriggers) progress('Caricamento senza trigger: contatori e somme ricalcolati alla fine');
  try {
    for (let offset = 0; offset < leadCount; offset += CHUNK) {
      const n = Math.min(CHUNK, leadCount - offset);
      const secondPractice = Array.from({ length: n }, () => t.chance(0.1));
      const praticheCount = n + secondPractice.filter(Boolean).length;
      const praticaMixes = Array.from({ length: praticheCount }, () =>
        t
          .weighted(SERVICE_MIXES)
          .split('+')
          .filter((tipo): tipo is ServizioTipo => (tipiDisponibili as readonly string[]).includes(tipo)),
      ).map((list) => (list.length > 0 ? list : [tipiDisponibili[0]]));
      const ids = {
        leads: await reserveIds(db, 'leads', n),
        pratiche: await reserveIds(db, 'pratiche', praticheCount),
        servizi: await reserveIds(
          db,
          'servizi',
          praticaMixes.reduce((sum, m) => sum + m.length, 0),
        ),
      };
      const tp = Date.now();
      const planned = planChunk(plan, ids, { secondPractice, mixes: praticaMixes }, workflow);
      const tt = Date.now();
      const chunk = withoutLeads(planned, await takenLeads(db, planned.leads));
      if (process.env.PROFILE_COPY) console.log(`  plan ${tt - tp} ms, taken ${Date.now() - tt} ms`);
      await inBulkTransaction(
        db,
        async (w) => {
          await w.copy(LEADS_COPY, chunk.leads);
          await w.copy(PRATICHE_COPY, chunk.pratiche);
          await w.copy(CONSENSI_COPY, chunk.pratiche);
          await w.copy(SERVIZI_COPY, chunk.servizi);
          await w.copy(STORICO_COPY, chunk.storico);
          await w.copy(COMMISSIONI_COPY, chunk.commissioni);
          await w.copy(CHIAMATE_COPY, chunk.chiamate);
        },
        { withoutTriggers },
      );
      leadsDone += chunk.leads.length;
      praticheDone += chunk.pratiche.length;
      bulkCommissioni += chunk.commissioni.length;
      bulkPagate += chunk.commissioni.filter((c) => c.stato === 'pagato').length;
      const worked = new Set([...chunk.steps.values()].flat().map((s) => s.servizioId));
      for (const s of chunk.servizi) if (!worked.has(s.id)) serviziByStato[s.stato]++;
      allSteps.push(...chunk.steps);
      progress(
        `Lead ${offset + n}/${leadCount}, pratiche ${praticheDone}, commissioni ${bulkCommissioni} (${seconds()})`,
      );
    }
  } finally {
    endPhase('lead, pratiche, servizi e commissioni (COPY)');
    if (withoutTriggers) {
      await rebuildDerivedTables(db, COPY_TABLES);
      progress(`Contatori e somme delle commissioni ricalcolati (${seconds()})`);
      endPhase('contatori e somme ricalcolati');
    }
    if (indexes) {
      await indexes.rebuild();
      progress(`Indici ricostruiti (${seconds()})`);
      endPhase('indici ricostruiti');
    }
  }

  // Planner statistics before the workflow's first query: a table just loaded has none until
  // autovacuum's ANALYZE comes round (a minute or so; on PGlite never), and meanwhile each status
  // change was planned blind, several times slower (at 200,000 leads on PostgreSQL the workflow
  // took 7 to 38 s by that timing alone, at 100,000 on PGlite 115 s).
  await maintainTables(db, 'analyze');
  endPhase('statistiche (ANALYZE)');

  // --- 4. The real workflow ---------------------------------------------------------------------
  // Practice after practice, each one's steps in their demo order: the first completion of a
  // practice takes its base unit, as it would have happened.
  const wctx: WorkflowContext = { db, t, now, officeActors, admin };
  const ordered = allSteps.sort((a, b) => a[1][0].at.getTime() - b[1][0].at.getTime());
  const finalStato = new Map<number, ServizioStato>();
  let calls = 0;
  let completions = 0;
  let practicesDone = 0;
  // On PostgreSQL a few practices move at once, each on its own pooled connection (their steps
  // still in order); PGlite has one connection, so one at a time.
  let next = 0;
  const worker = async () => {
    while (next < ordered.length) {
      const [, steps] = ordered[next++];
      for (const step of steps) {
        await runStep(wctx, step);
        calls++;
        if (step.body.stato === 'completato') completions++;
        finalStato.set(step.servizioId, step.body.stato);
      }
      practicesDone++;
      if (practicesDone % 250 === 0 || practicesDone === ordered.length)
        progress(`Flusso reale dei servizi: pratiche ${practicesDone}/${ordered.length} (${seconds()})`);
    }
  };
  await Promise.all(Array.from({ length: isPostgres(db) ? WORKFLOW_CONCURRENCY : 1 }, worker));
  endPhase('flusso reale dei servizi');

  // --- 5. Payouts and withdrawals of the workflow's commissions --------------------------------
  const completed = [...finalStato].filter(([, s]) => s === 'completato').map(([id]) => id);
  const payouts = await payAndWithdraw(wctx, completed);
  for (const id of payouts.withdrawn) finalStato.set(id, 'ko');
  calls += payouts.withdrawn.length;
  const storni = payouts.withdrawn.length;
  endPhase('pagamenti e storni');
  for (const s of finalStato.values()) serviziByStato[s]++;
  progress(
    `Commissioni: ${bulkCommissioni + completions} calcolate, ${bulkPagate + payouts.paid} pagate, ${storni} stornate (${seconds()})`,
  );

  // The bulk load bypasses the services: the practices at a second shop are marked here.
  await markAltroPunto(db, 'all');
  const schede = await seedSchede(db);
  progress(`Schede contratto iniziate: ${schede} (${seconds()})`);
  endPhase('schede contratto');

  // A demo database left as it would be after a while in use (docs/performance.md#dati-demo-in-blocco):
  // a VACUUM that sets the visibility map and the rows' hint bits. Without it the first reads of
  // every row write to it, index-only scans read the table, and PGlite has no autovacuum ever to
  // do it. With fresh statistics too: the schede contratto came after the first ANALYZE, and a
  // table with none made the leads list's duplicate probe scan all of them for each row (at
  // 100,000 leads on PGlite, page 1 of the leads 393 ms instead of about 36).
  await maintainTables(db, 'vacuum (analyze)');
  // That VACUUM is the embedded database's daily maintenance: a server started next would
  // otherwise run it again first, holding PGlite for a minute at 100,000 leads.
  if (!isPostgres(db)) await recordJobDone(db, pgliteVacuumJob, 'seed:demo', new Date());
  endPhase('VACUUM');

  return {
    users: userCounts,
    accounts,
    password: DEMO_PASSWORD,
    puntiFisici: points.length,
    leads: leadsDone,
    pratiche: praticheDone,
    servizi: serviziByStato,
    workflowCalls: calls,
    configurazioniCreate,
    commissioni: bulkCommissioni + completions + storni,
    commissioniPagate: bulkPagate + payouts.paid,
    storni,
    elapsedMs: Date.now() - started,
    phases,
  };
}
