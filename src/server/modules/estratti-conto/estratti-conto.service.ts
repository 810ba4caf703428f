import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import { BENEFICIARIO_RUOLI, type BeneficiarioRuolo } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import { fromCents, toCents } from '#shared/money.ts';
import { parsePeriodoEstratto, type PeriodoEstratto } from '#shared/periodi.ts';
import { can } from '#shared/permissions.ts';
import type { Beneficiario, BeneficiariList } from '#shared/schemas/estratto-conto.ts';
import { romeDateKey, romeParts } from '#shared/time.ts';
import type { Database } from '#server/db/client.ts';
import { commissioni, estrattiConto, estrattiContoContatori, puntiFisici, users } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Actor } from '#server/lib/actor.ts';
import { recordAudit } from '#server/modules/audit/audit.service.ts';
import { nonZero, PAYEE_COLUMNS } from '#server/modules/commissioni/commissioni.scope.ts';
import {
  filtersWhere,
  listCommissioniRighe,
  sumCommissioni,
  type CommissioneRiga,
} from '#server/modules/commissioni/commissioni.service.ts';
import { puntiScope } from '#server/modules/punti-fisici/scope.ts';
import { riepilogoFiscaleEstratto } from '#server/modules/fisco/imponibili.ts';
import { profiloFiscaleOf } from '#server/modules/fisco/profilo-fiscale.service.ts';
import type { RiepilogoFiscale } from '#shared/fisco.ts';
import type { ProfiloFiscale } from '#shared/schemas/profilo-fiscale.ts';

const m = msg.estrattoConto;

/** At most this many points are named in a statement's header; the others are counted. */
const PUNTI_IN_HEADER = 12;

export interface EstrattoBeneficiario {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  ruolo: BeneficiarioRuolo;
  punti: Array<{ nomeAttivita: string; indirizzo: string }>;
  altriPunti: number;
}

export interface EstrattoTotali {
  /**
   * Every commission of the period, storni excluded ('Commissioni del periodo'; the name is older
   * than maturazione and stays, as it is in the register's rows).
   */
  maturate: string;
  /** Of those, matured: every commission less those in maturazione (docs/product/commissions.md#maturazione). */
  diCuiMaturate: string;
  /** Of those, still in their withdrawal window on the day the statement is produced. */
  inMaturazione: string;
  /** Of those in maturazione, already paid: advances (docs/product/commissions.md#anticipi). */
  anticipi: string;
  /** Storni of the period (≤ 0). */
  storni: string;
  /** maturate + storni: the Commissioni screen's 'Totale Commissioni' for the same payee and period. */
  totale: string;
  /** 'Incassate' on the screen. */
  pagato: string;
  /** 'Da Incassare' on the screen (net of unpaid storni; negative when storni exceed). */
  daPagare: string;
  righe: number;
}

export interface EstrattoConto {
  numero: string;
  anno: number;
  progressivo: number;
  prodottoIl: Date;
  /** The earlier statement of the same payee and period whose content differed, if any. */
  sostituisce: { numero: string; prodottoIl: Date } | null;
  periodo: PeriodoEstratto;
  beneficiario: EstrattoBeneficiario;
  righe: CommissioneRiga[];
  totali: EstrattoTotali;
  /**
   * Enasarco, ritenuta and net (docs/product/commissions.md#enasarco-e-ritenuta-dacconto); both
   * null when the payee has no fiscal profile: the statement then stays at the gross.
   */
  profiloFiscale: ProfiloFiscale | null;
  fiscale: RiepilogoFiscale | null;
}

export const formatNumeroEstratto = (anno: number, numero: number) =>
  `${anno}/${String(numero).padStart(6, '0')}`;

const isBeneficiarioRuolo = (role: string): role is BeneficiarioRuolo =>
  (BENEFICIARIO_RUOLI as readonly string[]).includes(role);

/** The period asked for, refused when it has not started yet on the Rome calendar. */
export function periodoOrThrow(key: string, now: Date): PeriodoEstratto {
  const periodo = parsePeriodoEstratto(key);
  if (!periodo) throw AppError.badRequest(m.periodoInvalid, 'VALIDATION');
  if (periodo.dataInizio > romeDateKey(now)) throw AppError.badRequest(m.periodoFuturo, 'VALIDATION');
  return periodo;
}

/**
 * The payee, if the caller may read its statement: admin and amministrazione anyone paid on
 * commission; a payee only itself. Anything else is not found (docs/product/roles-and-scope.md#403-e-404).
 */
async function beneficiarioFor(db: Database, actor: Actor, id: number): Promise<EstrattoBeneficiario> {
  if (!can(actor.role, 'estrattiConto:readAll') && actor.id !== id)
    throw AppError.notFound(m.beneficiarioNotFound);
  const [user] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      role: users.role,
    })
    .from(users)
    .where(eq(users.id, id));
  if (!user || !isBeneficiarioRuolo(user.role)) throw AppError.notFound(m.beneficiarioNotFound);
  const payee: Actor = { ...user, role: user.role };
  const [punti, [{ n }]] = await Promise.all([
    db
      .select({ nomeAttivita: puntiFisici.nomeAttivita, indirizzo: puntiFisici.indirizzo })
      .from(puntiFisici)
      .where(puntiScope(payee))
      .orderBy(asc(puntiFisici.nomeAttivita), asc(puntiFisici.id))
      .limit(PUNTI_IN_HEADER),
    db.select({ n: count() }).from(puntiFisici).where(puntiScope(payee)),
  ]);
  return { ...user, ruolo: user.role, punti, altriPunti: Math.max(0, Number(n) - punti.length) };
}

/** What makes two statements the same document: everything printed but the number and the date. */
function improntaOf(
  periodo: PeriodoEstratto,
  b: EstrattoBeneficiario,
  righe: CommissioneRiga[],
  fiscale: { profilo: ProfiloFiscale | null; riepilogo: RiepilogoFiscale | null },
) {
  const content = {
    periodo: periodo.key,
    beneficiario: [b.id, b.firstName, b.lastName, b.email, b.phone, b.ruolo, b.punti, b.altriPunti],
    righe: righe.map((r) => [
      r.id,
      r.importo,
      r.statoPagamento,
      r.dataPagamento?.toISOString() ?? null,
      r.customerName,
      r.fornitoreNome,
      // Only for rows with a window or an advance: a row from before maturazione keeps its impronta.
      ...(r.fineRipensamento != null || r.anticipo ? [r.maturazione, r.anticipo, r.fineRipensamento] : []),
    ]),
    // Only with a profile: a statement without one keeps the impronta (and number) it had before profiles.
    ...(fiscale.profilo
      ? {
          fiscale: [
            fiscale.profilo.tipo,
            fiscale.profilo.partitaIva,
            fiscale.profilo.regime,
            fiscale.profilo.baseRitenuta,
            fiscale.riepilogo,
          ],
        }
      : {}),
  };
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

/**
 * Gives the statement its number in the register. The year's counter row is locked for the
 * transaction, so numbers are handed out one at a time: unique and without gaps. The same
 * content (same payee, period and impronta) asked for again gets its earlier number back.
 */
async function registra(
  db: Database,
  actor: Actor,
  input: {
    beneficiario: EstrattoBeneficiario;
    periodo: PeriodoEstratto;
    impronta: string;
    totali: EstrattoTotali;
    now: Date;
  },
) {
  const { beneficiario: b, periodo, impronta, totali, now } = input;
  const anno = romeParts(now).year;
  return db.transaction(async (tx) => {
    await tx.insert(estrattiContoContatori).values({ anno, ultimo: 0 }).onConflictDoNothing();
    const [counter] = await tx
      .select()
      .from(estrattiContoContatori)
      .where(eq(estrattiContoContatori.anno, anno))
      .for('update');
    const ofThisPayee = and(eq(estrattiConto.beneficiarioId, b.id), eq(estrattiConto.periodo, periodo.key));
    let [row] = await tx
      .select()
      .from(estrattiConto)
      .where(and(ofThisPayee, eq(estrattiConto.impronta, impronta)))
      .orderBy(desc(estrattiConto.id))
      .limit(1);
    if (!row) {
      const numero = counter.ultimo + 1;
      await tx
        .update(estrattiContoContatori)
        .set({ ultimo: numero })
        .where(eq(estrattiContoContatori.anno, anno));
      [row] = await tx
        .insert(estrattiConto)
        .values({
          anno,
          numero,
          beneficiarioId: b.id,
          intestatario: { nome: b.firstName, cognome: b.lastName, email: b.email, ruolo: b.ruolo },
          periodo: periodo.key,
          impronta,
          totali: { ...totali },
          prodottoDaId: actor.id,
          createdAt: now,
        })
        .returning();
    }
    const [previous] = await tx
      .select({ anno: estrattiConto.anno, numero: estrattiConto.numero, createdAt: estrattiConto.createdAt })
      .from(estrattiConto)
      .where(and(ofThisPayee, lt(estrattiConto.id, row.id), ne(estrattiConto.impronta, impronta)))
      .orderBy(desc(estrattiConto.id))
      .limit(1);
    return { row, previous };
  });
}

/**
 * One payee's statement for one period (docs/product/commissions.md#estratto-conto). Its rows
 * and totals are the payee's own view of the Commissioni screen for that period: the same
 * scope (commissioniScope) and the same sum (sumCommissioni), run as that payee.
 */
export async function buildEstratto(
  db: Database,
  actor: Actor,
  beneficiarioId: number,
  periodoKey: string,
  now = new Date(),
): Promise<EstrattoConto> {
  const periodo = periodoOrThrow(periodoKey, now);
  const beneficiario = await beneficiarioFor(db, actor, beneficiarioId);
  const payee: Actor = {
    id: beneficiario.id,
    role: beneficiario.ruolo,
    email: beneficiario.email,
    firstName: beneficiario.firstName,
    lastName: beneficiario.lastName,
  };
  const range = { dataInizio: periodo.dataInizio, dataFine: periodo.dataFine };
  const [righe, somme] = await Promise.all([
    listCommissioniRighe(db, payee, range, now),
    sumCommissioni(db, payee, range),
  ]);
  const maturate = toCents(somme.totale) - toCents(somme.storni.totale);
  const inMaturazione = righe.filter((r) => r.maturazione === 'in_maturazione');
  const sumOf = (rows: CommissioneRiga[]) => rows.reduce((n, r) => n + toCents(r.importo), 0);
  const totali: EstrattoTotali = {
    maturate: fromCents(maturate),
    diCuiMaturate: fromCents(maturate - sumOf(inMaturazione)),
    inMaturazione: fromCents(sumOf(inMaturazione)),
    anticipi: fromCents(sumOf(inMaturazione.filter((r) => r.statoPagamento === 'pagato'))),
    storni: somme.storni.totale,
    totale: somme.totale,
    pagato: somme.incassate,
    daPagare: somme.daIncassare,
    righe: somme.righe,
  };
  const profiloFiscale = await profiloFiscaleOf(db, beneficiario.id);
  const fiscale = await riepilogoFiscaleEstratto(db, {
    beneficiario,
    periodo,
    profilo: profiloFiscale,
    lordo: toCents(totali.maturate),
    storni: toCents(totali.storni),
  });
  const { row, previous } = await registra(db, actor, {
    beneficiario,
    periodo,
    impronta: improntaOf(periodo, beneficiario, righe, { profilo: profiloFiscale, riepilogo: fiscale }),
    totali,
    now,
  });
  return {
    numero: formatNumeroEstratto(row.anno, row.numero),
    anno: row.anno,
    progressivo: row.numero,
    prodottoIl: row.createdAt,
    sostituisce: previous
      ? { numero: formatNumeroEstratto(previous.anno, previous.numero), prodottoIl: previous.createdAt }
      : null,
    periodo,
    beneficiario,
    righe,
    totali,
    profiloFiscale,
    fiscale,
  };
}

/**
 * The payees with at least one commission or storno in the period, each with the net total its
 * statement will show (the same columns as commissioniScope for that payee), by name.
 */
export async function listBeneficiari(
  db: Database,
  periodoKey: string,
  now = new Date(),
): Promise<BeneficiariList> {
  const periodo = periodoOrThrow(periodoKey, now);
  const range = filtersWhere({ dataInizio: periodo.dataInizio, dataFine: periodo.dataFine });
  const perRuolo = await Promise.all(
    BENEFICIARIO_RUOLI.map(async (ruolo) => {
      const { payee, amount } = PAYEE_COLUMNS[ruolo];
      const rows = await db
        .select({ id: payee, righe: count(), totale: sql<string>`sum(${amount})::text` })
        .from(commissioni)
        .where(and(isNotNull(payee), nonZero(amount), range))
        .groupBy(payee);
      return rows.map((r) => ({ ...r, id: r.id!, ruolo }));
    }),
  );
  const found = perRuolo.flat();
  const people =
    found.length === 0
      ? []
      : await db
          .select({
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
            role: users.role,
          })
          .from(users)
          .where(
            inArray(
              users.id,
              found.map((f) => f.id),
            ),
          );
  const byId = new Map(people.map((p) => [p.id, p]));
  const beneficiari: Beneficiario[] = [];
  for (const f of found) {
    const person = byId.get(f.id);
    // A payee whose role changed since sees its commissions under its current role only.
    if (!person || person.role !== f.ruolo) continue;
    beneficiari.push({
      id: person.id,
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      ruolo: f.ruolo,
      righe: Number(f.righe),
      totale: fromCents(toCents(f.totale)),
    });
  }
  beneficiari.sort(
    (a, b) =>
      a.lastName.localeCompare(b.lastName, 'it') ||
      a.firstName.localeCompare(b.firstName, 'it') ||
      a.id - b.id,
  );
  return {
    periodo: {
      key: periodo.key,
      label: periodo.label,
      dataInizio: periodo.dataInizio,
      dataFine: periodo.dataFine,
    },
    beneficiari,
  };
}

/** One statement as a file: built, then recorded in the audit log with its number. */
export async function exportEstratto(
  db: Database,
  actor: Actor,
  beneficiarioId: number,
  query: { periodo: string; formato: string },
  source: { ip: string },
): Promise<EstrattoConto> {
  const estratto = await buildEstratto(db, actor, beneficiarioId, query.periodo);
  await recordAudit(db, {
    tipo: 'esportazione',
    who: actor,
    ip: source.ip,
    oggetto: { tipo: 'estratto_conto', id: beneficiarioId },
    dettagli: { formato: query.formato, periodo: query.periodo, numero: estratto.numero },
  });
  return estratto;
}

/**
 * The payees of the period's ZIP, listed before its first byte (a wrong period still answers
 * 400 in JSON) and the export recorded in the audit log.
 */
export async function startEstrattiZip(
  db: Database,
  actor: Actor,
  periodo: string,
  source: { ip: string },
): Promise<Beneficiario[]> {
  const { beneficiari } = await listBeneficiari(db, periodo);
  await recordAudit(db, {
    tipo: 'esportazione',
    who: actor,
    ip: source.ip,
    oggetto: { tipo: 'estratti_conto' },
    dettagli: { formato: 'zip', periodo, beneficiari: beneficiari.length },
  });
  return beneficiari;
}
