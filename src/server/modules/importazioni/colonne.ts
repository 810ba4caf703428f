import type { ImportTipo } from '#shared/domain.ts';
import { IMPORT_CAMPI, type ImportCampo } from '#shared/schemas/importazione.ts';

/**
 * Header names → fields, with the Italian names agencies give their columns
 * (docs/product/importazione.md#colonne). A header is compared after normalising (lower case, no
 * accents, no punctuation, "e-mail" = "email"): equal to a synonym, or holding all its words.
 */
const SINONIMI: Record<ImportCampo, string[]> = {
  nome: ['nome', 'first name', 'name', 'nome utente'],
  cognome: ['cognome', 'last name', 'surname'],
  email: ['email', 'mail', 'indirizzo email', 'posta elettronica'],
  telefono: ['telefono', 'tel', 'cellulare', 'cell', 'mobile', 'numero di telefono', 'recapito'],
  ruolo: ['ruolo', 'role', 'profilo', 'qualifica'],
  nomeAttivita: [
    'nome attivita',
    'ragione sociale',
    'negozio',
    'punto vendita',
    'punto fisico',
    'insegna',
    'attivita',
    'denominazione',
  ],
  indirizzo: ['indirizzo', 'via', 'sede', 'address', 'indirizzo negozio'],
  codiceLanding: ['codice landing', 'landing', 'codice qr', 'codice punto'],
  emailResponsabile: ['email responsabile', 'email titolare', 'email referente', 'email negozio'],
  nomeResponsabile: ['responsabile', 'titolare', 'referente', 'nome titolare', 'nome responsabile'],
  telefonoResponsabile: [
    'telefono responsabile',
    'telefono titolare',
    'tel titolare',
    'cellulare titolare',
    'telefono negozio',
  ],
  emailAgente: ['email agente'],
  nomeAgente: ['agente', 'nome agente'],
  emailAreaManager: ['email area manager', 'email capo area', 'email am'],
  nomeAreaManager: ['area manager', 'nome area manager', 'capo area'],
  punto: ['punto fisico', 'punto', 'negozio', 'punto vendita', 'codice landing', 'landing', 'insegna'],
  dataRegistrazione: [
    'data',
    'data lead',
    'data registrazione',
    'data inserimento',
    'data contatto',
    'creato il',
  ],
  statoContatto: ['stato contatto', 'contatto', 'esito contatto', 'stato lead'],
  tipoServizio: ['servizio', 'servizi', 'tipo servizio', 'prodotto', 'tipo'],
  fornitore: ['fornitore', 'gestore', 'compagnia', 'operatore'],
  statoServizio: ['stato', 'stato servizio', 'stato pratica', 'esito'],
  koMotivazione: ['motivazione ko', 'motivo ko', 'motivo', 'motivazione', 'causale ko'],
  dataPratica: ['data pratica', 'data contratto', 'data firma'],
  dataEsito: ['data esito', 'data completamento', 'data attivazione', 'data ko'],
  ridPresente: ['rid', 'domiciliazione', 'sepa'],
  numeroForniture: ['numero forniture', 'forniture', 'n forniture'],
  totaleVendita: ['totale vendita', 'importo vendita', 'totale'],
  codiceFiscale: ['codice fiscale', 'cf', 'cod fiscale'],
  pod: ['pod'],
  pdr: ['pdr'],
};

export function normalizeHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\be[\s._-]*mail\b/g, 'email')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** How well a header names a field: 3 equal, 2+ holding every word of a synonym (longer wins), 0 not. */
function score(header: string, campo: ImportCampo): number {
  const words = new Set(header.split(' '));
  let best = 0;
  for (const synonym of SINONIMI[campo]) {
    if (synonym === header) return 3;
    const parts = synonym.split(' ');
    if (parts.every((p) => words.has(p))) best = Math.max(best, 2 + parts.length / 10);
  }
  return best;
}

/** The suggested mapping: best scores first, each header and each field used once. */
export function suggestMapping(tipo: ImportTipo, intestazioni: string[]): Record<string, number | null> {
  const normalized = intestazioni.map(normalizeHeader);
  const pairs: { campo: ImportCampo; col: number; s: number }[] = [];
  for (const campo of IMPORT_CAMPI[tipo])
    normalized.forEach((h, col) => {
      const s = h ? score(h, campo) : 0;
      if (s > 0) pairs.push({ campo, col, s });
    });
  pairs.sort((a, b) => b.s - a.s || a.col - b.col);
  const mapping: Record<string, number | null> = Object.fromEntries(IMPORT_CAMPI[tipo].map((c) => [c, null]));
  const usedCols = new Set<number>();
  for (const { campo, col } of pairs) {
    if (mapping[campo] != null || usedCols.has(col)) continue;
    mapping[campo] = col;
    usedCols.add(col);
  }
  return mapping;
}

/** A header row names at least two known fields. */
export function looksLikeHeader(tipo: ImportTipo, cells: string[]): boolean {
  const mapping = suggestMapping(tipo, cells);
  return Object.values(mapping).filter((v) => v != null).length >= 2;
}

/** The key a saved mapping is found by: the same headers in the same order, whatever their case or accents. */
export function headerKey(intestazioni: string[]): string {
  return intestazioni.map(normalizeHeader).join('|');
}
