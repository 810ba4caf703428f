import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { CommissionConfigMissingError, computeCommission } from '#shared/commissioni/engine.ts';
import {
  KO_MOTIVAZIONI,
  LEAD_CONTATTO_STATI,
  normalizeEmail,
  normalizeTelefono,
  SERVIZIO_STATI,
  type KoMotivazione,
  type LeadContattoStato,
  type PraticaStato,
  type ServizioStato,
} from '#shared/domain.ts';
import { fillMessage, msg } from '#shared/messages.ts';
import { fromCents, toCents } from '#shared/money.ts';
import { derivePraticaStato } from '#shared/pratica-stato.ts';
import type { ImportCampo } from '#shared/schemas/importazione.ts';
import { landingFormSchema } from '#shared/schemas/landing.ts';
import { LEAD_CONTATTO_LABELS } from '#shared/schemas/lead.ts';
import { CAMPI_PER_TIPO, schedaTipoOf } from '#shared/scheda-contratto.ts';
import { schedaBodySchema } from '#shared/schemas/scheda.ts';
import { servizioStatusBodySchema, servizioStatusIssues } from '#shared/schemas/servizio.ts';
import {
  hasFixedCommission,
  hasForniture,
  hasPercentCommission,
  SERVIZI_A_UNITA,
  SERVIZIO_TIPI,
  servizioLabel,
  type ServizioTipo,
} from '#shared/servizi-catalogo.ts';
import { romeDateKey, romeWallTimeToDate } from '#shared/time.ts';
import type { DbExecutor } from '#server/db/client.ts';
import { executeRows, insertRows, intArray, jsonRows } from '#server/db/sql-helpers.ts';
import {
  commissioni,
  commissioniFornitori,
  fornitori,
  leads,
  pratiche,
  puntiFisici,
  schedeContratto,
  servizi,
  serviziStorico,
} from '#server/db/schema.ts';
import { configFromRow } from '#server/modules/commissioni/commissioni.service.ts';
import { normalizeHeader } from '#server/modules/importazioni/colonne.ts';
import { LANDING_CODE_PATTERN } from '#server/modules/punti-fisici/landing-code.ts';
import { RowErrors, type CheckedRow, type MappedRow } from '#server/modules/importazioni/righe.ts';
import { markAltroPunto } from '#server/modules/punti-fisici/scope.ts';

/**
 * Leads with their practices and services (docs/product/importazione.md#lead-e-pratiche). A row is
 * one lead, optionally one practice's services (one or several types in the cell, each with the
 * row's status and supplier). The lead is matched by normalised phone + e-mail, as the landing does;
 * a practice by lead, point and day; a service by its type within the practice. What is already
 * there is not written again, so the same file twice creates nothing.
 */

const e = msg.importazione.erroreCampi;
const sm = msg.servizio;

type FornitoreRow = typeof fornitori.$inferSelect;
type ConfigRow = typeof commissioniFornitori.$inferSelect;

/** What a file may call a value: its code, its Italian label, compared like headers. */
function namesOf<T extends string>(codes: readonly T[], label: (c: T) => string, extra: [string, T][] = []) {
  const map = new Map<string, T>();
  for (const c of codes) for (const n of [c, label(c)]) map.set(normalizeHeader(n), c);
  for (const [n, c] of extra) map.set(normalizeHeader(n), c);
  return (value: string) => map.get(normalizeHeader(value));
}
const contattoOf = namesOf(LEAD_CONTATTO_STATI, (c) => LEAD_CONTATTO_LABELS[c]);
const tipoOf = namesOf(SERVIZIO_TIPI, servizioLabel, [
  ['energia elettrica', 'luce'],
  ['elettricita', 'luce'],
  ['fibra', 'internet'],
  ['adsl', 'internet'],
]);
// A practice's status words too ('Completata', 'Inserita'), as a practice list exported elsewhere says.
const statoOf = namesOf(SERVIZIO_STATI, (c) => sm.statoLabels[c], [
  ['inserita', 'inserito'],
  ['completata', 'completato'],
  ['attivo', 'completato'],
  ['attivato', 'completato'],
  ['lavorazione', 'in_lavorazione'],
]);
const koOf = namesOf(KO_MOTIVAZIONI, (c) => sm.koLabels[c]);
const YES = new Set(['si', 's', 'yes', 'y', 'x', '1', 'true', 'vero']);
const NO = new Set(['no', 'n', '0', 'false', 'falso']);

/**
 * dd/mm/yyyy (or - .), optionally hh:mm[:ss], ISO yyyy-mm-dd[ hh:mm], or an Excel date serial: a Rome
 * wall-clock time.
 */
export function parseImportDate(value: string): Date | null {
  // A date cell of an XLSX read without its styles is Excel's serial: days since 30/12/1899.
  if (/^\d{5}(\.\d+)?$/.test(value)) {
    const wall = new Date(Date.UTC(1899, 11, 30) + Math.round(Number(value) * 86_400_000));
    return romeWallTimeToDate(
      wall.getUTCFullYear(),
      wall.getUTCMonth() + 1,
      wall.getUTCDate(),
      wall.getUTCHours(),
      wall.getUTCMinutes(),
    );
  }
  const it = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:[ T](\d{1,2})[:.](\d{2})(?:[:.]\d{2})?)?$/.exec(value);
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?)?$/.exec(value);
  const [d, mo, y, h, mi] = it
    ? [it[1], it[2], it[3], it[4], it[5]]
    : iso
      ? [iso[3], iso[2], iso[1], iso[4], iso[5]]
      : [];
  if (!d) return null;
  const [day, month, year, hour, minute] = [d, mo, y, h ?? '0', mi ?? '0'].map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  return romeWallTimeToDate(year, month, day, hour, minute);
}

export interface FornitoreInfo {
  id: number;
  codice: string;
  nome: string;
  isActive: boolean;
  serviziSupportati: string[];
}

/** What the row check needs that does not change during an import: suppliers by code and name. */
export interface LeadCatalog {
  fornitore: (value: string) => FornitoreInfo | undefined;
}

export function catalogOf(list: FornitoreInfo[]): LeadCatalog {
  const map = new Map<string, FornitoreInfo>();
  for (const f of list) for (const n of [f.codice, f.nome]) map.set(normalizeHeader(n), f);
  return { fornitore: (value) => map.get(normalizeHeader(value)) };
}

export interface ServizioFile {
  tipo: ServizioTipo;
  stato: ServizioStato;
  koMotivazione: KoMotivazione | null;
  fornitore: FornitoreInfo | null;
  ridPresente: boolean;
  numeroForniture: number;
  totaleVendita: string | null;
  scheda: Record<string, string> | null;
}

export interface LeadFile {
  nome: string;
  cognome: string;
  telefono: string;
  email: string;
  punto: string;
  dataRegistrazione: Date | null;
  statoContatto: LeadContattoStato | null;
  dataPratica: Date | null;
  dataEsito: Date | null;
  servizi: ServizioFile[];
}

/** Whether a service's scheda has a POD (electricity) or a PDR (gas). */
const holdsCode = (tipo: ServizioTipo, campo: 'pod' | 'pdr') =>
  CAMPI_PER_TIPO[schedaTipoOf(tipo)].includes(campo);

/** The fields a service column fills: present without a service, they are an error. */
const CAMPI_SERVIZIO = [
  'fornitore',
  'statoServizio',
  'koMotivazione',
  'dataPratica',
  'dataEsito',
  'ridPresente',
  'numeroForniture',
  'totaleVendita',
  'codiceFiscale',
  'pod',
  'pdr',
] as const satisfies readonly ImportCampo[];

/**
 * One row through the product's own validators, without the database: the landing's step-2 schema
 * for the person, the status dialog's rules for each service, the scheda's for codes. The errors
 * go to `errors`; the row's data come back when there are none.
 */
export function parseLeadRow(
  row: MappedRow,
  errors: RowErrors,
  catalog: LeadCatalog,
  now: Date,
): LeadFile | undefined {
  const f = landingFormSchema.shape;
  const nome = errors.parse('nome', f.nome);
  const cognome = errors.parse('cognome', f.cognome);
  const telefono = errors.parse('telefono', f.telefono);
  const email = errors.parse('email', f.email);
  const punto = row.value('punto');
  if (!punto) errors.add('punto', e.puntoRequired);
  const date = (campo: ImportCampo) => {
    const value = row.value(campo);
    if (!value) return null;
    const parsed = parseImportDate(value);
    if (!parsed) errors.add(campo, e.dataNonValida);
    else if (parsed > now) errors.add(campo, e.dataFutura);
    return parsed;
  };
  const dataRegistrazione = date('dataRegistrazione');
  const contatto = row.value('statoContatto');
  const statoContatto = contatto ? (contattoOf(contatto) ?? null) : null;
  if (contatto && !statoContatto) errors.add('statoContatto', e.statoContattoSconosciuto);

  const tipi: ServizioTipo[] = [];
  for (const part of row
    .value('tipoServizio')
    .split(/\s*(?:[,;+/&]|\be\b)\s*/i)
    .filter(Boolean)) {
    const tipo = tipoOf(part);
    if (!tipo) errors.add('tipoServizio', e.servizioSconosciuto);
    else if (tipi.includes(tipo)) errors.add('tipoServizio', e.servizioRipetuto);
    else tipi.push(tipo);
  }
  if (tipi.length === 0) {
    for (const campo of CAMPI_SERVIZIO) if (row.value(campo)) errors.add(campo, e.senzaServizio);
  }
  const dataPratica = tipi.length ? date('dataPratica') : null;
  const dataEsito = tipi.length ? date('dataEsito') : null;

  const statoText = row.value('statoServizio');
  const stato = statoText ? statoOf(statoText) : 'inserito';
  if (!stato) errors.add('statoServizio', e.statoServizioSconosciuto);
  const koText = row.value('koMotivazione');
  const ko = koText ? koOf(koText) : undefined;
  if (koText && !ko && stato === 'ko') errors.add('koMotivazione', e.koSconosciuto);
  const fornitoreText = row.value('fornitore');
  const fornitore = fornitoreText ? (catalog.fornitore(fornitoreText) ?? null) : null;
  if (fornitoreText && !fornitore) errors.add('fornitore', e.fornitoreSconosciuto);
  const ridText = normalizeHeader(row.value('ridPresente'));
  if (ridText && !YES.has(ridText) && !NO.has(ridText)) errors.add('ridPresente', e.ridNonValido);
  const scheda: Record<string, string> = {};
  const codiceFiscale = tipi.length
    ? errors.parse('codiceFiscale', schedaBodySchema.shape.codiceFiscale)
    : undefined;
  if (codiceFiscale) scheda.codiceFiscale = codiceFiscale;
  // POD for electricity, PDR for gas: a code the row's services cannot hold is an error on its column.
  const codice = (campo: 'pod' | 'pdr', error: string) => {
    if (!row.value(campo) || !tipi.length) return undefined;
    if (!tipi.some((t) => holdsCode(t, campo))) return errors.add(campo, error);
    return errors.parse(campo, schedaBodySchema.shape[campo]);
  };
  const pod = codice('pod', e.podSoloLuce);
  const pdr = codice('pdr', e.pdrSoloGas);

  const servizi: ServizioFile[] = [];
  if (stato)
    for (const tipo of tipi) {
      if (fornitore && !fornitore.serviziSupportati.includes(tipo))
        errors.add(
          'fornitore',
          fillMessage(sm.supplierDoesNotOffer, { nome: fornitore.nome, servizio: servizioLabel(tipo) }),
        );
      // The status dialog's own checks (docs/product/lifecycle.md#dati-al-completamento).
      const body = servizioStatusBodySchema.safeParse({
        stato,
        koMotivazione: stato === 'ko' ? (ko ?? null) : null,
        fornitore: fornitore?.codice ?? null,
        numeroForniture: hasForniture(tipo) ? row.value('numeroForniture') || null : null,
        totaleVendita: hasPercentCommission(tipo) ? row.value('totaleVendita') || null : null,
      });
      if (!body.success) {
        for (const issue of body.error.issues) errors.add(campoOf(String(issue.path[0])), issue.message);
        continue;
      }
      for (const issue of servizioStatusIssues(tipo, body.data))
        // An unknown KO reason has its error already.
        if (!(koText && issue.path === 'koMotivazione')) errors.add(campoOf(issue.path), issue.message);
      const codici: Record<string, string> = { ...scheda };
      if (pod && holdsCode(tipo, 'pod')) codici.pod = pod;
      if (pdr && holdsCode(tipo, 'pdr')) codici.pdr = pdr;
      servizi.push({
        tipo,
        stato,
        koMotivazione: stato === 'ko' ? (ko ?? null) : null,
        fornitore,
        ridPresente: hasFixedCommission(tipo) && YES.has(ridText),
        numeroForniture: body.data.numeroForniture ?? 1,
        totaleVendita: body.data.totaleVendita ?? null,
        scheda: Object.keys(codici).length ? codici : null,
      });
    }
  if (!errors.isEmpty || !nome || !cognome || !telefono || !email) return undefined;
  return {
    nome,
    cognome,
    telefono,
    email,
    punto,
    dataRegistrazione,
    statoContatto,
    dataPratica,
    dataEsito,
    servizi,
  };
}

function campoOf(path: string): ImportCampo {
  if (path === 'stato') return 'statoServizio';
  return (['koMotivazione', 'fornitore', 'numeroForniture', 'totaleVendita'] as const).find((c) => c === path)
    ? (path as ImportCampo)
    : 'statoServizio';
}

interface PuntoInfo {
  id: number;
  utenteResponsabileId: number;
  agenteId: number | null;
  areaManagerId: number | null;
}

/** Carried from batch to batch: suppliers, configurations, points, and what the file already planned. */
export interface LeadsState {
  calcolaCommissioni: boolean;
  actorId: number;
  catalog?: LeadCatalog;
  configs?: Map<string, ConfigRow>;
  punti: Map<string, PuntoInfo | 'ambiguo' | null>;
  leads: Map<string, { nome: string; cognome: string; statoContatto: LeadContattoStato }>;
  pratiche: Set<string>;
  servizi: Set<string>;
}

export const newLeadsState = (calcolaCommissioni: boolean, actorId: number): LeadsState => ({
  calcolaCommissioni,
  actorId,
  punti: new Map(),
  leads: new Map(),
  pratiche: new Set(),
  servizi: new Set(),
});

interface NuovoServizio extends ServizioFile {
  /** Set when the service exists and the file changes it. */
  id?: number;
}

export interface LeadDati {
  leadKey: string;
  leadId?: number;
  nuovoLead?: typeof leads.$inferInsert;
  aggiornaLead?: { nome: string; cognome: string; statoContatto?: LeadContattoStato };
  praticaKey: string;
  praticaId?: number;
  nuovaPratica?: { puntoFisicoId: number; dataCreazione: Date };
  punto: PuntoInfo;
  cliente: string;
  servizi: NuovoServizio[];
  dataServizio: Date;
  dataEsito: Date;
}

async function loadCatalog(db: DbExecutor, state: LeadsState) {
  if (state.catalog) return;
  const list: FornitoreRow[] = await db.select().from(fornitori);
  state.catalog = catalogOf(list);
  const configs = state.calcolaCommissioni ? await db.select().from(commissioniFornitori) : [];
  state.configs = new Map(configs.map((c) => [`${c.fornitoreId}|${c.servizio}`, c]));
}

/** Points by landing code, else by name (lower case, single spaces); a name two points share is ambiguous. */
async function loadPunti(db: DbExecutor, values: string[], state: LeadsState) {
  const key = (v: string) => (LANDING_CODE_PATTERN.test(v.toUpperCase()) ? v.toUpperCase() : nameKey(v));
  const missing = [...new Set(values.map(key))].filter((k) => !state.punti.has(k));
  if (missing.length === 0) return key;
  const codes = missing.filter((k) => LANDING_CODE_PATTERN.test(k));
  const names = missing.filter((k) => !LANDING_CODE_PATTERN.test(k));
  const cols = {
    id: puntiFisici.id,
    landingCode: puntiFisici.landingCode,
    nome: sql<string>`lower(regexp_replace(${puntiFisici.nomeAttivita}, '\\s+', ' ', 'g'))`,
    utenteResponsabileId: puntiFisici.utenteResponsabileId,
    agenteId: puntiFisici.agenteId,
    areaManagerId: puntiFisici.areaManagerId,
  };
  const [byCode, byName] = await Promise.all([
    codes.length ? db.select(cols).from(puntiFisici).where(inArray(puntiFisici.landingCode, codes)) : [],
    names.length
      ? db
          .select(cols)
          .from(puntiFisici)
          .where(inArray(sql`lower(regexp_replace(${puntiFisici.nomeAttivita}, '\\s+', ' ', 'g'))`, names))
      : [],
  ]);
  for (const k of missing) state.punti.set(k, null);
  const info = (p: (typeof byCode)[number]): PuntoInfo => ({
    id: p.id,
    utenteResponsabileId: p.utenteResponsabileId,
    agenteId: p.agenteId,
    areaManagerId: p.areaManagerId,
  });
  for (const p of byCode) state.punti.set(p.landingCode, info(p));
  for (const p of byName) state.punti.set(p.nome, state.punti.get(p.nome) ? 'ambiguo' : info(p));
  return key;
}

const nameKey = (v: string) => v.toLowerCase().replace(/\s+/g, ' ').trim();
const leadKeyOf = (telefono: string, email: string) =>
  `${normalizeTelefono(telefono)}|${normalizeEmail(email)}`;

/**
 * The check of a batch: every row parsed, then matched against the database as it is (leads by
 * phone + e-mail, their practices and services) and against what earlier rows of the file plan.
 */
export async function checkLeads(
  db: DbExecutor,
  rows: MappedRow[],
  state: LeadsState,
  now: Date,
): Promise<CheckedRow<LeadDati>[]> {
  await loadCatalog(db, state);
  const parsed = rows.map((row) => {
    const errors = new RowErrors(row);
    return { row, errors, lead: parseLeadRow(row, errors, state.catalog!, now) };
  });
  const puntoKey = await loadPunti(
    db,
    parsed.flatMap((p) => (p.lead ? [p.lead.punto] : [])),
    state,
  );
  const pairs = [
    ...new Map(
      parsed.flatMap((p) =>
        p.lead
          ? [
              [
                leadKeyOf(p.lead.telefono, p.lead.email),
                [normalizeTelefono(p.lead.telefono), normalizeEmail(p.lead.email)],
              ] as const,
            ]
          : [],
      ),
    ).values(),
  ];
  const found = pairs.length
    ? await db
        .select({
          id: leads.id,
          nome: leads.nome,
          cognome: leads.cognome,
          statoContatto: leads.statoContatto,
          telefonoNormalizzato: leads.telefonoNormalizzato,
          emailNormalizzata: leads.emailNormalizzata,
        })
        .from(leads)
        .where(
          sql`(${leads.telefonoNormalizzato}, ${leads.emailNormalizzata}) in (${sql.join(
            pairs.map(([t, m]) => sql`(${t}, ${m})`),
            sql`, `,
          )})`,
        )
    : [];
  const leadByKey = new Map(found.map((l) => [`${l.telefonoNormalizzato}|${l.emailNormalizzata}`, l]));
  const leadIds = found.map((l) => l.id);
  const existingPratiche = leadIds.length
    ? await db
        .select({
          id: pratiche.id,
          leadId: pratiche.leadId,
          puntoFisicoId: pratiche.puntoFisicoId,
          dataCreazione: pratiche.dataCreazione,
        })
        .from(pratiche)
        .where(inArray(pratiche.leadId, leadIds))
        .orderBy(asc(pratiche.dataCreazione), asc(pratiche.id))
    : [];
  const praticaIds = existingPratiche.map((p) => p.id);
  const existingServizi = praticaIds.length
    ? await db
        .select({
          id: servizi.id,
          praticaId: servizi.praticaId,
          tipo: servizi.tipoServizio,
          stato: servizi.stato,
          fornitoreId: servizi.fornitoreId,
          koMotivazione: servizi.koMotivazione,
        })
        .from(servizi)
        .where(inArray(servizi.praticaId, praticaIds))
        .orderBy(asc(servizi.id))
    : [];

  return parsed.map(({ row, errors, lead }): CheckedRow<LeadDati> => {
    const error = (): CheckedRow<LeadDati> => ({ riga: row.riga, esito: 'errore', errori: errors.list });
    if (!lead) return error();
    const punto = state.punti.get(puntoKey(lead.punto));
    if (punto === 'ambiguo') errors.add('punto', e.puntoAmbiguo);
    if (!punto) errors.add('punto', e.puntoSconosciuto);
    if (!punto || punto === 'ambiguo') return error();

    const leadKey = leadKeyOf(lead.telefono, lead.email);
    const known = leadByKey.get(leadKey);
    const planned = state.leads.get(leadKey);
    const dati: LeadDati = {
      leadKey,
      leadId: known?.id,
      praticaKey: '',
      punto,
      cliente: `${lead.nome} ${lead.cognome}`,
      servizi: [],
      dataServizio: lead.dataPratica ?? lead.dataRegistrazione ?? now,
      dataEsito: lead.dataEsito ?? lead.dataPratica ?? lead.dataRegistrazione ?? now,
    };
    let isNew = false;
    let changes = false;
    const current = known ?? planned;
    if (!current) {
      isNew = true;
      const statoContatto = lead.statoContatto ?? 'nuovo';
      dati.nuovoLead = {
        nome: lead.nome,
        cognome: lead.cognome,
        email: lead.email,
        telefono: lead.telefono,
        emailNormalizzata: normalizeEmail(lead.email),
        telefonoNormalizzato: normalizeTelefono(lead.telefono),
        puntoFisicoOriginaleId: punto.id,
        statoContatto,
        dataRegistrazione: lead.dataRegistrazione ?? now,
        // Only a lead still to contact enters 'Da chiamare' (docs/product/importazione.md#lead-e-pratiche).
        chiamataDa: statoContatto === 'nuovo' ? now : null,
        chiamataFissata: false,
      };
    } else if (
      current.nome !== lead.nome ||
      current.cognome !== lead.cognome ||
      (lead.statoContatto != null && lead.statoContatto !== current.statoContatto)
    ) {
      changes = true;
      dati.aggiornaLead = {
        nome: lead.nome,
        cognome: lead.cognome,
        ...(lead.statoContatto ? { statoContatto: lead.statoContatto } : {}),
      };
    }

    if (lead.servizi.length) {
      const day = lead.dataPratica ?? lead.dataRegistrazione;
      const dayKey = day ? romeDateKey(day) : '';
      dati.praticaKey = `${leadKey}|${punto.id}|${dayKey}`;
      // Without a date, the lead's latest practice at that point is the one the file means.
      const pratica = known
        ? existingPratiche
            .filter(
              (p) =>
                p.leadId === known.id &&
                p.puntoFisicoId === punto.id &&
                (!dayKey || romeDateKey(p.dataCreazione) === dayKey),
            )
            .at(-1)
        : undefined;
      if (pratica) dati.praticaId = pratica.id;
      else if (!state.pratiche.has(dati.praticaKey))
        dati.nuovaPratica = { puntoFisicoId: punto.id, dataCreazione: dati.dataServizio };
      const own = pratica ? existingServizi.filter((s) => s.praticaId === pratica.id) : [];
      for (const s of lead.servizi) {
        const serviceKey = `${dati.praticaKey}|${s.tipo}`;
        const there = own.find((o) => o.tipo === s.tipo);
        if (there) {
          const same =
            there.stato === s.stato &&
            (s.fornitore == null || there.fornitoreId === s.fornitore.id) &&
            (s.stato !== 'ko' || there.koMotivazione === s.koMotivazione);
          if (same) continue;
          // A completed service carries money: moving it away is done on the practice, where its
          // commission is withdrawn or reversed (docs/product/commissions.md#storni).
          if (there.stato === 'completato') {
            errors.add('statoServizio', e.servizioCompletato(sm.statoLabels[s.stato]));
            continue;
          }
          dati.servizi.push({ ...s, id: there.id });
          changes = true;
        } else if (!state.servizi.has(serviceKey)) {
          dati.servizi.push(s);
          isNew = true;
        }
      }
      if (state.calcolaCommissioni)
        for (const s of dati.servizi) {
          if (s.stato !== 'completato' || !s.fornitore) continue;
          if (!s.fornitore.isActive)
            errors.add('fornitore', fillMessage(sm.supplierInactive, { nome: s.fornitore.nome }));
          else if (!state.configs!.has(`${s.fornitore.id}|${s.tipo}`))
            errors.add('fornitore', new CommissionConfigMissingError(s.fornitore, s.tipo).message);
        }
    }
    if (!errors.isEmpty) return error();
    if (!current)
      state.leads.set(leadKey, {
        nome: lead.nome,
        cognome: lead.cognome,
        statoContatto: lead.statoContatto ?? 'nuovo',
      });
    else if (planned && dati.aggiornaLead) state.leads.set(leadKey, { ...planned, ...dati.aggiornaLead });
    if (dati.praticaKey && !dati.praticaId) state.pratiche.add(dati.praticaKey);
    for (const s of dati.servizi) if (!s.id) state.servizi.add(`${dati.praticaKey}|${s.tipo}`);
    if (isNew) return { riga: row.riga, esito: 'nuovo', errori: [], dati };
    if (changes) return { riga: row.riga, esito: 'aggiorna', errori: [], dati };
    return { riga: row.riga, esito: 'duplicato', errori: [] };
  });
}

/** `n` ids of a serial column taken in one statement, so that the rows that follow can name them. */
async function nextIds(tx: DbExecutor, table: 'pratiche' | 'servizi', n: number): Promise<number[]> {
  if (n === 0) return [];
  const result = await tx.execute<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${n})`,
  );
  return (result as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
}

/**
 * Writes a checked batch, one statement per table whatever its size (the rows travel as one JSON
 * parameter: insertRows): new leads, the changed leads, new practices with their status, their
 * services (with the history row and the scheda's codes), the changed services, the status of the
 * practices that already had services, and, when asked, the commission of each service the file
 * completes — computed by the engine the status dialog uses (docs/product/commissions.md). Two rows
 * of the batch changing the same lead or service end as the later says, as if written one by one.
 */
export async function applyLeads(
  tx: DbExecutor,
  checked: CheckedRow<LeadDati>[],
  state: LeadsState,
  now: Date,
): Promise<void> {
  const rows = checked.flatMap((c) =>
    (c.esito === 'nuovo' || c.esito === 'aggiorna') && c.dati ? [c.dati] : [],
  );
  if (rows.length === 0) return;

  const leadIds = await writeLeads(tx, rows);
  const { praticaIds, aperte } = await writePratiche(tx, rows, leadIds);

  const nuoviServizi = rows.flatMap((d) =>
    d.servizi.filter((s) => !s.id).map((s) => ({ d, s, praticaId: praticaIds.get(d.praticaKey)! })),
  );
  const servizioIds = await nextIds(tx, 'servizi', nuoviServizi.length);
  const written: Written[] = nuoviServizi.map(({ d, s, praticaId }, i) => ({
    d,
    s,
    praticaId,
    id: servizioIds[i],
    da: null,
  }));
  if (written.length) {
    await tx.execute(
      insertRows(
        servizi,
        written.map(({ d, s, praticaId, id }) => ({
          id,
          praticaId,
          tipoServizio: s.tipo,
          stato: s.stato,
          koMotivazione: s.koMotivazione,
          fornitoreId: s.fornitore?.id ?? null,
          ridPresente: s.ridPresente,
          numeroForniture: s.numeroForniture,
          totaleVendita: s.totaleVendita,
          dataCreazione: d.dataServizio,
          dataUltimoAggiornamento: s.stato === 'inserito' ? d.dataServizio : d.dataEsito,
        })),
      ),
    );
    const schede = written.filter((w) => w.s.scheda);
    if (schede.length)
      await tx.execute(
        insertRows(
          schedeContratto,
          schede.map((w) => ({
            servizioId: w.id,
            praticaId: w.praticaId,
            dati: w.s.scheda!,
            completa: false,
            codiceFiscale: w.s.scheda!.codiceFiscale ?? null,
            pod: w.s.scheda!.pod ?? null,
            pdr: w.s.scheda!.pdr ?? null,
            aggiornataDa: state.actorId,
            aggiornataIl: now,
          })),
        ),
      );
  }
  written.push(...(await updateServizi(tx, rows, praticaIds)));
  if (written.length === 0) return;
  await tx.execute(
    insertRows(
      serviziStorico,
      written.map((w) => ({
        servizioId: w.id,
        userId: state.actorId,
        daStato: w.da,
        aStato: w.s.stato,
        motivazione: w.s.koMotivazione,
        createdAt: w.s.stato === 'inserito' ? w.d.dataServizio : w.d.dataEsito,
      })),
    ),
  );

  // The status of each practice that already had services, from all of them
  // (docs/product/lifecycle.md#stato-della-pratica); a practice opened here got its own at insert.
  const touched = [...new Set(written.map((w) => w.praticaId))].filter((id) => !aperte.has(id));
  if (touched.length) {
    const stati = await tx
      .select({ praticaId: servizi.praticaId, stato: servizi.stato })
      .from(servizi)
      .where(inArray(servizi.praticaId, touched));
    const byPratica = new Map<number, ServizioStato[]>();
    for (const r of stati) byPratica.set(r.praticaId, [...(byPratica.get(r.praticaId) ?? []), r.stato]);
    const byStato = new Map<PraticaStato, number[]>();
    for (const [id, list] of byPratica) {
      const stato = derivePraticaStato(list);
      byStato.set(stato, [...(byStato.get(stato) ?? []), id]);
    }
    for (const [stato, idList] of byStato)
      await tx.update(pratiche).set({ statoPratica: stato }).where(inArray(pratiche.id, idList));
  }

  if (state.calcolaCommissioni) await insertCommissions(tx, written, state);
}

interface Written {
  d: LeadDati;
  s: NuovoServizio;
  praticaId: number;
  id: number;
  da: ServizioStato | null;
}

/** The batch's new leads and changed ones; the id of every lead it names, by key. */
async function writeLeads(tx: DbExecutor, rows: LeadDati[]): Promise<Map<string, number>> {
  const leadIds = new Map<string, number>();
  for (const d of rows) if (d.leadId) leadIds.set(d.leadKey, d.leadId);
  const nuovi = [
    ...new Map(rows.flatMap((d) => (d.nuovoLead ? [[d.leadKey, d.nuovoLead] as const] : []))).values(),
  ];
  if (nuovi.length) {
    const inserted = await executeRows<{ id: number; t: string; e: string }>(
      tx,
      sql`${insertRows(leads, nuovi)} on conflict do nothing
        returning id, telefono_normalizzato as t, email_normalizzata as e`,
    );
    for (const l of inserted) leadIds.set(`${l.t}|${l.e}`, Number(l.id));
  }
  const unresolved = [...new Set(rows.map((d) => d.leadKey))].filter((k) => !leadIds.has(k));
  if (unresolved.length) {
    const found = await tx
      .select({ id: leads.id, t: leads.telefonoNormalizzato, e: leads.emailNormalizzata })
      .from(leads)
      .where(
        sql`(${leads.telefonoNormalizzato}, ${leads.emailNormalizzata}) in (${sql.join(
          unresolved.map((k) => {
            const [t, m] = k.split('|');
            return sql`(${t}, ${m})`;
          }),
          sql`, `,
        )})`,
      );
    for (const l of found) leadIds.set(`${l.t}|${l.e}`, l.id);
  }
  // A lead two rows change ends as the later says; a contact status not given stays as it is.
  const changed = new Map<number, { id: number; nome: string; cognome: string; stato: string | null }>();
  for (const d of rows)
    if (d.aggiornaLead) {
      const id = leadIds.get(d.leadKey)!;
      const { nome, cognome, statoContatto } = d.aggiornaLead;
      changed.set(id, { id, nome, cognome, stato: statoContatto ?? changed.get(id)?.stato ?? null });
    }
  if (changed.size)
    await tx.execute(sql`update ${leads} l set nome = x.nome, cognome = x.cognome,
      stato_contatto = coalesce(x.stato, l.stato_contatto)
      from ${jsonRows([...changed.values()], { id: 'integer', nome: 'text', cognome: 'text', stato: 'text' })}
      where l.id = x.id`);
  return leadIds;
}

/**
 * The practices the batch opens (with the status of their services, all new and all in this
 * batch), then those an earlier batch opened, found by lead and point.
 */
async function writePratiche(tx: DbExecutor, rows: LeadDati[], leadIds: Map<string, number>) {
  const praticaIds = new Map<string, number>();
  for (const d of rows) if (d.praticaId) praticaIds.set(d.praticaKey, d.praticaId);
  const aperte = [
    ...new Map(rows.flatMap((d) => (d.nuovaPratica ? [[d.praticaKey, d] as const] : []))).values(),
  ];
  const ids = await nextIds(tx, 'pratiche', aperte.length);
  aperte.forEach((d, i) => praticaIds.set(d.praticaKey, ids[i]));
  if (aperte.length) {
    const stati = new Map<string, ServizioStato[]>(aperte.map((d) => [d.praticaKey, []]));
    for (const d of rows)
      if (stati.has(d.praticaKey))
        stati.set(d.praticaKey, [...(stati.get(d.praticaKey) ?? []), ...d.servizi.map((s) => s.stato)]);
    await tx.execute(
      insertRows(
        pratiche,
        aperte.map((d, i) => ({
          id: ids[i],
          leadId: leadIds.get(d.leadKey)!,
          puntoFisicoId: d.nuovaPratica!.puntoFisicoId,
          statoPratica: derivePraticaStato(stati.get(d.praticaKey) ?? []),
          dataCreazione: d.nuovaPratica!.dataCreazione,
        })),
      ),
    );
    await markAltroPunto(tx, [...new Set(aperte.map((d) => leadIds.get(d.leadKey)!))]);
  }
  const missing = rows.filter((d) => d.servizi.length && !praticaIds.has(d.praticaKey));
  if (missing.length) {
    const pairs = new Map(missing.map((d) => [`${leadIds.get(d.leadKey)!}|${d.punto.id}`, d]));
    const found = await executeRows<{ id: number; lead: number; punto: number }>(
      tx,
      sql`select distinct on (lead_id, punto_fisico_id) id, lead_id as lead, punto_fisico_id as punto
        from ${pratiche} where (lead_id, punto_fisico_id) in (${sql.join(
          [...pairs.keys()].map((k) => {
            const [lead, punto] = k.split('|').map(Number);
            return sql`(${lead}::int, ${punto}::int)`;
          }),
          sql`, `,
        )}) order by lead_id, punto_fisico_id, id desc`,
    );
    const byPair = new Map(found.map((p) => [`${p.lead}|${p.punto}`, Number(p.id)]));
    for (const d of missing) {
      const id = byPair.get(`${leadIds.get(d.leadKey)!}|${d.punto.id}`);
      if (id) praticaIds.set(d.praticaKey, id);
    }
  }
  return { praticaIds, aperte: new Set(aperte.map((d) => praticaIds.get(d.praticaKey)!)) };
}

/**
 * The services the file changes, locked and read first (their status before is the history's
 * `da`), then written in one statement. Two rows changing one service: each a history row, from
 * the status the one before left; the service as the later says, the supplier and completion
 * data as the last row that gave them.
 */
async function updateServizi(
  tx: DbExecutor,
  rows: LeadDati[],
  praticaIds: Map<string, number>,
): Promise<Written[]> {
  const changes = rows.flatMap((d) => d.servizi.filter((s) => s.id).map((s) => ({ d, s, id: s.id! })));
  if (changes.length === 0) return [];
  const before = await tx
    .select({ id: servizi.id, stato: servizi.stato })
    .from(servizi)
    .where(inArray(servizi.id, [...new Set(changes.map((c) => c.id))]))
    .for('update');
  const stato = new Map<number, ServizioStato | null>(before.map((b) => [b.id, b.stato]));
  const finale = new Map<number, Record<string, unknown>>();
  const written: Written[] = [];
  for (const { d, s, id } of changes) {
    written.push({ d, s, praticaId: praticaIds.get(d.praticaKey)!, id, da: stato.get(id) ?? null });
    stato.set(id, s.stato);
    const prev = finale.get(id);
    const completo = s.stato === 'completato';
    finale.set(id, {
      id,
      stato: s.stato,
      ko: s.koMotivazione,
      fornitore: s.fornitore?.id ?? prev?.fornitore ?? null,
      completo: completo || (prev?.completo ?? false),
      rid: completo ? s.ridPresente : (prev?.rid ?? null),
      forniture: completo ? s.numeroForniture : (prev?.forniture ?? null),
      vendita: completo ? s.totaleVendita : (prev?.vendita ?? null),
      data: d.dataEsito,
    });
  }
  const values = jsonRows([...finale.values()], {
    id: 'integer',
    stato: 'text',
    ko: 'text',
    fornitore: 'integer',
    completo: 'boolean',
    rid: 'boolean',
    forniture: 'integer',
    vendita: 'numeric',
    data: 'timestamptz',
  });
  await tx.execute(sql`update ${servizi} s set stato = x.stato, ko_motivazione = x.ko,
    fornitore_id = coalesce(x.fornitore, s.fornitore_id),
    rid_presente = case when x.completo then x.rid else s.rid_presente end,
    numero_forniture = case when x.completo then x.forniture else s.numero_forniture end,
    totale_vendita = case when x.completo then x.vendita else s.totale_vendita end,
    data_ultimo_aggiornamento = x.data
    from ${values} where s.id = x.id`);
  return written;
}

/**
 * The commissions of the services the batch completes. The practice's first completed unit is the
 * base unit: one already completed before this batch counts, then the file's order.
 */
async function insertCommissions(
  tx: DbExecutor,
  written: { d: LeadDati; s: NuovoServizio; praticaId: number; id: number }[],
  state: LeadsState,
) {
  const done = written.filter((w) => w.s.stato === 'completato' && w.s.fornitore);
  if (done.length === 0) return;
  const praticaIds = [...new Set(done.map((w) => w.praticaId))];
  const earlier = await tx
    .select({ praticaId: servizi.praticaId })
    .from(servizi)
    .where(
      and(
        inArray(servizi.praticaId, praticaIds),
        eq(servizi.stato, 'completato'),
        inArray(servizi.tipoServizio, SERVIZI_A_UNITA),
        sql`${servizi.id} <> all(${intArray(done.map((w) => w.id))})`,
      ),
    );
  const withUnit = new Set(earlier.map((r) => r.praticaId));
  const values = done.map(({ d, s, praticaId, id }) => {
    const fornitore = s.fornitore!;
    const isRental = hasPercentCommission(s.tipo);
    const config = state.configs!.get(`${fornitore.id}|${s.tipo}`);
    // The check refused rows without a configuration; one removed meanwhile stops the batch whole.
    const result = computeCommission({
      tipoServizio: s.tipo,
      fornitore,
      config: config ? configFromRow(config) : null,
      ridPresente: s.ridPresente,
      numeroForniture: s.numeroForniture,
      hasEarlierUnit: withUnit.has(praticaId) && !isRental,
      roles: {
        puntoFisico: true,
        agente: d.punto.agenteId != null,
        areaManager: d.punto.areaManagerId != null,
      },
      bonus: { puntoFisico: 0, agente: 0, areaManager: 0 },
      totaleVendita: isRental ? toCents(s.totaleVendita) : null,
    });
    if (SERVIZI_A_UNITA.includes(s.tipo)) withUnit.add(praticaId);
    return {
      praticaId,
      servizioId: id,
      tipoServizio: s.tipo,
      fornitoreId: fornitore.id,
      customerName: d.cliente,
      puntoFisicoId: d.punto.id,
      payeePuntoFisicoId: d.punto.utenteResponsabileId,
      payeeAgenteId: d.punto.agenteId,
      payeeAreaManagerId: d.punto.areaManagerId,
      unitaBase: result.unitaBase,
      unitaAggiuntive: result.unitaAggiuntive,
      importoPuntoFisico: fromCents(result.importoPuntoFisico),
      importoAgente: fromCents(result.importoAgente),
      importoAreaManager: fromCents(result.importoAreaManager),
      importoAmministrazione: fromCents(result.importoAmministrazione),
      hasBonus: result.hasBonus,
      bonusApplicati: {
        puntoFisico: fromCents(result.bonusApplicati.puntoFisico),
        agente: fromCents(result.bonusApplicati.agente),
        areaManager: fromCents(result.bonusApplicati.areaManager),
      },
      dataCompletamento: d.dataEsito,
    };
  });
  await tx.execute(insertRows(commissioni, values));
}
