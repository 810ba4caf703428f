/**
 * Phase 3 of the demo data, in memory: the rows of one chunk of leads with their practices,
 * services, status history, consents and, for the services completed in bulk, their commissions
 * computed by the commission engine (the same pure function PUT /api/servizi/{id}/status calls).
 * A sample of practices is left at 'inserito' with the steps the real workflow will take later.
 */
import { countsAsUnit, hasForniture, hasPercentCommission } from '#shared/servizi-catalogo.ts';
import {
  computeCommission,
  type CommissionConfig,
  type CommissionResult,
} from '#shared/commissioni/engine.ts';
import {
  FASCE_ORARIE,
  type ChiamataEsito,
  PRIVACY_NOTICE_VERSION,
  normalizeEmail,
  normalizeTelefono,
  type KoMotivazione,
  type LeadContattoStato,
  type PagamentoStato,
  type ServizioStato,
  type ServizioTipo,
} from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import { NO_ANSWER_GAP_HOURS, nextAllowedCallTime, slotCallTime } from '#shared/calling-hours.ts';
import { fromCents, toCents } from '#shared/money.ts';
import type { Actor } from '#server/lib/actor.ts';
import { derivePraticaStato } from '#shared/pratica-stato.ts';
import type { ServizioStatusInput } from '#shared/schemas/servizio.ts';
import { leadSearchTextOf } from '#server/db/schema.ts';
import type { CopyTable } from '#scripts/seed-demo/copy.ts';
import type { DemoPoint } from '#scripts/seed-demo/configs-and-points.ts';
import { COGNOMI, NOMI, NOTE_PRATICA, USER_AGENTS } from '#scripts/seed-demo/data.ts';
import { DEMO_LEAD_EMAIL_DOMAIN } from '#scripts/seed-demo/people.ts';
import {
  clampBefore,
  DAY,
  demoPhoneDigits,
  formatPhone,
  HOUR,
  pastMoment,
  recentMoment,
  payday,
  payoutNote,
  slug,
  type Tools,
} from '#scripts/seed-demo/random.ts';

/** The share of leads that arrived in the last 36 hours: the queue's day (docs/product/calls.md#dati-demo). */
const RECENT_SHARE = 0.05;

/** A change made later through the real workflow, at a demo time. */
export interface WorkflowStep {
  servizioId: number;
  tipo: ServizioTipo;
  at: Date;
  body: ServizioStatusInput;
}

export interface DemoSupplier {
  id: number;
  codice: string;
  nome: string;
}

export interface PlanContext {
  t: Tools;
  now: Date;
  /** Who makes the status changes: the named admin and the administration staff. */
  officeActors: Actor[];
  suppliersFor: Map<ServizioTipo, DemoSupplier[]>;
  /** The engine's configuration per `${fornitoreId}:${tipo}`. */
  configs: Map<string, CommissionConfig>;
  points: DemoPoint[];
  pointWeight: number;
}

const KO_WEIGHTS: Record<KoMotivazione, number> = {
  dati_errati: 20,
  cliente_non_raggiungibile: 30,
  documentazione_incompleta: 20,
  cliente_non_interessato: 25,
  altro: 5,
  // A withdrawal goes through its outcome, which the demo does not record.
  ripensamento: 0,
};

/**
 * How many practices may still go through the real workflow. The first eligible ones are forced
 * to cover every status, so even a tiny run has services inserito, in_lavorazione, completato and ko.
 */
export interface WorkflowBudget {
  remaining: number;
  probability: number;
  needsCompletion: boolean;
  bulkStatiMissing: ServizioStato[];
}

export interface LeadRow {
  id: number;
  nome: string;
  cognome: string;
  email: string;
  telefono: string;
  puntoId: number;
  statoContatto: LeadContattoStato;
  statoAggiornatoAt: Date | null;
  dataRegistrazione: Date;
  /** The lead's place in 'Da chiamare' (docs/product/calls.md#la-coda), null out of it. */
  chiamataDa: Date | null;
  chiamataFissata: boolean;
}

/** One call's outcome, by the point's agent (or its owner). */
export interface ChiamataRow {
  leadId: number;
  esito: ChiamataEsito;
  userId: number;
  richiamareAt: Date | null;
  at: Date;
}

export interface PraticaRow {
  id: number;
  leadId: number;
  /** The customer's search text and phone key, as the insert trigger would copy them (in the baseline). */
  cliente: { cerca: string; telefonoNormalizzato: string };
  puntoId: number;
  stato: string;
  orario: string | null;
  ip: string;
  userAgent: string;
  note: string | null;
  dataCreazione: Date;
}

export interface ServizioRow {
  id: number;
  praticaId: number;
  tipo: ServizioTipo;
  stato: ServizioStato;
  koMotivazione: string | null;
  fornitoreId: number | null;
  rid: boolean;
  numeroForniture: number;
  bonus: { puntoFisico: number; agente: number; areaManager: number };
  totaleVendita: number | null;
  dataCreazione: Date;
  aggiornato: Date;
}

export interface StoricoRow {
  servizioId: number;
  userId: number;
  da: ServizioStato;
  a: ServizioStato;
  motivazione: string | null;
  at: Date;
}

export interface CommissioneRow {
  praticaId: number;
  servizioId: number;
  tipo: ServizioTipo;
  fornitoreId: number;
  customerName: string;
  point: DemoPoint;
  result: CommissionResult;
  stato: PagamentoStato;
  note: string | null;
  dataPagamento: Date | null;
  at: Date;
}

export interface ChunkPlan {
  leads: LeadRow[];
  pratiche: PraticaRow[];
  servizi: ServizioRow[];
  storico: StoricoRow[];
  commissioni: CommissioneRow[];
  chiamate: ChiamataRow[];
  /** Workflow steps by practice id, in time order. */
  steps: Map<number, WorkflowStep[]>;
}

// --- COPY column maps ------------------------------------------------------------------------

export const LEADS_COPY: CopyTable<LeadRow> = {
  table: 'leads',
  columns: {
    id: (r) => r.id,
    nome: (r) => r.nome,
    cognome: (r) => r.cognome,
    email: (r) => r.email,
    telefono: (r) => r.telefono,
    email_normalizzata: (r) => normalizeEmail(r.email),
    telefono_normalizzato: (r) => normalizeTelefono(r.telefono),
    punto_fisico_originale_id: (r) => r.puntoId,
    stato_contatto: (r) => r.statoContatto,
    stato_contatto_aggiornato_at: (r) => r.statoAggiornatoAt,
    data_registrazione: (r) => r.dataRegistrazione,
    chiamata_da: (r) => r.chiamataDa,
    chiamata_fissata: (r) => r.chiamataFissata,
  },
};

export const CHIAMATE_COPY: CopyTable<ChiamataRow> = {
  table: 'chiamate',
  columns: {
    lead_id: (r) => r.leadId,
    esito: (r) => r.esito,
    user_id: (r) => r.userId,
    richiamare_at: (r) => r.richiamareAt,
    created_at: (r) => r.at,
  },
};

export const PRATICHE_COPY: CopyTable<PraticaRow> = {
  table: 'pratiche',
  columns: {
    id: (r) => r.id,
    lead_id: (r) => r.leadId,
    punto_fisico_id: (r) => r.puntoId,
    stato_pratica: (r) => r.stato,
    orario_contatto: (r) => r.orario,
    indirizzo_ip: (r) => r.ip,
    user_agent: (r) => r.userAgent,
    note: (r) => r.note,
    documenti_caricati: (r) => ({
      hasLuceFile: false,
      hasGasFile: false,
      hasSingleFile: false,
      hasCombinedFile: false,
      uploadMethod: 'none',
      timestamp: r.dataCreazione.toISOString(),
    }),
    data_creazione: (r) => r.dataCreazione,
    cerca: (r) => r.cliente.cerca,
    telefono_normalizzato: (r) => r.cliente.telefonoNormalizzato,
  },
};

export const CONSENSI_COPY: CopyTable<PraticaRow> = {
  table: 'consensi',
  columns: {
    lead_id: (r) => r.leadId,
    pratica_id: (r) => r.id,
    versione_informativa: () => PRIVACY_NOTICE_VERSION,
    testo: () => msg.landing.privacyLabel,
    accettato_at: (r) => r.dataCreazione,
    ip: (r) => r.ip,
    user_agent: (r) => r.userAgent,
  },
};

export const SERVIZI_COPY: CopyTable<ServizioRow> = {
  table: 'servizi',
  columns: {
    id: (r) => r.id,
    pratica_id: (r) => r.praticaId,
    tipo_servizio: (r) => r.tipo,
    stato: (r) => r.stato,
    ko_motivazione: (r) => r.koMotivazione,
    fornitore_id: (r) => r.fornitoreId,
    rid_presente: (r) => r.rid,
    numero_forniture: (r) => r.numeroForniture,
    bonus_punto_fisico: (r) => fromCents(r.bonus.puntoFisico),
    bonus_agente: (r) => fromCents(r.bonus.agente),
    bonus_area_manager: (r) => fromCents(r.bonus.areaManager),
    totale_vendita: (r) => (r.totaleVendita == null ? null : fromCents(r.totaleVendita)),
    data_creazione: (r) => r.dataCreazione,
    data_ultimo_aggiornamento: (r) => r.aggiornato,
  },
};

export const STORICO_COPY: CopyTable<StoricoRow> = {
  table: 'servizi_storico',
  columns: {
    servizio_id: (r) => r.servizioId,
    user_id: (r) => r.userId,
    da_stato: (r) => r.da,
    a_stato: (r) => r.a,
    motivazione: (r) => r.motivazione,
    created_at: (r) => r.at,
  },
};

export const COMMISSIONI_COPY: CopyTable<CommissioneRow> = {
  table: 'commissioni',
  columns: {
    pratica_id: (r) => r.praticaId,
    servizio_id: (r) => r.servizioId,
    tipo_servizio: (r) => r.tipo,
    fornitore_id: (r) => r.fornitoreId,
    customer_name: (r) => r.customerName,
    punto_fisico_id: (r) => r.point.id,
    payee_punto_fisico_id: (r) => r.point.responsabileId,
    payee_agente_id: (r) => r.point.agenteId,
    payee_area_manager_id: (r) => r.point.areaManagerId,
    unita_base: (r) => r.result.unitaBase,
    unita_aggiuntive: (r) => r.result.unitaAggiuntive,
    importo_punto_fisico: (r) => fromCents(r.result.importoPuntoFisico),
    importo_agente: (r) => fromCents(r.result.importoAgente),
    importo_area_manager: (r) => fromCents(r.result.importoAreaManager),
    importo_amministrazione: (r) => fromCents(r.result.importoAmministrazione),
    has_bonus: (r) => r.result.hasBonus,
    bonus_applicati: (r) => ({
      puntoFisico: fromCents(r.result.bonusApplicati.puntoFisico),
      agente: fromCents(r.result.bonusApplicati.agente),
      areaManager: fromCents(r.result.bonusApplicati.areaManager),
    }),
    stato_pagamento: (r) => r.stato,
    note_pagamento: (r) => r.note,
    data_pagamento: (r) => r.dataPagamento,
    data_completamento: (r) => r.at,
    created_at: (r) => r.at,
  },
};

// --- Choices ---------------------------------------------------------------------------------

export function pickPoint(ctx: PlanContext): DemoPoint {
  let roll = ctx.t.rng() * ctx.pointWeight;
  for (const p of ctx.points) {
    roll -= p.weight;
    if (roll < 0) return p;
  }
  return ctx.points[ctx.points.length - 1];
}

/** The outcome of a service nobody takes through the workflow, by the practice's age. */
function bulkOutcome(t: Tools, ageDays: number): ServizioStato {
  if (ageDays < 0.1) return 'inserito';
  if (ageDays < 1) return t.weighted<ServizioStato>({ inserito: 85, in_lavorazione: 15 });
  if (ageDays < 5)
    return t.weighted<ServizioStato>({ inserito: 35, in_lavorazione: 45, ko: 10, completato: 10 });
  return t.weighted<ServizioStato>({ inserito: 8, in_lavorazione: 17, ko: 30, completato: 45 });
}

/** What the 'Modifica' dialog would send to complete this service. */
export function completionBody(
  ctx: PlanContext,
  tipo: ServizioTipo,
): ServizioStatusInput & { fornitore: string } {
  const { t } = ctx;
  const fornitore = t.pick(ctx.suppliersFor.get(tipo)!).codice;
  const body: ServizioStatusInput & { fornitore: string } = { stato: 'completato', fornitore };
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

const NO_BONUS = { puntoFisico: 0, agente: 0, areaManager: 0 };

/** A service completed in bulk: its row, history and commission, in completion order per practice. */
interface BulkCompletion {
  servizio: ServizioRow;
  start: Date;
  end: Date;
}

function commissionFor(
  ctx: PlanContext,
  c: BulkCompletion,
  point: DemoPoint,
  hasEarlierUnit: boolean,
  customerName: string,
): CommissioneRow {
  const s = c.servizio;
  const supplier = ctx.suppliersFor.get(s.tipo)!.find((f) => f.id === s.fornitoreId)!;
  const isUnit = countsAsUnit(s.tipo);
  const result = computeCommission({
    tipoServizio: s.tipo,
    fornitore: supplier,
    config: ctx.configs.get(`${supplier.id}:${s.tipo}`) ?? null,
    ridPresente: s.rid,
    numeroForniture: s.numeroForniture,
    hasEarlierUnit: hasEarlierUnit && isUnit,
    roles: { puntoFisico: true, agente: point.agenteId != null, areaManager: point.areaManagerId != null },
    bonus: s.bonus,
    totaleVendita: s.totaleVendita,
  });
  // Paid on the 15th of the next month, if that day has come (nine in ten; the rest is disputed).
  const paidOn = payday(c.end);
  const paid = paidOn.getTime() <= ctx.now.getTime() && ctx.t.chance(0.9);
  return {
    praticaId: s.praticaId,
    servizioId: s.id,
    tipo: s.tipo,
    fornitoreId: supplier.id,
    customerName,
    point,
    result,
    stato: paid ? 'pagato' : 'non_pagato',
    note: paid ? payoutNote(c.end) : null,
    dataPagamento: paid ? paidOn : null,
    at: c.end,
  };
}

export function planChunk(
  ctx: PlanContext,
  ids: { leads: number[]; pratiche: number[]; servizi: number[] },
  plan: { secondPractice: boolean[]; mixes: ServizioTipo[][] },
  workflow: WorkflowBudget,
): ChunkPlan {
  const { t, now } = ctx;
  const out: ChunkPlan = {
    leads: [],
    pratiche: [],
    servizi: [],
    storico: [],
    commissioni: [],
    chiamate: [],
    steps: new Map(),
  };
  let praticaIndex = 0;
  let servizioIndex = 0;
  for (const [i, leadId] of ids.leads.entries()) {
    const nome = t.pick(NOMI);
    const cognome = t.pick(COGNOMI);
    const telefono = formatPhone(demoPhoneDigits(leadId), t.int(0, 2));
    const email = `${slug(nome)}.${slug(cognome)}.${leadId}@${DEMO_LEAD_EMAIL_DOMAIN}`;
    const registrato = t.chance(RECENT_SHARE) ? recentMoment(t, now) : pastMoment(t, now);
    const punto = pickPoint(ctx);
    const cliente = {
      cerca: leadSearchTextOf({ nome, cognome, email, telefono }),
      telefonoNormalizzato: normalizeTelefono(telefono),
    };
    let isWorkedLead = false;
    /** The slot chosen on the lead's first practice: when its first call is due. */
    let firstOrario: string | null = null;

    const practiceDates = [registrato];
    if (plan.secondPractice[i]) {
      const later = registrato.getTime() + t.int(2, 60) * DAY;
      if (later < now.getTime() - HOUR) practiceDates.push(new Date(later));
    }
    for (const [n, creata] of practiceDates.entries()) {
      const praticaId = ids.pratiche[praticaIndex++];
      // A returning customer sometimes buys at another shop; the lead keeps its first one.
      const praticaPunto = n > 0 && t.chance(0.3) ? pickPoint(ctx) : punto;
      const ageDays = (now.getTime() - creata.getTime()) / DAY;
      const worked =
        ageDays > 5 && workflow.remaining > 0 && (workflow.needsCompletion || t.chance(workflow.probability));
      if (worked) workflow.remaining--;
      const stati: ServizioStato[] = [];
      const steps: WorkflowStep[] = [];
      const completions: BulkCompletion[] = [];
      for (const tipo of plan.mixes[praticaIndex - 1]) {
        const servizioId = ids.servizi[servizioIndex++];
        const row: ServizioRow = {
          id: servizioId,
          praticaId,
          tipo,
          stato: 'inserito',
          koMotivazione: null,
          fornitoreId: null,
          rid: false,
          numeroForniture: 1,
          bonus: NO_BONUS,
          totaleVendita: null,
          dataCreazione: creata,
          aggiornato: creata,
        };
        out.servizi.push(row);
        if (worked) {
          isWorkedLead = true;
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
          stati.push('inserito');
          continue;
        }
        let stato =
          ageDays > 5 && workflow.bulkStatiMissing.length > 0
            ? workflow.bulkStatiMissing.shift()!
            : bulkOutcome(t, ageDays);
        const actor = t.pick(ctx.officeActors);
        const first = clampBefore(creata.getTime() + t.int(2, 48) * HOUR, now.getTime() - 30 * 60 * 1000);
        const end = clampBefore(
          first.getTime() + t.int(1, 20) * DAY + t.int(0, 8) * HOUR,
          now.getTime() - 10 * 60 * 1000,
        );
        // Too young to have reached an outcome after being worked on: still being worked on.
        if ((stato === 'completato' || stato === 'ko') && end.getTime() <= first.getTime())
          stato = 'in_lavorazione';
        if (stato !== 'inserito') {
          out.storico.push({
            servizioId,
            userId: actor.id,
            da: 'inserito',
            a: 'in_lavorazione',
            motivazione: null,
            at: first,
          });
          row.aggiornato = first;
        }
        if (stato === 'ko') {
          const reason = t.weighted(KO_WEIGHTS);
          out.storico.push({
            servizioId,
            userId: actor.id,
            da: 'in_lavorazione',
            a: 'ko',
            motivazione: reason,
            at: end,
          });
          row.koMotivazione = reason;
          row.aggiornato = end;
        }
        if (stato === 'completato') {
          const body = completionBody(ctx, tipo);
          const supplier = ctx.suppliersFor.get(tipo)!.find((f) => f.codice === body.fornitore)!;
          row.fornitoreId = supplier.id;
          row.rid = body.ridPresente ?? false;
          row.numeroForniture = Number(body.numeroForniture ?? 1);
          row.bonus = {
            puntoFisico: toCents(body.bonusPuntoFisico ?? '0'),
            agente: toCents(body.bonusAgente ?? '0'),
            areaManager: 0,
          };
          row.totaleVendita = body.totaleVendita != null ? toCents(body.totaleVendita) : null;
          row.aggiornato = end;
          out.storico.push({
            servizioId,
            userId: actor.id,
            da: 'in_lavorazione',
            a: 'completato',
            motivazione: null,
            at: end,
          });
          completions.push({ servizio: row, start: first, end });
        }
        row.stato = stato;
        stati.push(stato);
      }
      // The first unit completed in the practice is its base unit (docs/product/commissions.md).
      completions.sort((a, b) => a.end.getTime() - b.end.getTime());
      let unitSeen = false;
      for (const c of completions) {
        out.commissioni.push(commissionFor(ctx, c, praticaPunto, unitSeen, `${nome} ${cognome}`));
        if (countsAsUnit(c.servizio.tipo)) unitSeen = true;
      }
      if (steps.length > 0)
        out.steps.set(
          praticaId,
          steps.sort((a, b) => a.at.getTime() - b.at.getTime()),
        );
      const orario = t.chance(0.7) ? t.pick(FASCE_ORARIE) : null;
      if (n === 0) firstOrario = orario;
      out.pratiche.push({
        id: praticaId,
        leadId,
        cliente,
        puntoId: praticaPunto.id,
        stato: derivePraticaStato(stati),
        orario,
        ip: `${t.pick(['203.0.113', '198.51.100', '192.0.2'])}.${t.int(1, 254)}`,
        userAgent: t.pick(USER_AGENTS),
        note: t.chance(0.1) ? t.pick(NOTE_PRATICA) : null,
        dataCreazione: creata,
      });
      if (stati.some((s) => s !== 'inserito')) isWorkedLead = true;
    }

    const ageDays = (now.getTime() - registrato.getTime()) / DAY;
    const statoContatto: LeadContattoStato = isWorkedLead
      ? 'contattato'
      : ageDays < 1
        ? t.weighted<LeadContattoStato>({ nuovo: 70, contattato: 30 })
        : t.weighted<LeadContattoStato>({ nuovo: 12, contattato: 73, non_raggiungibile: 15 });
    const statoAggiornatoAt =
      statoContatto === 'nuovo'
        ? null
        : clampBefore(registrato.getTime() + t.int(1, 30) * HOUR, now.getTime());
    const coda = planCalls(ctx, out.chiamate, {
      leadId,
      caller: punto.agenteId ?? punto.responsabileId,
      statoContatto,
      statoAggiornatoAt,
      registrato,
      orario: firstOrario,
    });
    out.leads.push({
      id: leadId,
      nome,
      cognome,
      email,
      telefono,
      puntoId: punto.id,
      statoContatto,
      dataRegistrazione: registrato,
      ...coda,
    });
  }
  return out;
}

/**
 * A believable 'Da chiamare' (docs/product/calls.md): the calls each lead already had and its
 * place in the queue, by the queue's own rules. A lead still `nuovo` waits from its arrival (or
 * its chosen slot), some after one or two 'Non risponde' for their next try; a contacted lead had
 * its outcome when its status changed, a recent one sometimes a 'Richiamare' still to come; an
 * unreachable one three unanswered calls two hours apart or a wrong number. Every call at an
 * allowed hour and already past; the status changed with the last call.
 */
function planCalls(
  ctx: PlanContext,
  rows: ChiamataRow[],
  lead: {
    leadId: number;
    caller: number;
    statoContatto: LeadContattoStato;
    statoAggiornatoAt: Date | null;
    registrato: Date;
    orario: string | null;
  },
): { chiamataDa: Date | null; chiamataFissata: boolean; statoAggiornatoAt: Date | null } {
  const { t, now } = ctx;
  const { leadId, caller: userId, statoAggiornatoAt } = lead;
  const latest = now.getTime() - 5 * 60 * 1000;
  const call = (esito: ChiamataEsito, at: Date, richiamareAt: Date | null = null) =>
    rows.push({ leadId, esito, userId, richiamareAt, at });
  /** Calls `gapHours` apart from `from`, each at the next allowed time, as many as are past. */
  const tries = (from: Date, n: number, gapHours: number) => {
    const out: Date[] = [];
    for (let at = nextAllowedCallTime(from); out.length < n && at.getTime() <= latest;) {
      out.push(at);
      at = nextAllowedCallTime(new Date(at.getTime() + gapHours * HOUR));
    }
    return out;
  };
  const outOfQueue = (at: Date | undefined) => ({
    chiamataDa: null,
    chiamataFissata: false,
    statoAggiornatoAt: at ?? statoAggiornatoAt,
  });

  if (lead.statoContatto === 'nuovo') {
    const noAnswers = tries(
      new Date(lead.registrato.getTime() + t.int(1, 3) * HOUR),
      Number(t.weighted({ '0': 60, '1': 28, '2': 12 })),
      NO_ANSWER_GAP_HOURS + t.int(0, 3),
    );
    for (const at of noAnswers) call('non_risponde', at);
    const last = noAnswers.at(-1);
    if (last)
      return {
        chiamataDa: nextAllowedCallTime(new Date(last.getTime() + NO_ANSWER_GAP_HOURS * HOUR)),
        chiamataFissata: true,
        statoAggiornatoAt,
      };
    const slot = lead.orario ? slotCallTime(lead.orario, lead.registrato) : null;
    return slot
      ? { chiamataDa: slot, chiamataFissata: true, statoAggiornatoAt }
      : { chiamataDa: lead.registrato, chiamataFissata: false, statoAggiornatoAt };
  }
  if (lead.statoContatto === 'non_raggiungibile') {
    const from = new Date(lead.registrato.getTime() + t.int(1, 4) * HOUR);
    if (t.chance(0.2)) {
      const [at] = tries(from, 1, 0);
      if (at) call('numero_errato', at);
      return outOfQueue(at);
    }
    const noAnswers = tries(from, 3, NO_ANSWER_GAP_HOURS + t.int(0, 2));
    for (const at of noAnswers) call('non_risponde', at);
    return outOfQueue(noAnswers.at(-1));
  }
  const [at] = tries(statoAggiornatoAt ?? lead.registrato, 1, 0);
  if (!at) return outOfQueue(undefined);
  // Contacted within the last few days: sometimes a recall, most of them still to come.
  if (now.getTime() - at.getTime() < 4 * DAY && t.chance(0.35)) {
    const richiamareAt = nextAllowedCallTime(new Date(at.getTime() + t.int(20, 96) * HOUR));
    call('richiamare', at, richiamareAt);
    return { chiamataDa: richiamareAt, chiamataFissata: true, statoAggiornatoAt: at };
  }
  call(t.weighted<ChiamataEsito>({ appuntamento_fissato: 55, non_interessato: 45 }), at);
  return outOfQueue(at);
}

/** A plan without the leads (and their practices) whose phone or e-mail is already taken. */
export function withoutLeads(plan: ChunkPlan, skipped: Set<number>): ChunkPlan {
  if (skipped.size === 0) return plan;
  const pratiche = plan.pratiche.filter((p) => !skipped.has(p.leadId));
  const kept = new Set(pratiche.map((p) => p.id));
  const servizi = plan.servizi.filter((s) => kept.has(s.praticaId));
  const keptServizi = new Set(servizi.map((s) => s.id));
  return {
    leads: plan.leads.filter((l) => !skipped.has(l.id)),
    pratiche,
    servizi,
    storico: plan.storico.filter((h) => keptServizi.has(h.servizioId)),
    commissioni: plan.commissioni.filter((c) => kept.has(c.praticaId)),
    chiamate: plan.chiamate.filter((c) => !skipped.has(c.leadId)),
    steps: new Map([...plan.steps].filter(([praticaId]) => kept.has(praticaId))),
  };
}
