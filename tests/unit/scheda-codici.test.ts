/**
 * The codes of a scheda contratto, with real and broken ones (docs/product/scheda-contratto.md#controlli),
 * and the scheda schema that carries their Italian messages to the form and the API.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { msg } from '#shared/messages.ts';
import { maskDocumento, maskIban } from '#shared/mask.ts';
import { campiMancanti, isSchedaCompleta } from '#shared/scheda-contratto.ts';
import { schedaSchemaFor } from '#shared/schemas/scheda.ts';
import {
  isCap,
  isCodiceFiscale,
  isIban,
  isPartitaIva,
  isPdr,
  isPod,
  isProvincia,
  normalizeCode,
  PROVINCE,
} from '#shared/validators/codici.ts';

/**
 * The province codes of ISTAT's list of comuni, as codice-fiscale-js ships it (regenerated from
 * ISTAT's CSV at each release): read as text, since the package exports it only in its sources.
 */
function istatProvinceCodes(): string[] {
  const file = createRequire(import.meta.url).resolve('codice-fiscale-js/src/lista-province.js');
  const codes = [...readFileSync(file, 'utf8').matchAll(/^\s+([A-Z]{2}):/gm)].map((m) => m[1]!);
  return codes.filter((code) => code !== 'EE'); // EE: born abroad, not a province
}

const e = msg.scheda.errori;

describe('province codes against ISTAT', () => {
  it('accepts every province of the current ISTAT list, and nothing else but the older Sardinian codes', () => {
    const istat = istatProvinceCodes();
    expect(istat.length).toBeGreaterThanOrEqual(107);
    expect(istat.filter((code) => !isProvincia(code))).toEqual([]);
    // Codes a document or an old bill may still carry: Carbonia-Iglesias, Ogliastra, Olbia-Tempio.
    expect(PROVINCE.filter((code) => !istat.includes(code)).sort()).toEqual(['CI', 'OG', 'OT']);
  });
});

describe('codes', () => {
  it.each([
    [isCodiceFiscale, 'RSSMRA45D25F205N', true],
    [isCodiceFiscale, 'rssmra45d25f205n', true],
    [isCodiceFiscale, 'RSS MRA 45D25 F205N', true],
    [isCodiceFiscale, 'RSSMRA45D25F205X', false], // wrong check character
    [isCodiceFiscale, 'RSSMRA45D25F20RI', true], // omocodia: last digit as R
    [isCodiceFiscale, 'RSSMRAQRD25F205W', true], // omocodia in the year
    [isCodiceFiscale, 'RSSMRA45D25F20RN', false], // omocodia with the old check character
    [isCodiceFiscale, 'RSSMRA45Z25F205N', false], // no such month letter
    [isCodiceFiscale, 'RSSMRA45D25F205', false], // 15 characters
    [isPartitaIva, '00743110157', true],
    [isPartitaIva, '01114601006', true],
    [isPartitaIva, '12345678901', false], // wrong check digit
    [isPartitaIva, '00000000000', false],
    [isPartitaIva, '0074311015', false], // 10 digits
    [isIban, 'IT60X0542811101000000123456', true],
    [isIban, 'it60 x054 2811 1010 0000 0123 456', true],
    [isIban, 'IT61X0542811101000000123456', false], // wrong mod 97
    [isIban, 'IT60X054281110100000012345', false], // Italian, 26 characters
    [isIban, 'DE89370400440532013000', true],
    [isIban, 'DE89370400440532013001', false],
    [isPod, 'IT001E12345678', true],
    [isPod, 'it001e123456789', true], // 15 characters
    [isPod, 'IT001X12345678', false], // no E
    [isPod, 'IT01E12345678', false], // two-digit distributor
    [isPod, 'IT001E1234567', false], // 7 after the E
    [isPdr, '00880000123456', true],
    [isPdr, '0088000012345', false], // 13 digits
    [isPdr, '0088000012345A', false],
    [isCap, '20121', true],
    [isCap, '2012', false],
    [isCap, '2012A', false],
    [isProvincia, 'MI', true],
    [isProvincia, 'su', true],
    [isProvincia, 'XX', false],
    [isProvincia, 'MIL', false],
  ] as const)('%o(%s) is %s', (check, code, expected) => {
    expect(check(code)).toBe(expected);
  });

  it('normalises a code to upper case without spaces, dots or dashes', () => {
    expect(normalizeCode(' it001e-1234.5678 ')).toBe('IT001E12345678');
  });

  it('masks an IBAN and a document number', () => {
    expect(maskIban('IT60 X054 2811 1010 0000 0123 456')).toBe('IT60 **** 3456');
    expect(maskDocumento('CA12345XY')).toBe('******5XY');
  });
});

describe('the scheda schema', () => {
  const oggi = '2026-12-02';
  const errorsOf = (tipo: string, input: Record<string, unknown>) => {
    const result = schedaSchemaFor(tipo, oggi).safeParse(input);
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it.each([
    ['luce', { codiceFiscale: 'RSSMRA45D25F205X' }, 'codiceFiscale', e.codiceFiscale],
    ['luce', { iban: 'IT61X0542811101000000123456' }, 'iban', e.ibanControllo],
    ['luce', { iban: 'IT60X054281110100000012345' }, 'iban', e.ibanLunghezza],
    ['gas', { pdr: '0088000012345' }, 'pdr', e.pdr],
    ['luce', { pod: 'IT001X12345678' }, 'pod', e.pod],
    ['luce', { partitaIva: '12345678901' }, 'partitaIva', e.partitaIva],
    ['luce', { residenzaCap: '2012' }, 'residenzaCap', e.cap],
    ['luce', { residenzaProvincia: 'XX' }, 'residenzaProvincia', e.provincia],
    ['luce', { documentoScadenza: '2026-12-01' }, 'documentoScadenza', e.documentoScaduto],
    ['luce', { potenzaKw: '0,2' }, 'potenzaKw', e.potenza],
    ['luce', { potenzaKw: '3000' }, 'potenzaKw', e.potenza],
    ['luce', { consumoAnnuo: '2000000' }, 'consumoAnnuo', e.consumoKwh],
    ['gas', { consumoAnnuo: '250000' }, 'consumoAnnuo', e.consumoSmc],
    ['gas', { consumoAnnuo: '0' }, 'consumoAnnuo', e.consumoSmc],
    ['gas', { pod: 'IT001E12345678' }, 'pod', e.nonPrevisto],
    ['internet', { tipoOperazione: 'voltura' }, 'tipoOperazione', e.operazione],
    ['noleggio', { kmAnno: '50' }, 'kmAnno', e.kmAnno],
    ['luce', { dataFirma: '2026-02-31' }, 'dataFirma', e.data],
    ['luce', { dataNascita: '12/03/1980' }, 'dataNascita', e.data],
  ])('%s %o is refused on %s', (tipo, input, path, message) => {
    expect(errorsOf(tipo, input)).toEqual({ [path]: message });
  });

  it.each([
    [
      'luce',
      { potenzaKw: '4,5', consumoAnnuo: '2700', documentoScadenza: '2026-12-02', pod: 'it001e12345678' },
    ],
    ['gas', { pdr: '00880000123456', consumoAnnuo: '900' }],
    ['luce', { intestatarioTipo: 'impresa', codiceFiscale: '00743110157' }],
    ['noleggio', { veicolo: 'Fiat Panda', durataMesi: '36', kmAnno: '15000', anticipo: '1500,50' }],
    ['internet', { tipoOperazione: 'migrazione', codiceMigrazione: 'TIM1234567890A' }],
  ])('%s %o is accepted', (tipo, input) => {
    expect(errorsOf(tipo, input)).toEqual({});
  });

  it('refuses an 11-digit codice fiscale for a person, accepts it for a company', () => {
    expect(errorsOf('luce', { codiceFiscale: '00743110157' })).toEqual({ codiceFiscale: e.codiceFiscale });
    expect(errorsOf('luce', { intestatarioTipo: 'impresa', codiceFiscale: '00743110157' })).toEqual({});
  });
});

describe('what each service and operation still needs', () => {
  const comuni = {
    intestatarioTipo: 'persona',
    nome: 'Mario',
    cognome: 'Rossi',
    codiceFiscale: 'RSSMRA45D25F205N',
    dataNascita: '1945-04-25',
    luogoNascita: 'Milano',
    telefono: '3471234567',
    documentoTipo: 'carta_identita',
    documentoNumero: 'CA12345XY',
    documentoRilasciatoDa: 'Comune di Milano',
    documentoScadenza: '2030-01-01',
    residenzaVia: 'Via Roma',
    residenzaCivico: '1',
    residenzaCap: '20121',
    residenzaComune: 'Milano',
    residenzaProvincia: 'MI',
    pagamento: 'bollettino',
    canale: 'negozio',
    operatore: 'Giulia Bianchi',
    dataFirma: '2026-12-01',
  };
  const fornitura = { fornituraUgualeResidenza: true };

  it.each([
    [
      'luce',
      {},
      [
        'tipoOperazione',
        'fornituraVia',
        'fornituraCivico',
        'fornituraCap',
        'fornituraComune',
        'fornituraProvincia',
      ],
    ],
    [
      'luce',
      { tipoOperazione: 'cambio_fornitore', ...fornitura },
      ['pod', 'potenzaKw', 'uso', 'consumoAnnuo', 'fornitoreUscente', 'codiceOfferta'],
    ],
    ['luce', { tipoOperazione: 'voltura', ...fornitura }, ['pod', 'potenzaKw', 'uso']],
    ['luce', { tipoOperazione: 'nuova_attivazione', ...fornitura, potenzaKw: '3', uso: 'altri_usi' }, []],
    [
      'luce',
      { tipoOperazione: 'subentro', pod: 'IT001E12345678', potenzaKw: '3', uso: 'altri_usi' },
      ['fornituraVia', 'fornituraCivico', 'fornituraCap', 'fornituraComune', 'fornituraProvincia'],
    ],
    [
      'gas',
      { tipoOperazione: 'cambio_fornitore', ...fornitura },
      ['uso', 'consumoAnnuo', 'pdr', 'fornitoreUscente', 'codiceOfferta'],
    ],
    ['gas', { tipoOperazione: 'nuova_attivazione', ...fornitura, uso: 'domestico_residente' }, []],
    ['internet', { tipoOperazione: 'migrazione', ...fornitura }, ['operatoreAttuale', 'codiceMigrazione']],
    ['internet', { tipoOperazione: 'nuova_linea', ...fornitura }, []],
    ['noleggio', { tipoOperazione: 'nuovo_contratto' }, ['veicolo', 'durataMesi', 'kmAnno', 'anticipo']],
    ['assicurazioni', {}, []],
    [
      'luce',
      {
        tipoOperazione: 'nuova_attivazione',
        ...fornitura,
        potenzaKw: '3',
        uso: 'altri_usi',
        pagamento: 'sepa',
      },
      ['iban', 'ibanIntestatario', 'ibanCodiceFiscale'],
    ],
    [
      'luce',
      {
        tipoOperazione: 'nuova_attivazione',
        ...fornitura,
        potenzaKw: '3',
        uso: 'altri_usi',
        intestatarioTipo: 'impresa',
      },
      ['ragioneSociale', 'partitaIva'],
    ],
  ])('%s %o needs %o', (tipo, extra, expected) => {
    expect(campiMancanti(tipo, { ...comuni, ...extra })).toEqual(expected);
    expect(isSchedaCompleta(tipo, { ...comuni, ...extra })).toBe(expected.length === 0);
  });

  it('needs everything common on an empty scheda', () => {
    expect(campiMancanti('assicurazioni', {})).toEqual([
      'nome',
      'cognome',
      'codiceFiscale',
      'dataNascita',
      'luogoNascita',
      'telefono',
      'documentoTipo',
      'documentoNumero',
      'documentoRilasciatoDa',
      'documentoScadenza',
      'residenzaVia',
      'residenzaCivico',
      'residenzaCap',
      'residenzaComune',
      'residenzaProvincia',
      'pagamento',
      'canale',
      'operatore',
      'dataFirma',
    ]);
  });
});
