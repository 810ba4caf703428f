/**
 * What a supplier's layout ('tracciato') can put in a column, and how a cell is written: one
 * catalogue of source fields (the practice, its service, the customer, the scheda contratto), the
 * default layout of each kind of service and the pure rendering of a row. The server writes the
 * batch file with it and the screen renders the live preview with the very same functions
 * (docs/product/fornitori-invii.md#tracciato).
 */
import { maskDocumento, maskIban } from '#shared/mask.ts';
import { fillMessage, msg } from '#shared/messages.ts';
import {
  CAMPI_PER_TIPO,
  CAMPI_SCHEDA,
  campoLabel,
  schedaTipoOf,
  type CampoScheda,
} from '#shared/scheda-contratto.ts';
import { servizioLabel } from '#shared/servizi-catalogo.ts';

export type TipoValore = 'testo' | 'data' | 'numero' | 'booleano';

const CAMPI_BASE = {
  'pratica.id': 'numero',
  'pratica.dataCreazione': 'data',
  'pratica.puntoFisico': 'testo',
  'servizio.id': 'numero',
  'servizio.tipo': 'testo',
  'servizio.numeroForniture': 'numero',
  'servizio.ridPresente': 'booleano',
  'servizio.totaleVendita': 'numero',
  'cliente.nome': 'testo',
  'cliente.cognome': 'testo',
  'cliente.telefono': 'testo',
  'cliente.email': 'testo',
} as const satisfies Record<string, TipoValore>;

const SCHEDA_TIPI: Partial<Record<CampoScheda, TipoValore>> = {
  dataNascita: 'data',
  documentoScadenza: 'data',
  dataFirma: 'data',
  potenzaKw: 'numero',
  consumoAnnuo: 'numero',
  durataMesi: 'numero',
  kmAnno: 'numero',
  anticipo: 'numero',
  fornituraUgualeResidenza: 'booleano',
};

export type CampoTracciato = keyof typeof CAMPI_BASE | `scheda.${CampoScheda}`;

/** Every source field a column may name, in the order the screen lists them. */
export const CAMPI_TRACCIATO: readonly CampoTracciato[] = [
  ...(Object.keys(CAMPI_BASE) as Array<keyof typeof CAMPI_BASE>),
  ...CAMPI_SCHEDA.map((c) => `scheda.${c}` as const),
];

export const FORMATI_DATA = ['dd/MM/yyyy', 'yyyy-MM-dd'] as const;
export const SEPARATORI_DECIMALI = ['virgola', 'punto'] as const;
/** A column's source: a field of the catalogue, or the fixed value written in every row. */
export const SORGENTE_FISSO = 'fisso';

export interface ColonnaTracciato {
  intestazione: string;
  sorgente: CampoTracciato | typeof SORGENTE_FISSO;
  /** The text of a fixed column. */
  valore?: string;
  formatoData: (typeof FORMATI_DATA)[number];
  decimali: (typeof SEPARATORI_DECIMALI)[number];
  maiuscolo: boolean;
}

export function tipoValore(campo: CampoTracciato): TipoValore {
  if (campo.startsWith('scheda.')) return SCHEDA_TIPI[campo.slice(7) as CampoScheda] ?? 'testo';
  return CAMPI_BASE[campo as keyof typeof CAMPI_BASE];
}

export type Gruppo = 'pratica' | 'servizio' | 'cliente' | 'scheda';
export const gruppoOf = (campo: CampoTracciato): Gruppo => campo.split('.')[0] as Gruppo;

/** The field's Italian label; a scheda field's as the scheda names it for that kind of service. */
export function campoTracciatoLabel(campo: CampoTracciato, tipoServizio: string): string {
  if (campo.startsWith('scheda.')) return campoLabel(campo.slice(7) as CampoScheda, tipoServizio);
  return msg.inviiFornitori.campi[campo];
}

/** The fields that make sense for one kind of service: the scheda's own fields and the rest. */
export function campiPerServizio(tipoServizio: string): CampoTracciato[] {
  const scheda = new Set<string>(CAMPI_PER_TIPO[schedaTipoOf(tipoServizio)]);
  return CAMPI_TRACCIATO.filter((c) => !c.startsWith('scheda.') || scheda.has(c.slice(7)));
}

const colonna = (campo: CampoTracciato, tipoServizio: string): ColonnaTracciato => ({
  intestazione: campoTracciatoLabel(campo, tipoServizio),
  sorgente: campo,
  formatoData: 'dd/MM/yyyy',
  decimali: 'virgola',
  maiuscolo: false,
});

/**
 * The layout used until one is saved: the service and practice numbers (the keys the supplier's
 * outcome file will quote back), the practice's date, then every field of that kind of scheda.
 */
export function tracciatoPredefinito(tipoServizio: string): ColonnaTracciato[] {
  const scheda = CAMPI_PER_TIPO[schedaTipoOf(tipoServizio)].map((c) => `scheda.${c}` as const);
  return (['servizio.id', 'pratica.id', 'pratica.dataCreazione', ...scheda] as CampoTracciato[]).map((c) =>
    colonna(c, tipoServizio),
  );
}

/** One service's values by source field: dates as yyyy-MM-dd, numbers as '4.5', absent as undefined. */
export type RecordInvio = Partial<Record<CampoTracciato, string | number | boolean | null>>;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The text of one cell: the column's value in its format (date, decimals, upper case). */
export function valoreCella(col: ColonnaTracciato, record: RecordInvio): string {
  let text: string;
  if (col.sorgente === SORGENTE_FISSO) text = col.valore ?? '';
  else {
    const value = record[col.sorgente];
    const tipo = tipoValore(col.sorgente);
    if (value == null || value === '') text = '';
    else if (typeof value === 'boolean') text = value ? msg.inviiFornitori.si : msg.inviiFornitori.no;
    else if (tipo === 'data') {
      const day = DAY.exec(String(value));
      text = !day
        ? String(value)
        : col.formatoData === 'dd/MM/yyyy'
          ? `${day[3]}/${day[2]}/${day[1]}`
          : day[0];
    } else if (tipo === 'numero')
      text = col.decimali === 'virgola' ? String(value).replace('.', ',') : String(value);
    else if (col.sorgente === 'servizio.tipo') text = servizioLabel(String(value));
    else text = String(value);
  }
  return col.maiuscolo ? text.toLocaleUpperCase('it-IT') : text;
}

export const rigaTracciato = (colonne: readonly ColonnaTracciato[], record: RecordInvio): string[] =>
  colonne.map((c) => valoreCella(c, record));

const MASCHERE: Partial<Record<ColonnaTracciato['sorgente'], (value: string) => string>> = {
  'scheda.iban': maskIban,
  'scheda.documentoNumero': maskDocumento,
};

/**
 * A row of the live preview, a list on screen: IBAN and document number masked as in every list
 * (docs/privacy.md#scheda-contratto). The batch file carries them whole: the supplier needs them.
 */
export const rigaAnteprima = (colonne: readonly ColonnaTracciato[], record: RecordInvio): string[] =>
  rigaTracciato(colonne, record).map((cell, i) => {
    const mask = MASCHERE[colonne[i].sorgente];
    return mask && cell ? mask(cell) : cell;
  });

/** The history line of a service sent in a batch. */
export const storicoInvio = (numero: number) => fillMessage(msg.inviiFornitori.storico, { numero });
