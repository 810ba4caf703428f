/**
 * What a scheda contratto holds for each kind of service, and what it must hold before the service
 * goes to its supplier: one table, written out in docs/product/scheda-contratto.md#campi-richiesti.
 * Data and plain functions only: the form, the API, the practice list's filter and the sending to
 * suppliers all ask isSchedaCompleta.
 */
import { fillMessage, msg } from '#shared/messages.ts';

/** Every field of a scheda, in the form's order. */
export const CAMPI_SCHEDA = [
  'tipoOperazione',
  'intestatarioTipo',
  'nome',
  'cognome',
  'codiceFiscale',
  'dataNascita',
  'luogoNascita',
  'ragioneSociale',
  'partitaIva',
  'telefono',
  'email',
  'documentoTipo',
  'documentoNumero',
  'documentoRilasciatoDa',
  'documentoScadenza',
  'residenzaVia',
  'residenzaCivico',
  'residenzaCap',
  'residenzaComune',
  'residenzaProvincia',
  'fornituraUgualeResidenza',
  'fornituraVia',
  'fornituraCivico',
  'fornituraCap',
  'fornituraComune',
  'fornituraProvincia',
  'pod',
  'potenzaKw',
  'uso',
  'consumoAnnuo',
  'pdr',
  'fornitoreUscente',
  'codiceOfferta',
  'operatoreAttuale',
  'codiceMigrazione',
  'veicolo',
  'durataMesi',
  'kmAnno',
  'anticipo',
  'pagamento',
  'iban',
  'ibanIntestatario',
  'ibanCodiceFiscale',
  'canale',
  'operatore',
  'dataFirma',
] as const;
export type CampoScheda = (typeof CAMPI_SCHEDA)[number];

/** The kinds of scheda: a service kind of the catalogue carries one of them. */
export type SchedaTipo = 'energia_elettrica' | 'gas_naturale' | 'linea_fissa' | 'veicolo' | 'altro';

const TIPO_DEL_SERVIZIO: Record<string, SchedaTipo> = {
  luce: 'energia_elettrica',
  gas: 'gas_naturale',
  internet: 'linea_fissa',
  noleggio: 'veicolo',
};

/** Finanziamenti and assicurazioni carry the holder, document, address, payment and origin only. */
export function schedaTipoOf(tipoServizio: string): SchedaTipo {
  return Object.hasOwn(TIPO_DEL_SERVIZIO, tipoServizio) ? TIPO_DEL_SERVIZIO[tipoServizio] : 'altro';
}

const INTESTATARIO = [
  'intestatarioTipo',
  'nome',
  'cognome',
  'codiceFiscale',
  'dataNascita',
  'luogoNascita',
  'ragioneSociale',
  'partitaIva',
  'telefono',
  'email',
] as const;
const DOCUMENTO = ['documentoTipo', 'documentoNumero', 'documentoRilasciatoDa', 'documentoScadenza'] as const;
const RESIDENZA = [
  'residenzaVia',
  'residenzaCivico',
  'residenzaCap',
  'residenzaComune',
  'residenzaProvincia',
] as const;
const FORNITURA = [
  'fornituraVia',
  'fornituraCivico',
  'fornituraCap',
  'fornituraComune',
  'fornituraProvincia',
] as const;
const PAGAMENTO = ['pagamento', 'iban', 'ibanIntestatario', 'ibanCodiceFiscale'] as const;
const ORIGINE = ['canale', 'operatore', 'dataFirma'] as const;
const COMUNI = [...INTESTATARIO, ...DOCUMENTO, ...RESIDENZA, ...PAGAMENTO, ...ORIGINE] as const;

/** The fields each kind of scheda may hold. */
export const CAMPI_PER_TIPO: Record<SchedaTipo, readonly CampoScheda[]> = {
  energia_elettrica: [
    'tipoOperazione',
    ...COMUNI,
    'fornituraUgualeResidenza',
    ...FORNITURA,
    'pod',
    'potenzaKw',
    'uso',
    'consumoAnnuo',
    'fornitoreUscente',
    'codiceOfferta',
  ],
  gas_naturale: [
    'tipoOperazione',
    ...COMUNI,
    'fornituraUgualeResidenza',
    ...FORNITURA,
    'pdr',
    'uso',
    'consumoAnnuo',
    'fornitoreUscente',
    'codiceOfferta',
  ],
  linea_fissa: [
    'tipoOperazione',
    ...COMUNI,
    'fornituraUgualeResidenza',
    ...FORNITURA,
    'operatoreAttuale',
    'codiceMigrazione',
  ],
  veicolo: ['tipoOperazione', ...COMUNI, 'veicolo', 'durataMesi', 'kmAnno', 'anticipo'],
  altro: COMUNI,
};

/** The operations of each kind; the first is the usual one. */
export const OPERAZIONI_PER_TIPO = {
  energia_elettrica: ['cambio_fornitore', 'voltura', 'subentro', 'nuova_attivazione'],
  gas_naturale: ['cambio_fornitore', 'voltura', 'subentro', 'nuova_attivazione'],
  linea_fissa: ['migrazione', 'nuova_linea'],
  veicolo: ['nuovo_contratto'],
  altro: [],
} as const satisfies Record<SchedaTipo, readonly string[]>;

/**
 * What each operation needs beyond the common fields (holder, contacts, document, residence,
 * payment, origin; the supply address for energy and fixed lines). A switch needs the outgoing
 * supplier's offer code and the yearly consumption of the bill; a new connection has no POD or
 * PDR yet; a new fixed line has no migration code.
 */
const PER_OPERAZIONE: Record<SchedaTipo, Record<string, readonly CampoScheda[]>> = {
  energia_elettrica: {
    cambio_fornitore: ['pod', 'potenzaKw', 'uso', 'consumoAnnuo', 'fornitoreUscente', 'codiceOfferta'],
    voltura: ['pod', 'potenzaKw', 'uso'],
    subentro: ['pod', 'potenzaKw', 'uso'],
    nuova_attivazione: ['potenzaKw', 'uso'],
  },
  gas_naturale: {
    cambio_fornitore: ['pdr', 'uso', 'consumoAnnuo', 'fornitoreUscente', 'codiceOfferta'],
    voltura: ['pdr', 'uso'],
    subentro: ['pdr', 'uso'],
    nuova_attivazione: ['uso'],
  },
  linea_fissa: { migrazione: ['operatoreAttuale', 'codiceMigrazione'], nuova_linea: [] },
  veicolo: { nuovo_contratto: ['veicolo', 'durataMesi', 'kmAnno', 'anticipo'] },
  altro: {},
};

type SchedaValori = Partial<Record<CampoScheda, string | boolean | undefined>>;

/** The fields the scheda still needs for its service and operation, in the form's order. */
export function campiMancanti(tipoServizio: string, scheda: SchedaValori): CampoScheda[] {
  const tipo = schedaTipoOf(tipoServizio);
  const required = new Set<CampoScheda>();
  if (OPERAZIONI_PER_TIPO[tipo].length > 0) required.add('tipoOperazione');
  const persona = scheda.intestatarioTipo !== 'impresa';
  const holder: CampoScheda[] = persona
    ? ['nome', 'cognome', 'codiceFiscale', 'dataNascita', 'luogoNascita']
    : ['ragioneSociale', 'partitaIva', 'codiceFiscale'];
  for (const campo of [...holder, 'telefono', ...DOCUMENTO, ...RESIDENZA, 'pagamento', ...ORIGINE] as const)
    required.add(campo);
  if (scheda.pagamento === 'sepa') for (const campo of PAGAMENTO) required.add(campo);
  if (CAMPI_PER_TIPO[tipo].includes('fornituraVia') && scheda.fornituraUgualeResidenza !== true)
    for (const campo of FORNITURA) required.add(campo);
  const operazione = typeof scheda.tipoOperazione === 'string' ? scheda.tipoOperazione : undefined;
  for (const campo of (operazione && PER_OPERAZIONE[tipo][operazione]) || []) required.add(campo);
  return CAMPI_SCHEDA.filter((campo) => required.has(campo) && isEmpty(scheda[campo]));
}

const isEmpty = (value: string | boolean | undefined) =>
  value === undefined || value === '' || value === false;

/** Ready for its supplier: nothing its operation needs is missing. Sending to suppliers asks this. */
export function isSchedaCompleta(tipoServizio: string, scheda: SchedaValori): boolean {
  return campiMancanti(tipoServizio, scheda).length === 0;
}

/** A field's Italian label; the consumption names its unit. */
export function campoLabel(campo: CampoScheda, tipoServizio: string): string {
  if (campo === 'consumoAnnuo') {
    const tipo = schedaTipoOf(tipoServizio);
    if (tipo === 'gas_naturale') return msg.scheda.consumoSmc;
    if (tipo === 'energia_elettrica') return msg.scheda.consumoKwh;
  }
  return msg.scheda.campi[campo];
}

/** "Mancano: Codice fiscale, IBAN". */
export function mancantiText(labels: readonly string[]): string {
  return fillMessage(msg.scheda.mancanti, { campi: labels.join(', ') });
}
