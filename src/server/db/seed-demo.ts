/**
 * Demo data for `npm run seed:demo` and the benchmarks (docs/decisions/006-demo-data-and-benchmarks.md): users of every role, points
 * of sale, leads, practices with services in every status, supplier commission configurations and
 * commissions over the last 6 months.
 *
 * Bulk rows (leads, practices, services and their history, consents) are written with multi-row
 * inserts so that 100,000 leads load in minutes. Everything that involves money goes through the
 * real services instead: configurations through the upsert of POST /api/commissioni-fornitori,
 * completions and withdrawals through the function behind PUT /api/servizi/{id}/status (amounts
 * from the engine, history rows, practice status), payouts through the one behind PUT
 * /api/commissioni/{id}/payment. Those calls happen now, so their timestamps are moved back to the
 * demo's timeline right after each call.
 *
 * Re-runnable: every run adds new data. Lead e-mails and phones derive from ids reserved from the
 * leads sequence, so they never repeat; staff e-mails get a numeric suffix when taken; the five
 * named demo accounts are created once and reused.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import {
  FASCE_ORARIE,
  PRIVACY_NOTICE_VERSION,
  SERVIZI_PRINCIPALI,
  SERVIZIO_STATI,
  normalizeEmail,
  normalizeTelefono,
  type KoMotivazione,
  type LeadContattoStato,
  type ServizioStato,
  type ServizioTipo,
} from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import type { Role } from '#shared/permissions.ts';
import { derivePraticaStato } from '#shared/pratica-stato.ts';
import { commissioneConfigBodySchema } from '#shared/schemas/commissione.ts';
import { servizioStatusBodySchema, type ServizioStatusInput } from '#shared/schemas/servizio.ts';
import { hasFixedCommission, hasForniture, hasPercentCommission } from '#shared/servizi-catalogo.ts';
import { romeParts, romeWallTimeToDate } from '#shared/time.ts';
import { hashPassword } from '../lib/password';
import { saveConfig, updatePayment } from '../modules/commissioni/commissioni.service';
import { createPuntoFisico } from '../modules/punti-fisici/punti-fisici.service';
import { updateServizioStatus } from '../modules/servizi/servizi.service';
import type { Actor } from '../plugins/auth';
import type { Database, DbExecutor } from './client';
import {
  commissioni,
  commissioniFornitori,
  consensi,
  fornitori,
  leads,
  pratiche,
  servizi,
  serviziStorico,
  users,
} from './schema';
import { COGNOMI, NOMI, NOTE_PRATICA, REGIONI, TIPI_NEGOZIO, USER_AGENTS, VIE } from './seed-demo-data';

export const DEMO_PASSWORD = 'demo-password';
export const DEMO_EMAIL_DOMAIN = 'demo.winsolution.it';
/** Customers' e-mails: a subdomain of the demo one, so no real mailbox is ever named. */
export const DEMO_LEAD_EMAIL_DOMAIN = `clienti.${DEMO_EMAIL_DOMAIN}`;

/** One sign-in per role, created on the first run and reused by the next ones. */
export const DEMO_ACCOUNTS: Record<
  Role,
  { email: string; firstName: string; lastName: string; areaAssegnata?: string }
> = {
  admin: { email: `admin@${DEMO_EMAIL_DOMAIN}`, firstName: 'Davide', lastName: 'Colombo' },
  amministrazione: { email: `amministrazione@${DEMO_EMAIL_DOMAIN}`, firstName: 'Paola', lastName: 'Ferri' },
  area_manager: {
    email: `area.manager@${DEMO_EMAIL_DOMAIN}`,
    firstName: 'Stefano',
    lastName: 'Galli',
    areaAssegnata: REGIONI[0].nome,
  },
  agente: { email: `agente@${DEMO_EMAIL_DOMAIN}`, firstName: 'Luca', lastName: 'Moretti' },
  punto_fisico: { email: `punto.fisico@${DEMO_EMAIL_DOMAIN}`, firstName: 'Sara', lastName: 'Fontana' },
};

export const DEFAULT_DEMO_LEADS = 300;
/** Practices taken through the real workflow at most, unless asked otherwise: keeps 100k leads in minutes. */
export const DEFAULT_WORKFLOW_CAP = 2500;

export interface SeedDemoOptions {
  /** How many new leads (each with one practice, some with two). */
  leads: number;
  /** How many practices go through the real service workflow (default: a third of the eligible, at most DEFAULT_WORKFLOW_CAP). */
  workflowPratiche?: number;
  /** Seed of the pseudo-random generator: the same seed on the same database gives the same data. */
  seed?: number;
  now?: Date;
  /** Only used for the landing URL of the points in the service's reply. */
  publicBaseUrl?: string;
  /** Progress lines (phase, count, elapsed time). */
  onProgress?: (line: string) => void;
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

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** The demo timeline: about six months back from now. */
const SPAN_DAYS = 182;

// ---------------------------------------------------------------------------------------------
// Pseudo-random helpers (deterministic for a given seed)
// ---------------------------------------------------------------------------------------------

type Rng = () => number;

function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function tools(rng: Rng) {
  const int = (min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rng() * list.length)];
  const chance = (p: number) => rng() < p;
  /** One of the keys, with the given weights. */
  const weighted = <T extends string>(weights: Partial<Record<T, number>>): T => {
    const entries = Object.entries(weights) as Array<[T, number]>;
    let roll = rng() * entries.reduce((n, [, w]) => n + w, 0);
    for (const [key, w] of entries) {
      roll -= w;
      if (roll < 0) return key;
    }
    return entries[entries.length - 1][0];
  };
  return { rng, int, pick, chance, weighted };
}
type Tools = ReturnType<typeof tools>;

/** "D'Angelo" → "dangelo", "De Luca" → "deluca": the local part of a demo e-mail. */
function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * A mobile number from a lead id: a bijection of the id onto 3[2-9]x xxx xxxx, so two demo leads
 * never share a phone while the numbers still look random.
 */
export function demoPhoneDigits(id: number): string {
  // 3^18 is coprime with 8·10^8, so the map is one-to-one for ids below 8·10^8.
  const scrambled = Number((BigInt(id) * 387_420_489n + 12_345n) % 800_000_000n);
  return `3${String(200_000_000 + scrambled)}`;
}

function formatPhone(digits: string, style: number): string {
  if (style === 0) return `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
  if (style === 1) return `+39 ${digits}`;
  return digits;
}

function randomPhone(t: Tools): string {
  return formatPhone(`3${t.int(20, 99)}${String(t.int(0, 9_999_999)).padStart(7, '0')}`, 0);
}

/** A moment in the last six months, more of them recent (the business is growing), in shop hours. */
function pastMoment(t: Tools, now: Date): Date {
  const daysAgo = SPAN_DAYS * Math.pow(t.rng(), 1.4);
  const day = romeParts(new Date(now.getTime() - daysAgo * DAY));
  const at = romeWallTimeToDate(day.year, day.month, day.day, t.int(8, 20), t.int(0, 59));
  return at.getTime() < now.getTime() ? at : new Date(now.getTime() - t.int(1, 90) * 60 * 1000);
}

const clampBefore = (time: number, limit: number) => new Date(Math.min(time, limit));

// ---------------------------------------------------------------------------------------------
// Bulk helpers
// ---------------------------------------------------------------------------------------------

/** Ids taken from a table's own sequence: rows can be linked before they are inserted. */
async function reserveIds(
  db: DbExecutor,
  table: 'leads' | 'pratiche' | 'servizi',
  count: number,
): Promise<number[]> {
  if (count === 0) return [];
  const rows = await db
    .select({ id: sql<number>`nextval(pg_get_serial_sequence(${table}, 'id'))::int` })
    .from(sql`generate_series(1, ${count})`);
  return rows.map((r) => Number(r.id));
}

async function insertInBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

// ---------------------------------------------------------------------------------------------
// The plan of one practice
// ---------------------------------------------------------------------------------------------

/** A change made later through the real workflow, at a demo time. */
interface WorkflowStep {
  servizioId: number;
  tipo: ServizioTipo;
  at: Date;
  body: ServizioStatusInput;
}

const SERVICE_MIXES: Partial<Record<string, number>> = {
  luce: 25,
  gas: 10,
  'luce+gas': 30,
  internet: 15,
  'luce+internet': 8,
  'luce+gas+internet': 5,
  noleggio: 7,
};

const KO_WEIGHTS: Record<KoMotivazione, number> = {
  dati_errati: 20,
  cliente_non_raggiungibile: 30,
  documentazione_incompleta: 20,
  cliente_non_interessato: 25,
  altro: 5,
};

interface SeedContext {
  db: Database;
  t: Tools;
  now: Date;
  /** Who makes the status changes: the named admin and the administration staff. */
  officeActors: Actor[];
  admin: Actor;
  suppliersFor: Map<ServizioTipo, Array<{ codice: string }>>;
}

// ---------------------------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------------------------

type UserRow = typeof users.$inferSelect;

const toActor = (u: UserRow): Actor => ({
  id: u.id,
  role: u.role,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
});

async function ensureAccounts(db: Database, passwordHash: string) {
  const accounts: SeedDemoResult['accounts'] = [];
  const byRole = {} as Record<Role, UserRow>;
  for (const [role, account] of Object.entries(DEMO_ACCOUNTS) as Array<
    [Role, (typeof DEMO_ACCOUNTS)[Role]]
  >) {
    const [created] = await db
      .insert(users)
      .values({
        firstName: account.firstName,
        lastName: account.lastName,
        email: account.email,
        phone: null,
        role,
        passwordHash,
        areaAssegnata: account.areaAssegnata ?? null,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    const row = created ?? (await db.select().from(users).where(eq(users.email, account.email)))[0];
    if (row.role !== role) {
      throw new Error(
        `L'utente demo ${account.email} esiste già con il ruolo ${row.role} invece di ${role}: cambialo o eliminalo prima.`,
      );
    }
    byRole[role] = row;
    accounts.push({ role, email: account.email, created: Boolean(created) });
  }
  return { accounts, byRole };
}

async function createStaff(
  db: Database,
  t: Tools,
  passwordHash: string,
  plan: Array<{ role: Role; areaAssegnata?: string }>,
): Promise<UserRow[]> {
  if (plan.length === 0) return [];
  const taken = new Set(
    (
      await db
        .select({ email: users.email })
        .from(users)
        .where(like(users.email, `%@${DEMO_EMAIL_DOMAIN}`))
    ).map((r) => r.email),
  );
  const values = plan.map(({ role, areaAssegnata }) => {
    const firstName = t.pick(NOMI);
    const lastName = t.pick(COGNOMI);
    const local = `${slug(firstName)}.${slug(lastName)}`;
    let email = `${local}@${DEMO_EMAIL_DOMAIN}`;
    for (let n = 2; taken.has(email); n++) email = `${local}${n}@${DEMO_EMAIL_DOMAIN}`;
    taken.add(email);
    return {
      firstName,
      lastName,
      email,
      phone: randomPhone(t),
      role,
      passwordHash,
      areaAssegnata: areaAssegnata ?? null,
    };
  });
  return db.insert(users).values(values).returning();
}

// ---------------------------------------------------------------------------------------------
// Commission configurations
// ---------------------------------------------------------------------------------------------

/** Plausible fixed amounts per service (index i: each supplier a little different). */
const FIXED_CONFIG_VALUES: Partial<Record<ServizioTipo, (euro: (n: number) => string, i: number) => object>> =
  {
    luce: (euro, i) => ({
      ricavoBase: euro(90 + 5 * i),
      bonusRid: '15.00',
      commissionePuntoFisico: '30.00',
      commissioneAgente: '15.00',
      commissioneAreaManager: '5.00',
      commissioneAggiuntivaPuntoFisico: '8.00',
      commissioneAggiuntivaAgente: '4.00',
      commissioneAggiuntivaAreaManager: '1.50',
      commissioneAggiuntivaRidPuntoFisico: '10.00',
      commissioneAggiuntivaRidAgente: '5.00',
      commissioneAggiuntivaRidAreaManager: '2.00',
    }),
    gas: (euro, i) => ({
      ricavoBase: euro(70 + 5 * i),
      bonusRid: '10.00',
      commissionePuntoFisico: '25.00',
      commissioneAgente: '12.00',
      commissioneAreaManager: '4.00',
      commissioneAggiuntivaPuntoFisico: '6.00',
      commissioneAggiuntivaAgente: '3.00',
      commissioneAggiuntivaAreaManager: '1.00',
      commissioneAggiuntivaRidPuntoFisico: '8.00',
      commissioneAggiuntivaRidAgente: '4.00',
      commissioneAggiuntivaRidAreaManager: '1.50',
    }),
    internet: (euro, i) => ({
      ricavoBase: euro(120 + 10 * i),
      bonusRid: '10.00',
      commissionePuntoFisico: '40.00',
      commissioneAgente: '20.00',
      commissioneAreaManager: '6.00',
      commissioneAggiuntivaPuntoFisico: '15.00',
      commissioneAggiuntivaAgente: '7.00',
      commissioneAggiuntivaAreaManager: '2.00',
      commissioneAggiuntivaRidPuntoFisico: '18.00',
      commissioneAggiuntivaRidAgente: '8.00',
      commissioneAggiuntivaRidAreaManager: '2.50',
    }),
  };

/** Plausible figures per service; each supplier a little different (index i). */
function configValues(servizio: ServizioTipo, i: number) {
  const euro = (n: number) => n.toFixed(2);
  if (hasFixedCommission(servizio)) return FIXED_CONFIG_VALUES[servizio]?.(euro, i) ?? {};
  return {
    percentualePuntoFisico: '3.00',
    percentualeAgente: '1.50',
    percentualeAreaManager: '0.50',
    percentualeStruttura: euro(6 + 0.5 * i),
  };
}

/** A configuration for every supplier and service that has none; existing ones are left as they are. */
async function ensureConfigs(db: Database, admin: Actor): Promise<number> {
  const all = await db.select().from(fornitori).orderBy(fornitori.id);
  const existing = new Set(
    (
      await db
        .select({ f: commissioniFornitori.fornitoreId, s: commissioniFornitori.servizio })
        .from(commissioniFornitori)
    ).map((r) => `${r.f}:${r.s}`),
  );
  let created = 0;
  for (const [i, f] of all.entries()) {
    for (const servizio of SERVIZI_PRINCIPALI) {
      if (!f.serviziSupportati.includes(servizio) || existing.has(`${f.id}:${servizio}`)) continue;
      await saveConfig(
        db,
        admin,
        commissioneConfigBodySchema.parse({ fornitoreId: f.id, servizio, ...configValues(servizio, i % 5) }),
      );
      created++;
    }
  }
  return created;
}

// ---------------------------------------------------------------------------------------------
// Points of sale
// ---------------------------------------------------------------------------------------------

interface DemoPoint {
  id: number;
  weight: number;
}

async function createPoints(
  ctx: SeedContext,
  count: number,
  people: { responsabili: UserRow[]; agenti: UserRow[][]; areaManagers: UserRow[] },
  publicBaseUrl: string,
): Promise<DemoPoint[]> {
  const { t } = ctx;
  const regions = people.areaManagers.length;
  const points: DemoPoint[] = [];
  for (let i = 0; i < count; i++) {
    const region = i === 0 ? 0 : t.int(0, regions - 1);
    const city = t.pick(REGIONI[region].citta);
    // The first points cover every combination of agent and area manager; then 3 in 4 have each.
    const combo = i >= 1 && i <= 4 ? i - 1 : -1;
    const hasAgent = combo === -1 ? i === 0 || t.chance(0.75) : combo === 0 || combo === 1;
    const hasManager = combo === -1 ? i === 0 || t.chance(0.8) : combo === 0 || combo === 2;
    const kind = t.pick(TIPI_NEGOZIO);
    const name = t.chance(0.6) ? `${kind} ${t.pick(COGNOMI)}` : `${kind} ${city}`;
    const punto = await createPuntoFisico({ db: ctx.db, publicBaseUrl }, ctx.admin, {
      nomeAttivita: name,
      indirizzo: `${t.pick(VIE)} ${t.int(1, 180)}, ${city}`,
      utenteResponsabileId: people.responsabili[i].id,
      // The named agent works in the first region, so the first point is theirs.
      agenteId: hasAgent ? (i === 0 ? people.agenti[0][0] : t.pick(people.agenti[region])).id : null,
      areaManagerId: hasManager ? people.areaManagers[region].id : null,
    });
    // A few busy shops and a long tail; the named point of sale is among the busiest.
    points.push({ id: punto.id, weight: i === 0 ? 1 : 1 / Math.pow(i + 1, 0.6) });
  }
  return points;
}

// ---------------------------------------------------------------------------------------------
// Leads, practices, services
// ---------------------------------------------------------------------------------------------

type LeadInsert = typeof leads.$inferInsert;
type PraticaInsert = typeof pratiche.$inferInsert & { id: number };
type ServizioInsert = typeof servizi.$inferInsert & { id: number };
type StoricoInsert = typeof serviziStorico.$inferInsert;

/**
 * How many practices may still go through the real workflow. The first eligible ones are forced
 * to cover every status, so even a tiny run has services inserito, in_lavorazione, completato and ko.
 */
interface WorkflowBudget {
  remaining: number;
  probability: number;
  needsCompletion: boolean;
  bulkStatiMissing: ServizioStato[];
}

interface ChunkPlan {
  leads: Array<LeadInsert & { id: number }>;
  pratiche: PraticaInsert[];
  servizi: ServizioInsert[];
  storico: StoricoInsert[];
  /** Workflow steps by practice id, in time order. */
  steps: Map<number, WorkflowStep[]>;
}

function pickPoint(t: Tools, points: DemoPoint[], total: number): number {
  let roll = t.rng() * total;
  for (const p of points) {
    roll -= p.weight;
    if (roll < 0) return p.id;
  }
  return points[points.length - 1].id;
}

/** Status of a service nobody takes through the workflow: by age, never completato (that needs a commission). */
function bulkStatus(t: Tools, ageDays: number): ServizioStato {
  if (ageDays < 0.1) return 'inserito';
  if (ageDays < 1) return t.weighted<ServizioStato>({ inserito: 85, in_lavorazione: 15 });
  if (ageDays < 5) return t.weighted<ServizioStato>({ inserito: 40, in_lavorazione: 50, ko: 10 });
  return t.weighted<ServizioStato>({ inserito: 20, in_lavorazione: 45, ko: 35 });
}

function completionBody(ctx: SeedContext, tipo: ServizioTipo): ServizioStatusInput {
  const { t } = ctx;
  const fornitore = t.pick(ctx.suppliersFor.get(tipo)!).codice;
  const body: ServizioStatusInput = { stato: 'completato', fornitore };
  if (hasPercentCommission(tipo)) {
    body.totaleVendita = String(t.int(36, 280) * 50);
  } else {
    body.ridPresente = t.chance(0.6);
    if (hasForniture(tipo)) body.numeroForniture = t.weighted({ '1': 85, '2': 12, '3': 3 });
  }
  if (t.chance(0.08)) body.bonusPuntoFisico = '10.00';
  if (t.chance(0.04)) body.bonusAgente = '5.00';
  return body;
}

function planChunk(
  ctx: SeedContext,
  ids: { leads: number[]; pratiche: number[]; servizi: number[] },
  plan: { secondPractice: boolean[]; mixes: ServizioTipo[][] },
  points: DemoPoint[],
  workflow: WorkflowBudget,
): ChunkPlan {
  const { t, now } = ctx;
  const totalWeight = points.reduce((n, p) => n + p.weight, 0);
  const out: ChunkPlan = { leads: [], pratiche: [], servizi: [], storico: [], steps: new Map() };
  let praticaIndex = 0;
  let servizioIndex = 0;
  for (const [i, leadId] of ids.leads.entries()) {
    const nome = t.pick(NOMI);
    const cognome = t.pick(COGNOMI);
    const phone = demoPhoneDigits(leadId);
    const telefono = formatPhone(phone, t.int(0, 2));
    const email = `${slug(nome)}.${slug(cognome)}.${leadId}@${DEMO_LEAD_EMAIL_DOMAIN}`;
    const registrato = pastMoment(t, now);
    const puntoId = pickPoint(t, points, totalWeight);
    let isWorkedLead = false;

    const practiceDates = [registrato];
    if (plan.secondPractice[i]) {
      const later = registrato.getTime() + t.int(2, 60) * DAY;
      if (later < now.getTime() - HOUR) practiceDates.push(new Date(later));
    }
    for (const [n, creata] of practiceDates.entries()) {
      const praticaId = ids.pratiche[praticaIndex++];
      // A returning customer sometimes buys at another shop; the lead keeps its first one.
      const praticaPunto = n > 0 && t.chance(0.3) ? pickPoint(t, points, totalWeight) : puntoId;
      const ageDays = (now.getTime() - creata.getTime()) / DAY;
      const worked =
        ageDays > 5 && workflow.remaining > 0 && (workflow.needsCompletion || t.chance(workflow.probability));
      if (worked) {
        workflow.remaining--;
        isWorkedLead = true;
      }
      const tipi = plan.mixes[praticaIndex - 1];
      const stati: ServizioStato[] = [];
      const steps: WorkflowStep[] = [];
      for (const tipo of tipi) {
        const servizioId = ids.servizi[servizioIndex++];
        let stato: ServizioStato = 'inserito';
        let updated = creata;
        if (worked) {
          const start = creata.getTime() + t.int(12, 72) * HOUR;
          steps.push({ servizioId, tipo, at: new Date(start), body: { stato: 'in_lavorazione' } });
          const outcome = workflow.needsCompletion
            ? 'completato'
            : t.weighted<ServizioStato>({ completato: 75, ko: 12, in_lavorazione: 13 });
          workflow.needsCompletion = false;
          const end = clampBefore(start + t.int(1, 20) * DAY + t.int(0, 8) * HOUR, now.getTime() - HOUR);
          if (outcome === 'completato')
            steps.push({ servizioId, tipo, at: end, body: completionBody(ctx, tipo) });
          if (outcome === 'ko')
            steps.push({
              servizioId,
              tipo,
              at: end,
              body: { stato: 'ko', koMotivazione: t.weighted(KO_WEIGHTS) },
            });
        } else {
          stato =
            ageDays > 5 && workflow.bulkStatiMissing.length > 0
              ? workflow.bulkStatiMissing.shift()!
              : bulkStatus(t, ageDays);
          const actor = t.pick(ctx.officeActors);
          const first = clampBefore(creata.getTime() + t.int(2, 72) * HOUR, now.getTime() - 30 * 60 * 1000);
          if (stato === 'in_lavorazione') {
            out.storico.push({
              servizioId,
              userId: actor.id,
              daStato: 'inserito',
              aStato: 'in_lavorazione',
              createdAt: first,
            });
            updated = first;
          } else if (stato === 'ko') {
            const reason = t.weighted(KO_WEIGHTS);
            if (t.chance(0.5)) {
              out.storico.push({
                servizioId,
                userId: actor.id,
                daStato: 'inserito',
                aStato: 'ko',
                motivazione: reason,
                createdAt: first,
              });
              updated = first;
            } else {
              const second = clampBefore(
                first.getTime() + t.int(1, 10) * DAY,
                now.getTime() - 10 * 60 * 1000,
              );
              out.storico.push({
                servizioId,
                userId: actor.id,
                daStato: 'inserito',
                aStato: 'in_lavorazione',
                createdAt: first,
              });
              out.storico.push({
                servizioId,
                userId: actor.id,
                daStato: 'in_lavorazione',
                aStato: 'ko',
                motivazione: reason,
                createdAt: second,
              });
              updated = second;
            }
          }
        }
        stati.push(stato);
        out.servizi.push({
          id: servizioId,
          praticaId,
          tipoServizio: tipo,
          stato,
          koMotivazione: stato === 'ko' ? out.storico[out.storico.length - 1].motivazione : null,
          dataCreazione: creata,
          dataUltimoAggiornamento: updated,
        });
      }
      if (steps.length > 0)
        out.steps.set(
          praticaId,
          steps.sort((a, b) => a.at.getTime() - b.at.getTime()),
        );
      out.pratiche.push({
        id: praticaId,
        leadId,
        puntoFisicoId: praticaPunto,
        statoPratica: derivePraticaStato(stati),
        orarioContatto: t.chance(0.7) ? t.pick(FASCE_ORARIE) : null,
        indirizzoIp: `${t.pick(['203.0.113', '198.51.100', '192.0.2'])}.${t.int(1, 254)}`,
        userAgent: t.pick(USER_AGENTS),
        note: t.chance(0.1) ? t.pick(NOTE_PRATICA) : null,
        documentiCaricati: {
          hasLuceFile: false,
          hasGasFile: false,
          hasSingleFile: false,
          hasCombinedFile: false,
          uploadMethod: 'none',
          timestamp: creata.toISOString(),
        },
        dataCreazione: creata,
      });
    }

    const ageDays = (now.getTime() - registrato.getTime()) / DAY;
    const statoContatto: LeadContattoStato = isWorkedLead
      ? 'contattato'
      : ageDays < 1
        ? t.weighted<LeadContattoStato>({ nuovo: 70, contattato: 30 })
        : t.weighted<LeadContattoStato>({ nuovo: 12, contattato: 73, non_raggiungibile: 15 });
    out.leads.push({
      id: leadId,
      nome,
      cognome,
      email,
      telefono,
      emailNormalizzata: normalizeEmail(email),
      telefonoNormalizzato: normalizeTelefono(telefono),
      puntoFisicoOriginaleId: puntoId,
      statoContatto,
      statoContattoAggiornatoAt:
        statoContatto === 'nuovo'
          ? null
          : clampBefore(registrato.getTime() + t.int(1, 30) * HOUR, now.getTime()),
      dataRegistrazione: registrato,
    });
  }
  return out;
}

/** Writes one chunk; leads whose phone or e-mail already exists (real customers) are skipped with their practices. */
async function writeChunk(
  db: Database,
  chunk: ChunkPlan,
): Promise<{
  leads: number;
  pratiche: number;
  servizi: ServizioInsert[];
  steps: Map<number, WorkflowStep[]>;
}> {
  return db.transaction(async (tx) => {
    const inserted = new Set<number>();
    await insertInBatches(chunk.leads, 1000, async (batch) => {
      const rows = await tx.insert(leads).values(batch).onConflictDoNothing().returning({ id: leads.id });
      for (const r of rows) inserted.add(r.id);
    });
    const praticheRows = chunk.pratiche.filter((p) => inserted.has(p.leadId));
    const kept = new Set(praticheRows.map((p) => p.id));
    const serviziRows = chunk.servizi.filter((s) => kept.has(s.praticaId));
    const keptServizi = new Set(serviziRows.map((s) => s.id));
    await insertInBatches(praticheRows, 1000, (batch) => tx.insert(pratiche).values(batch));
    await insertInBatches(serviziRows, 2000, (batch) => tx.insert(servizi).values(batch));
    await insertInBatches(
      chunk.storico.filter((h) => keptServizi.has(h.servizioId)),
      2000,
      (batch) => tx.insert(serviziStorico).values(batch),
    );
    await insertInBatches(praticheRows, 2000, (batch) =>
      tx.insert(consensi).values(
        batch.map((p) => ({
          leadId: p.leadId,
          praticaId: p.id,
          versioneInformativa: PRIVACY_NOTICE_VERSION,
          testo: msg.landing.privacyLabel,
          accettatoAt: p.dataCreazione,
          ip: p.indirizzoIp,
          userAgent: p.userAgent,
        })),
      ),
    );
    const steps = new Map([...chunk.steps].filter(([praticaId]) => kept.has(praticaId)));
    return { leads: inserted.size, pratiche: praticheRows.length, servizi: serviziRows, steps };
  });
}

// ---------------------------------------------------------------------------------------------
// The real workflow, backdated
// ---------------------------------------------------------------------------------------------

/**
 * Moves what the last status change of a service wrote to its demo time: the history row, the
 * service's last update and any commission row it created. Rows written by this call carry the
 * real clock, later than every demo time, which is how they are told from earlier ones.
 */
async function backdate(db: Database, servizioId: number, at: Date) {
  const iso = at.toISOString();
  await db.execute(sql`
    with h as (
      update servizi_storico set created_at = ${iso} where servizio_id = ${servizioId} and created_at > ${iso}
    ), c as (
      update commissioni set data_completamento = ${iso}, created_at = ${iso} where servizio_id = ${servizioId} and data_completamento > ${iso}
    )
    update servizi set data_ultimo_aggiornamento = ${iso} where id = ${servizioId}`);
}

async function runStep(ctx: SeedContext, step: WorkflowStep) {
  const actor = ctx.t.pick(ctx.officeActors);
  await updateServizioStatus(ctx.db, actor, step.servizioId, servizioStatusBodySchema.parse(step.body));
  await backdate(ctx.db, step.servizioId, step.at);
}

const monthName = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome',
  month: 'long',
  year: 'numeric',
});

/**
 * Monthly payouts: what was completed in a month is paid on the 15th of the next, if that day has
 * come (nine in ten; the rest is disputed and waits). A few paid services are then withdrawn by
 * the customer, which leaves a storno row to recover at the next payout.
 */
async function payAndWithdraw(ctx: SeedContext, servizioIds: number[]) {
  const { db, t, now } = ctx;
  let paid = 0;
  const withdrawals: WorkflowStep[] = [];
  for (let i = 0; i < servizioIds.length; i += 5000) {
    const rows = await db
      .select({
        id: commissioni.id,
        servizioId: commissioni.servizioId,
        tipo: commissioni.tipoServizio,
        data: commissioni.dataCompletamento,
      })
      .from(commissioni)
      .where(
        and(
          sql`${commissioni.servizioId} in (${sql.join(
            servizioIds.slice(i, i + 5000).map((id) => sql`${id}`),
            sql`, `,
          )})`,
          sql`${commissioni.stornoOfId} is null`,
        ),
      )
      .orderBy(commissioni.id);
    for (const row of rows) {
      const completed = romeParts(row.data);
      const payday = romeWallTimeToDate(completed.year, completed.month + 1, 15, 10, 0);
      if (payday.getTime() > now.getTime() || !t.chance(0.9)) continue;
      await updatePayment(db, ctx.admin, row.id, {
        status: 'pagato',
        note: `Liquidazione di ${monthName.format(row.data)}`,
      });
      await db.update(commissioni).set({ dataPagamento: payday }).where(eq(commissioni.id, row.id));
      paid++;
      const withdrawnAt = payday.getTime() + t.int(3, 40) * DAY + t.int(0, 8) * HOUR;
      if (withdrawnAt < now.getTime() - HOUR && t.chance(0.04)) {
        withdrawals.push({
          servizioId: row.servizioId,
          tipo: row.tipo,
          at: new Date(withdrawnAt),
          body: { stato: 'ko', koMotivazione: 'cliente_non_interessato' },
        });
      }
    }
  }
  for (const step of withdrawals) await runStep(ctx, step);
  return { paid, withdrawn: withdrawals.map((w) => w.servizioId) };
}

// ---------------------------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------------------------

function staffPlan(pointCount: number) {
  const areaManagers = Math.min(REGIONI.length, Math.max(2, Math.ceil(pointCount / 12)));
  const agents = Math.min(60, Math.max(3, Math.ceil(pointCount / 5)));
  return { areaManagers, agents };
}

function demoPointCount(leadCount: number): number {
  return Math.min(250, Math.max(8, Math.round(leadCount / 400)));
}

export async function seedDemoData(db: Database, options: SeedDemoOptions): Promise<SeedDemoResult> {
  const started = Date.now();
  const now = options.now ?? new Date();
  const t = tools(mulberry32(options.seed ?? Date.now() & 0x7fffffff));
  const progress = options.onProgress ?? (() => undefined);
  const phases: SeedDemoResult['phases'] = [];
  let phaseStart = Date.now();
  const endPhase = (name: string) => {
    phases.push({ name, ms: Date.now() - phaseStart });
    phaseStart = Date.now();
  };
  const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  const leadCount = Math.max(0, Math.floor(options.leads));

  // --- People ---------------------------------------------------------------------------------
  // One hash for the whole run: every demo account shares the published demo password anyway.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const { accounts, byRole } = await ensureAccounts(db, passwordHash);
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
  const agentList = [byRole.agente, ...ofRole('agente')];
  const agenti: UserRow[][] = areaManagers.map(() => []);
  agentList.forEach((a, i) => agenti[i % areaManagers.length].push(a));
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

  // --- Configurations and points ---------------------------------------------------------------
  const configurazioniCreate = await ensureConfigs(db, admin);
  const activeSuppliers = await db.select().from(fornitori).where(eq(fornitori.isActive, true));
  const suppliersFor = new Map<ServizioTipo, Array<{ codice: string }>>();
  for (const tipo of SERVIZI_PRINCIPALI)
    suppliersFor.set(
      tipo,
      activeSuppliers.filter((f) => f.serviziSupportati.includes(tipo)),
    );
  const tipiDisponibili = SERVIZI_PRINCIPALI.filter((tipo) => suppliersFor.get(tipo)!.length > 0);
  if (tipiDisponibili.length === 0)
    throw new Error('Nessun fornitore attivo: riattivane almeno uno prima di creare i dati demo.');
  const ctx: SeedContext = { db, t, now, officeActors, admin, suppliersFor };
  const points = await createPoints(
    ctx,
    pointCount,
    { responsabili, agenti, areaManagers },
    options.publicBaseUrl ?? 'http://localhost:5000',
  );
  endPhase('configurazioni e punti fisici');
  progress(
    `Configurazioni commissioni create: ${configurazioniCreate}; punti fisici: ${points.length} (${seconds()})`,
  );

  // --- Leads, practices, services (bulk) ------------------------------------------------------
  const expectedPratiche = Math.round(leadCount * 1.1);
  const cap = options.workflowPratiche ?? Math.min(DEFAULT_WORKFLOW_CAP, Math.ceil(expectedPratiche / 3));
  // Eligible practices are those older than 5 days: almost all of them on a 6-month timeline.
  const workflow: WorkflowBudget = {
    remaining: cap,
    probability: Math.min(1, cap / Math.max(1, expectedPratiche * 0.93)),
    needsCompletion: cap > 0,
    bulkStatiMissing: ['ko', 'in_lavorazione', 'inserito'],
  };
  const mixes = Object.keys(SERVICE_MIXES);
  const mixWeights = Object.fromEntries(mixes.map((k) => [k, SERVICE_MIXES[k]!]));
  const serviziByStato = Object.fromEntries(SERVIZIO_STATI.map((s) => [s, 0])) as Record<
    ServizioStato,
    number
  >;
  const allSteps: Array<[number, WorkflowStep[]]> = [];
  let leadsDone = 0;
  let praticheDone = 0;
  const CHUNK = 5000;
  for (let offset = 0; offset < leadCount; offset += CHUNK) {
    const n = Math.min(CHUNK, leadCount - offset);
    const secondPractice = Array.from({ length: n }, () => t.chance(0.1));
    const praticheCount = n + secondPractice.filter(Boolean).length;
    const praticaMixes = Array.from({ length: praticheCount }, () =>
      t
        .weighted(mixWeights)
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
    const chunk = planChunk(ctx, ids, { secondPractice, mixes: praticaMixes }, points, workflow);
    const written = await writeChunk(db, chunk);
    leadsDone += written.leads;
    praticheDone += written.pratiche;
    const worked = new Set([...written.steps.values()].flat().map((s) => s.servizioId));
    for (const s of written.servizi) if (!worked.has(s.id)) serviziByStato[s.stato ?? 'inserito']++;
    allSteps.push(...written.steps);
    progress(`Lead ${offset + n}/${leadCount}, pratiche ${praticheDone} (${seconds()})`);
  }
  endPhase('lead, pratiche e servizi');

  // --- The real workflow ------------------------------------------------------------------------
  // Practice after practice, each one's steps in their demo order: the first completion of a
  // practice takes its base unit, as it would have happened.
  const ordered = allSteps.sort((a, b) => a[1][0].at.getTime() - b[1][0].at.getTime());
  const finalStato = new Map<number, ServizioStato>();
  let calls = 0;
  let completions = 0;
  for (const [i, [, steps]] of ordered.entries()) {
    for (const step of steps) {
      await runStep(ctx, step);
      calls++;
      if (step.body.stato === 'completato') completions++;
      finalStato.set(step.servizioId, step.body.stato);
    }
    if ((i + 1) % 250 === 0 || i === ordered.length - 1)
      progress(`Flusso reale dei servizi: pratiche ${i + 1}/${ordered.length} (${seconds()})`);
  }
  endPhase('flusso reale dei servizi');

  const completed = [...finalStato].filter(([, s]) => s === 'completato').map(([id]) => id);
  const payouts = await payAndWithdraw(ctx, completed);
  for (const id of payouts.withdrawn) finalStato.set(id, 'ko');
  calls += payouts.withdrawn.length;
  const storni = payouts.withdrawn.length;
  endPhase('pagamenti e storni');
  progress(
    `Commissioni: ${completions} calcolate, ${payouts.paid} pagate, ${storni} stornate (${seconds()})`,
  );
  for (const s of finalStato.values()) serviziByStato[s]++;

  // Fresh planner statistics after a bulk load: PGlite has no autovacuum to gather them, and
  // without them PostgreSQL guesses row counts badly (docs/decisions/006-demo-data-and-benchmarks.md).
  await db.execute(sql`analyze`);
  endPhase('statistiche (ANALYZE)');

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
    commissioni: completions + storni,
    commissioniPagate: payouts.paid,
    storni,
    elapsedMs: Date.now() - started,
    phases,
  };
}
