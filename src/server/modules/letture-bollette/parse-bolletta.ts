/**
 * What a bill's text says about its supply, as proposals a person confirms: each with the page it
 * came from and a confidence between 0 and 1. Pure: the text comes from the PDF's own layer or
 * from OCR (read-bolletta.ts). The labels are those of Italian bills' first pages (Enel, A2A,
 * Edison, Hera, Iren, Eni Plenitude, Sorgenia…): see docs/product/lettura-bolletta.md
 */
import type { CampoProposta } from '#shared/schemas/proposte-scheda.ts';
import { isCodiceFiscale, isPdr, isPod, normalizeCode } from '#shared/validators/codici.ts';

export interface PaginaLetta {
  /** 1-based. */
  numero: number;
  testo: string;
  /** Mean word confidence of the OCR (0–100); null for a PDF's own text layer. */
  ocrConfidenza: number | null;
}

/** Which service a value belongs to: luce (POD, kWh), gas (PDR, Smc), or both. */
export type Ambito = 'luce' | 'gas' | 'comune';

export interface PropostaLetta {
  campo: CampoProposta;
  valore: string;
  pagina: number;
  confidenza: number;
  ambito: Ambito;
}

/** At most this many different values per field: the best ones, for the operator to choose from. */
const MAX_PER_CAMPO = 3;
/** The lines of a first page that make its header. */
const HEADER_LINES = 6;

// Labels, as printed. Lines are matched case-insensitively after the spaces are collapsed.
const POD_LABEL = /\b(?:codice\s+)?POD\b|punto\s+di\s+prelievo/i;
const PDR_LABEL = /\b(?:codice\s+)?PDR\b|punto\s+di\s+riconsegna/i;
const CF_LABEL = /codice\s+fiscale|\bC\.?\s?F\.?(?=[\s:])/i;
const INTESTATARIO_LABEL =
  /(?:intestatario(?:\s+del(?:la)?\s+(?:contratto|fornitura|bolletta))?|titolare(?:\s+del(?:la)?\s+(?:contratto|fornitura))?|intestato\s+a|nome\s+e\s+cognome|dati\s+del\s+cliente|cliente(?=\s*:))\s*[:.]?\s*/i;
const INDIRIZZO_LABEL =
  /(?:indirizzo\s+(?:di\s+|della\s+)?fornitura|luogo\s+di\s+fornitura|indirizzo\s+(?:del\s+)?punto\s+di\s+(?:prelievo|riconsegna)|fornitura\s+(?:sita\s+)?in|ubicazione\s+(?:della\s+)?fornitura)\s*[:.]?\s*/i;
const POTENZA =
  /potenza\s+(?:contrattualmente\s+)?impegnata\s*[:.]?\s*(?:kW\s*)?(\d{1,3}(?:[.,]\d{1,2})?)\s*(?:kW\b)?/i;
const CONSUMO =
  /consumo\s+(?:annu[oa]|annuale|totale\s+annuo|degli\s+ultimi\s+12\s+mesi|ultimi\s+12\s+mesi)(?:\s+\w+){0,2}?\s*[:.]?\s*(\d{1,3}(?:[.\s]\d{3})+|\d{1,7})(?:[,]\d+)?\s*(kWh|Smc|Sm3|Sm³|mc|m3|m³)\b/i;
const OFFERTA = /(?:codice|cod\.)\s+(?:dell['’]\s?)?offerta\s*[:.]?\s*([A-Z0-9][A-Z0-9_\-/.]{2,29})/i;

// Codes, loose enough for OCR's spaces: normalised and checked afterwards.
const POD_CODE = /\bI\s?T\s?\d\s?\d\s?\d\s?E\s?(?:[0-9A-Z]\s?){7,8}[0-9A-Z]\b/g;
const PDR_CODE = /\b\d(?:\s?\d){13}\b/g;
const CF_CODE =
  /\b[A-Z]{6}\s?[0-9LMNPQRSTUV]{2}\s?[A-Z]\s?[0-9LMNPQRSTUV]{2}\s?[A-Z]\s?[0-9LMNPQRSTUV]{3}\s?[A-Z]\b/g;

/** Italian suppliers a bill's header names beyond the ones in the database, by brand. */
export const FORNITORI_NOTI = [
  'Enel Energia',
  'Servizio Elettrico Nazionale',
  'A2A Energia',
  'Edison Energia',
  'Hera Comm',
  'Iren Mercato',
  'Eni Plenitude',
  'Plenitude',
  'Sorgenia',
  'Acea Energia',
  'Engie',
  'E.ON Energia',
  'Illumia',
  'Iberdrola',
  'Pulsee',
  'Wekiwi',
  'Octopus Energy',
  'NeN',
] as const;

/**
 * Proposals from a bill's pages. `fornitori` are the suppliers' names in the database (they win
 * over the built-in list when both match the same text).
 */
export function proposeFromPages(
  pagine: readonly PaginaLetta[],
  fornitori: readonly string[],
): PropostaLetta[] {
  const found: PropostaLetta[] = [];
  for (const pagina of pagine) {
    const righe = pagina.testo
      .split(/\r?\n/)
      .map((r) => r.replace(/[ \t\u00a0]+/g, ' ').trim())
      .filter(Boolean);
    // OCR's own doubt lowers ours: a page read at 60% is worth less than a text layer.
    const fattore = pagina.ocrConfidenza == null ? 1 : 0.5 + 0.5 * clamp(pagina.ocrConfidenza / 100, 0, 1);
    const add = (campo: CampoProposta, valore: string, confidenza: number, ambito: Ambito) =>
      found.push({ campo, valore, pagina: pagina.numero, confidenza: round(confidenza * fattore), ambito });

    righe.forEach((riga, i) => {
      const vicino = `${righe[i - 1] ?? ''} ${riga}`;
      for (const code of matches(riga, POD_CODE)) {
        if (isPod(code)) add('pod', normalizeCode(code), POD_LABEL.test(vicino) ? 0.97 : 0.85, 'luce');
      }
      if (PDR_LABEL.test(vicino)) {
        for (const code of matches(riga, PDR_CODE))
          if (isPdr(code)) add('pdr', normalizeCode(code), 0.93, 'gas');
      }
      for (const code of matches(riga.toUpperCase(), CF_CODE)) {
        const labelled = CF_LABEL.test(vicino);
        // A wrong check character is most often a misread letter: still shown, as Bassa.
        const confidenza = isCodiceFiscale(code) ? (labelled ? 0.96 : 0.86) : 0.35;
        add('codiceFiscale', normalizeCode(code), confidenza, 'comune');
      }
      const intestatario = labelledValue(righe, i, INTESTATARIO_LABEL);
      if (intestatario) {
        const nome = cleanName(intestatario.valore);
        if (nome) add('intestatario', nome, intestatario.stessaRiga ? 0.8 : 0.65, 'comune');
      }
      const indirizzo = labelledValue(righe, i, INDIRIZZO_LABEL);
      if (indirizzo) {
        const valore = addressWithCap(indirizzo.valore, righe[indirizzo.riga + 1]);
        if (valore) add('indirizzoFornitura', valore, /\b\d{5}\b/.test(valore) ? 0.85 : 0.6, 'comune');
      }
      const potenza = execWithNext(righe, i, POTENZA);
      if (potenza) {
        const kw = Number(potenza[1].replace(',', '.'));
        if (kw > 0 && kw <= 500) add('potenzaKw', String(kw), 0.88, 'luce');
      }
      const consumo = execWithNext(righe, i, CONSUMO);
      if (consumo) {
        const valore = Number(consumo[1].replace(/[.\s]/g, ''));
        const isLuce = /kWh/i.test(consumo[2]);
        if (valore > 0) add('consumoAnnuo', String(valore), 0.85, isLuce ? 'luce' : 'gas');
      }
      const offerta = OFFERTA.exec(riga);
      if (offerta && /\d/.test(offerta[1])) add('codiceOfferta', offerta[1].toUpperCase(), 0.82, 'comune');
    });

    // The issuer is named on the first page; later pages name brands in passing.
    const fornitore = pagina === pagine[0] ? findFornitore(righe, fornitori) : null;
    if (fornitore) add('fornitoreUscente', fornitore.nome, fornitore.inTestata ? 0.9 : 0.7, 'comune');
  }
  return best(found);
}

/**
 * Where a value ends when a bill's two columns come out on one text line ("Intestatario: MARIO
 * ROSSI   Codice POD: IT001E…"): at the next label.
 */
const NEXT_LABEL =
  /\s+(?:codice|cod\.|POD|PDR|potenza|consumo|indirizzo|intestatario|titolare|C\.F\.|partita|P\.\s?IVA|numero|data|periodo|totale|scadenza|offerta|tipologia|uso)(?=[\s:.(]|$)/i;

/** The text after a label on its line, or the next line when the label stands alone. */
function labelledValue(righe: readonly string[], i: number, label: RegExp) {
  const match = label.exec(righe[i]);
  if (!match || match.index > 0) return null;
  const resto = righe[i].slice(match[0].length).split(NEXT_LABEL)[0].trim();
  if (resto) return { valore: resto, riga: i, stessaRiga: true };
  const next = righe[i + 1]?.split(NEXT_LABEL)[0].trim();
  return next ? { valore: next, riga: i + 1, stessaRiga: false } : null;
}

/** A holder's name: letters, spaces, apostrophes, dots; never a line of figures or a label. */
function cleanName(value: string): string | null {
  const name = value.trim();
  if (!/^[\p{L}][\p{L}' .-]{2,79}$/u.test(name) || /\d/.test(name)) return null;
  if (name.split(' ').filter(Boolean).length < 2) return null;
  return name.replace(/\s+/g, ' ');
}

/** The address line, with the next line when it carries the CAP (bills often split them). */
function addressWithCap(value: string, next: string | undefined): string | null {
  const linea = value.trim();
  if (!/\d/.test(linea) || linea.length < 6 || linea.length > 120) return null;
  const seguito = next?.split(NEXT_LABEL)[0].trim();
  if (!/\b\d{5}\b/.test(linea) && seguito && /^\d{5}\b/.test(seguito))
    return `${linea}, ${seguito}`.slice(0, 160);
  return linea;
}

/**
 * The supplier that issued the bill: the first page's header (its first lines) is where a bill
 * prints its issuer. A supplier of the database wins, named as the database names it (the
 * scheda picks from those); else the longest known brand ("Eni Plenitude" over "Plenitude").
 * Names are compared without case and spacing ("A2A ENERGIA" = "A2A Energia"); lines about the
 * offer are skipped (its code often carries the brand).
 */
function findFornitore(righe: readonly string[], fornitori: readonly string[]) {
  const byLength = (list: readonly string[]) =>
    list.filter((n) => n.trim().length >= 3).sort((a, b) => b.length - a.length);
  const lists = [byLength(fornitori), byLength(FORNITORI_NOTI)];
  const names = (riga: string) =>
    /offerta/i.test(riga)
      ? []
      : lists.map((list) =>
          list.find((nome) =>
            new RegExp(`(?:^|[^a-z0-9])${escape(squash(nome))}(?:$|[^a-z0-9])`).test(squash(riga)),
          ),
        );
  const pick = (slice: readonly string[]) => {
    const hits = slice.map(names);
    for (const k of [0, 1]) {
      const found = hits
        .map((h) => h[k])
        .filter((n): n is string => n != null)
        .sort((a, b) => b.length - a.length)[0];
      if (found) return found;
    }
    return undefined;
  };
  const testata = pick(righe.slice(0, HEADER_LINES));
  if (testata) return { nome: testata, inTestata: true };
  const altrove = pick(righe.slice(HEADER_LINES));
  return altrove ? { nome: altrove, inTestata: false } : null;
}

/** Per field, the distinct values with their best confidence, best first, a few at most. */
function best(found: readonly PropostaLetta[]): PropostaLetta[] {
  const byKey = new Map<string, PropostaLetta>();
  for (const p of found) {
    const key = `${p.campo}|${p.ambito}|${p.valore}`;
    const seen = byKey.get(key);
    if (!seen || p.confidenza > seen.confidenza) byKey.set(key, p);
  }
  const sorted = [...byKey.values()].sort((a, b) => b.confidenza - a.confidenza || a.pagina - b.pagina);
  const perCampo = new Map<string, number>();
  return sorted.filter((p) => {
    const n = perCampo.get(p.campo) ?? 0;
    perCampo.set(p.campo, n + 1);
    return n < MAX_PER_CAMPO;
  });
}

/** A label and its value on one line, or split over two (a table's label cell above its value). */
function execWithNext(righe: readonly string[], i: number, pattern: RegExp): RegExpExecArray | null {
  const own = pattern.exec(righe[i]);
  if (own || i + 1 >= righe.length) return own;
  // Only when the value is not on its own line already (else the next line matches by itself).
  return pattern.test(righe[i + 1]) ? null : pattern.exec(`${righe[i]} ${righe[i + 1]}`);
}

function matches(text: string, pattern: RegExp): string[] {
  return [...text.matchAll(pattern)].map((m) => m[0]);
}
const squash = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));
const round = (n: number) => Math.round(n * 100) / 100;
