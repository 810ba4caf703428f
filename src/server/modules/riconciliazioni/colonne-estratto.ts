import { msg } from '#shared/messages.ts';
import {
  ESTRATTO_CHIAVI,
  type EstrattoChiave,
  type EstrattoMappatura,
} from '#shared/schemas/riconciliazione.ts';
import { AppError } from '#server/lib/app-error.ts';
import { normalizeHeader } from '#server/modules/importazioni/colonne.ts';
import { parseImportoEstratto } from '#server/modules/riconciliazioni/importo.ts';

/**
 * The columns of a supplier's statement (docs/product/fornitori-riconciliazione.md#file): the
 * names suppliers give them, the mapping proposed for a new file, and the check of a mapping
 * against the file's header row.
 */
const m = msg.riconciliazione;

const SINONIMI: Record<EstrattoChiave | 'importo', string[]> = {
  importo: [
    'importo',
    'importo pagato',
    'importo liquidato',
    'provvigione',
    'provvigioni',
    'compenso',
    'commissione',
    'corrispettivo',
    'netto',
    'totale',
  ],
  podPdr: ['pod', 'pdr', 'pod pdr', 'codice pod', 'codice pdr', 'punto di prelievo', 'punto di riconsegna'],
  codiceFiscale: ['codice fiscale', 'cf', 'cod fiscale', 'partita iva', 'piva', 'codice fiscale cliente'],
  praticaId: ['pratica', 'numero pratica', 'id pratica', 'n pratica', 'rif pratica'],
  servizioId: ['servizio', 'id servizio', 'numero servizio', 'n servizio', 'codice servizio', 'contratto'],
};

function score(header: string, campo: EstrattoChiave | 'importo'): number {
  const words = new Set(header.split(' '));
  let best = 0;
  for (const synonym of SINONIMI[campo]) {
    if (synonym === header) return 3;
    const parts = synonym.split(' ');
    if (parts.every((p) => words.has(p))) best = Math.max(best, 2 + parts.length / 10);
  }
  return best;
}

function bestColumn(intestazioni: string[], campo: EstrattoChiave | 'importo', used: Set<number>) {
  let best = { col: -1, s: 0 };
  intestazioni.forEach((h, col) => {
    const s = h && !used.has(col) ? score(normalizeHeader(h), campo) : 0;
    if (s > best.s) best = { col, s };
  });
  return best.col;
}

/** The mapping proposed for a file with no saved one: an amount column and the identifiers named. */
export function suggestMappatura(intestazioni: string[]): EstrattoMappatura {
  const used = new Set<number>();
  const identificativi: EstrattoMappatura['identificativi'] = [];
  for (const chiave of ['podPdr', 'codiceFiscale', 'servizioId', 'praticaId'] as const) {
    const col = bestColumn(intestazioni, chiave, used);
    if (col >= 0) {
      used.add(col);
      identificativi.push({ colonna: intestazioni[col], chiave });
    }
  }
  const importo = bestColumn(intestazioni, 'importo', used);
  return { identificativi, importo: importo >= 0 ? intestazioni[importo] : '' };
}

/** A header row names two columns or more, an amount or an identifier among them, and no cell reads as an amount. */
export function looksLikeEstrattoHeader(cells: string[]): boolean {
  // A title above the table ('Estratto provvigioni marzo') is one cell: a header names columns.
  if (cells.filter(Boolean).length < 2) return false;
  if (cells.some((c) => c !== '' && parseImportoEstratto(c) != null)) return false;
  const normalized = cells.map(normalizeHeader);
  return (['importo', ...ESTRATTO_CHIAVI] as const).some((campo) =>
    normalized.some((h) => h && score(h, campo) > 0),
  );
}

/** The column of each mapped header, or an Italian error naming the one the file lacks. */
export function columnsOf(intestazioni: string[], mappatura: EstrattoMappatura) {
  const normalized = intestazioni.map(normalizeHeader);
  const used = new Set<number>();
  const find = (colonna: string) => {
    const col = normalized.indexOf(normalizeHeader(colonna));
    if (col < 0) throw AppError.badRequest(m.colonnaMancante(colonna));
    if (used.has(col)) throw AppError.badRequest(m.colonnaDoppia(intestazioni[col]));
    used.add(col);
    return col;
  };
  if (!mappatura.importo) throw AppError.badRequest(m.importoNonAbbinato);
  const importo = find(mappatura.importo);
  const identificativi = mappatura.identificativi.map((i) => ({ col: find(i.colonna), chiave: i.chiave }));
  if (new Set(identificativi.map((i) => i.chiave)).size !== identificativi.length)
    throw AppError.badRequest(m.identificativoNonAbbinato);
  return { importo, identificativi };
}

/** Whether the saved mapping fits this file: every column it names is in the header row. */
export function fits(intestazioni: string[], mappatura: EstrattoMappatura): boolean {
  try {
    columnsOf(intestazioni, mappatura);
    return true;
  } catch {
    return false;
  }
}
