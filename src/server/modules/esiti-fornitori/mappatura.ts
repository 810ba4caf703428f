import {
  ESITO_IDENTIFICATIVI,
  normalizeEsitoValore,
  parseEsitoData,
  type EsitoAzione,
  type EsitoIdentificativo,
} from '#shared/esiti-fornitori.ts';
import { msg } from '#shared/messages.ts';
import type { EsitiMappaturaInput } from '#shared/schemas/esiti-fornitori.ts';
import { isCodiceFiscale, isPdr, isPod } from '#shared/validators/codici.ts';
import { AppError } from '#server/lib/app-error.ts';
import { normalizeHeader } from '#server/modules/importazioni/colonne.ts';

/**
 * The columns of a supplier's outcome file (docs/product/fornitori-esiti.md#colonne): proposed
 * from the header names the first time, then the supplier's saved mapping; columns are named by
 * their header, so the next file may order them differently.
 */

const m = msg.esitiFornitori;
type Campo = EsitoIdentificativo | 'esito' | 'data';

const SINONIMI: Record<Campo, string[]> = {
  servizio: ['id servizio', 'numero servizio', 'n servizio', 'codice servizio', 'servizio'],
  pratica: ['id pratica', 'numero pratica', 'n pratica', 'pratica', 'rif pratica', 'riferimento'],
  podPdr: ['pod pdr', 'pod', 'pdr', 'punto di prelievo', 'punto di riconsegna'],
  codiceFiscale: ['codice fiscale', 'cf', 'cod fiscale', 'codice fiscale cliente'],
  esito: ['esito', 'stato', 'stato pratica', 'esito pratica', 'stato contratto'],
  data: ['data esito', 'data', 'data attivazione', 'data stato'],
};

/** The header naming a field best: equal to a synonym first, then the first synonym it starts with. */
function find(normalized: string[], campo: Campo, used: Set<number>): number | null {
  for (const pass of [(h: string, s: string) => h === s, (h: string, s: string) => h.startsWith(`${s} `)])
    for (const s of SINONIMI[campo]) {
      const col = normalized.findIndex((h, i) => !used.has(i) && pass(h, s));
      if (col >= 0) return col;
    }
  return null;
}

/** A first outcome value's meaning from its words: 'ATTIVATO' completed, 'KO DATI ERRATI' KO for wrong data, 'CESSATO' ceased. */
function guessAzione(valore: string): EsitoAzione | null {
  const v = valore.toLowerCase();
  if (/^ko\b|scartat|respint|annullat/.test(v)) {
    if (/dati|errat/.test(v)) return 'ko_dati_errati';
    if (/irraggiungibil|non raggiungibil|non risponde/.test(v)) return 'ko_cliente_non_raggiungibile';
    if (/document/.test(v)) return 'ko_documentazione_incompleta';
    if (/ripens|non interessat|rinunc/.test(v)) return 'ko_cliente_non_interessato';
    return 'ko_altro';
  }
  // After activation: the customer withdrew, the supply ended, the customer does not pay.
  if (/^(ripensament|recesso)/.test(v)) return 'ripensamento';
  if (/^(cessat|cessazion|switch ?out|disattivat)/.test(v)) return 'cessato';
  if (/^(moros|insolut)/.test(v)) return 'moroso';
  if (/^(attivat|attivo|completat|chiuso positiv|ok\b)/.test(v)) return 'completato';
  if (/lavorazion|in corso|attesa|inviat/.test(v)) return 'in_lavorazione';
  return null;
}

export function suggestEsitiMapping(intestazioni: string[], valoriColonne: string[][]): EsitiMappaturaInput {
  const normalized = intestazioni.map(normalizeHeader);
  const used = new Set<number>();
  const pick = (campo: Campo) => {
    const col = find(normalized, campo, used);
    if (col != null) used.add(col);
    return col;
  };
  // Identifiers first: 'Stato' must not take a column named 'Stato servizio' before 'servizio' does.
  const identificativi = Object.fromEntries(
    ESITO_IDENTIFICATIVI.map((k) => {
      const col = pick(k);
      return [k, col == null ? null : intestazioni[col]];
    }),
  );
  const esito = pick('esito');
  const data = pick('data');
  return {
    identificativi,
    esito: esito == null ? '' : intestazioni[esito],
    data: data == null ? null : intestazioni[data],
    valori: proponiValori(esito == null ? [] : (valoriColonne[esito] ?? [])),
  };
}

/** The meaning proposed for each value of the outcome column whose words say it; the others are left to the office. */
export function proponiValori(valori: string[]): Record<string, EsitoAzione> {
  const proposti: Record<string, EsitoAzione> = {};
  for (const v of valori) {
    const azione = guessAzione(v);
    if (azione) proposti[v] = azione;
  }
  return proposti;
}

/** A mapping as column indexes of this file, with the header names for the row messages. */
export interface ColonneEsiti {
  identificativi: Partial<Record<EsitoIdentificativo, number>>;
  esito: number;
  data: number | null;
  valori: Map<string, EsitoAzione>;
  intestazioni: string[];
}

/** Resolves a mapping on a file's headers; a mapped column the file lacks is refused by name. */
export function resolveMapping(intestazioni: string[], mappatura: EsitiMappaturaInput): ColonneEsiti {
  const normalized = intestazioni.map(normalizeHeader);
  const used = new Map<number, string>();
  const column = (name: string) => {
    const col = normalized.indexOf(normalizeHeader(name));
    if (col < 0) throw AppError.badRequest(m.colonnaMancante(name));
    if (used.has(col)) throw AppError.badRequest(m.colonnaDoppia(intestazioni[col]));
    used.set(col, name);
    return col;
  };
  const identificativi: ColonneEsiti['identificativi'] = {};
  for (const k of ESITO_IDENTIFICATIVI) {
    const name = mappatura.identificativi[k];
    if (name) identificativi[k] = column(name);
  }
  if (Object.keys(identificativi).length === 0) throw AppError.badRequest(m.nessunIdentificativo);
  if (!mappatura.esito.trim()) throw AppError.badRequest(m.esitoNonAbbinato);
  const esito = column(mappatura.esito);
  const data = mappatura.data ? column(mappatura.data) : null;
  const valori = new Map(Object.entries(mappatura.valori).map(([v, a]) => [normalizeEsitoValore(v), a]));
  return { identificativi, esito, data, valori, intestazioni };
}

/** A header row names an outcome column and an identifier column. */
export function looksLikeEsitiHeader(cells: string[]): boolean {
  const guess = suggestEsitiMapping(cells, []);
  return guess.esito !== '' && Object.values(guess.identificativi).some(Boolean);
}

/**
 * Whether a row can be a header: none of its cells reads as data (a number, a date, a POD, PDR or
 * codice fiscale). A file that starts with its data has no header and is refused.
 */
export function isHeaderRow(cells: string[]): boolean {
  return cells.every((c) => {
    const v = c.trim();
    return (
      !v ||
      !(/^[#]?\d+([.,]\d+)?$/.test(v) || parseEsitoData(v) || isPod(v) || isPdr(v) || isCodiceFiscale(v))
    );
  });
}
