/**
 * What a supplier's outcome file ('esiti') can say of a service, and the life of one upload
 * (docs/product/fornitori-esiti.md). ESITO_AZIONI is the one list of outcome targets: the value
 * mapping of every supplier points into it, the screen offers it, the apply reads its target.
 */
import { ESITI_POST_ATTIVAZIONE, type EsitoPostAttivazione } from '#shared/commissioni/maturazione.ts';
import { KO_MOTIVAZIONI_MANUALI, type KoMotivazione, type ServizioStato } from '#shared/domain.ts';

export interface EsitoTarget {
  stato: ServizioStato;
  koMotivazione: KoMotivazione | null;
  /**
   * An outcome after activation: recorded by registraEsitoPostAttivazione, the function of the
   * manual «Esito dopo l'attivazione» (docs/product/lifecycle.md#esiti-dopo-lattivazione), with
   * the row's date; `stato` is where the service ends up.
   */
  postAttivazione: EsitoPostAttivazione | null;
}

type KoManuale = Exclude<KoMotivazione, 'ripensamento'>;
const koTargets = Object.fromEntries(
  KO_MOTIVAZIONI_MANUALI.map((m) => [`ko_${m}`, { stato: 'ko', koMotivazione: m, postAttivazione: null }]),
) as Record<`ko_${KoManuale}`, EsitoTarget>;

const postTargets = Object.fromEntries(
  ESITI_POST_ATTIVAZIONE.map((tipo) => [
    tipo,
    tipo === 'ripensamento'
      ? { stato: 'ko', koMotivazione: 'ripensamento', postAttivazione: tipo }
      : { stato: 'completato', koMotivazione: null, postAttivazione: tipo },
  ]),
) as Record<EsitoPostAttivazione, EsitoTarget>;

/**
 * Each outcome target and the status it moves a service to; `ignora` changes nothing. A
 * withdrawal (ripensamento) is only an outcome after activation: the window is checked there.
 */
export const ESITO_AZIONE_TARGET = {
  completato: { stato: 'completato', koMotivazione: null, postAttivazione: null },
  in_lavorazione: { stato: 'in_lavorazione', koMotivazione: null, postAttivazione: null },
  ...koTargets,
  ...postTargets,
  ignora: null,
} as const satisfies Record<string, EsitoTarget | null>;

export type EsitoAzione = keyof typeof ESITO_AZIONE_TARGET;
export const ESITO_AZIONI = Object.keys(ESITO_AZIONE_TARGET) as [EsitoAzione, ...EsitoAzione[]];

/** The identifier columns a mapping may use, in the order the screen shows them. */
export const ESITO_IDENTIFICATIVI = ['servizio', 'pratica', 'podPdr', 'codiceFiscale'] as const;
export type EsitoIdentificativo = (typeof ESITO_IDENTIFICATIVI)[number];

/** An upload's life: uploaded, checked (preview), being applied, done, or stopped by an error. */
export const ESITI_CARICAMENTO_STATI = [
  'caricato',
  'verificato',
  'in_corso',
  'completato',
  'fallito',
] as const;
export type EsitiCaricamentoStato = (typeof ESITI_CARICAMENTO_STATI)[number];

/**
 * What the preview (and then the apply) says of one row: to apply, applied, already in that
 * status, no service, several services, a change the service cannot take, a row in error, or a
 * value mapped to 'ignora'.
 */
export const ESITO_RIGA_ESITI = [
  'da_applicare',
  'applicato',
  'gia_aggiornato',
  'non_trovato',
  'ambiguo',
  'conflitto',
  'errore',
  'ignorato',
] as const;
export type EsitoRigaEsito = (typeof ESITO_RIGA_ESITI)[number];

/** The rows of the 'righe non applicate' download. */
export const ESITO_RIGA_NON_APPLICATE: readonly EsitoRigaEsito[] = [
  'non_trovato',
  'ambiguo',
  'conflitto',
  'errore',
];

/** A cell of the outcome column as it is compared with the mapping: trimmed, upper case, single spaces. */
export function normalizeEsitoValore(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** A supplier's date, dd/mm/yyyy (also d/m/yyyy, with - or .) or yyyy-mm-dd, as yyyy-mm-dd; null if unreadable. */
export function parseEsitoData(value: string): string | null {
  const v = value.trim();
  let y: number, m: number, d: number;
  const it = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(v);
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(v);
  if (it) [d, m, y] = [Number(it[1]), Number(it[2]), Number(it[3])];
  else if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
