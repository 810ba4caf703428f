import { describe, expect, it } from 'vitest';
import { landingMsg } from '#shared/messages-landing.ts';
import { fillMessage, msg } from '#shared/messages.ts';
import { IMPORT_CAMPI, type ImportCampo } from '#shared/schemas/importazione.ts';
import { catalogOf, parseImportDate, parseLeadRow } from '#server/modules/importazioni/righe-lead.ts';
import { mappedRows, RowErrors } from '#server/modules/importazioni/righe.ts';

const e = msg.importazione.erroreCampi;
const sm = msg.servizio;
const NOW = new Date('2026-01-15T10:00:00Z');
const catalog = catalogOf([
  { id: 1, codice: 'ENEL', nome: 'Enel Energia', isActive: true, serviziSupportati: ['luce', 'gas'] },
  { id: 2, codice: 'AYVENS', nome: 'Ayvens', isActive: true, serviziSupportati: ['noleggio'] },
]);
const campi = IMPORT_CAMPI.leads as readonly ImportCampo[];
const VALID = {
  nome: 'Anna',
  cognome: 'Rossi',
  telefono: '333 1234567',
  email: 'anna@esempio.it',
  punto: 'Bar Roma',
};

/** One row whose headers are the field names, so an error's column names its field. */
function parse(fields: Partial<Record<ImportCampo, string>>) {
  const values = campi.map((c) => ({ ...VALID, ...fields })[c as keyof typeof VALID] ?? '');
  const [row] = mappedRows([{ riga: 2, valori: values }], Object.fromEntries(campi.map((c, i) => [c, i])), [
    ...campi,
  ]);
  const errors = new RowErrors(row);
  const lead = parseLeadRow(row, errors, catalog, NOW);
  return { lead, errors: errors.list.map((x) => [x.colonna, x.motivo]) };
}

describe('checking a lead row with the product validators', () => {
  it.each<[string, Partial<Record<ImportCampo, string>>, [string, string][]]>([
    ['a lead without practice', {}, []],
    ['an e-mail that is not one', { email: 'anna.esempio.it' }, [['email', landingMsg.emailInvalid]]],
    ['no phone', { telefono: '' }, [['telefono', landingMsg.telefonoRequired]]],
    ['no point', { punto: '' }, [['punto', e.puntoRequired]]],
    [
      'a day that does not exist',
      { dataRegistrazione: '30/02/2025' },
      [['dataRegistrazione', e.dataNonValida]],
    ],
    ['a date in the future', { dataRegistrazione: '01/02/2026' }, [['dataRegistrazione', e.dataFutura]]],
    ['an unknown contact status', { statoContatto: 'boh' }, [['statoContatto', e.statoContattoSconosciuto]]],
    ['an unknown service', { tipoServizio: 'Acqua' }, [['tipoServizio', e.servizioSconosciuto]]],
    [
      'the same service twice in a cell',
      { tipoServizio: 'Luce, luce' },
      [['tipoServizio', e.servizioRipetuto]],
    ],
    ['a supplier without a service', { fornitore: 'ENEL' }, [['fornitore', e.senzaServizio]]],
    [
      'an unknown supplier',
      { tipoServizio: 'Luce', fornitore: 'Acme' },
      [['fornitore', e.fornitoreSconosciuto]],
    ],
    [
      'a supplier that does not offer it',
      { tipoServizio: 'Noleggio', fornitore: 'ENEL' },
      [['fornitore', fillMessage(sm.supplierDoesNotOffer, { nome: 'Enel Energia', servizio: 'Noleggio' })]],
    ],
    [
      'completed without supplier',
      { tipoServizio: 'Luce', statoServizio: 'Completato' },
      [['fornitore', sm.supplierRequired]],
    ],
    [
      'KO without reason',
      { tipoServizio: 'Gas', statoServizio: 'KO' },
      [['koMotivazione', sm.koReasonRequired]],
    ],
    [
      'an unknown status',
      { tipoServizio: 'Gas', statoServizio: 'Sospeso' },
      [['statoServizio', e.statoServizioSconosciuto]],
    ],
    [
      'a completed rental without its total',
      { tipoServizio: 'Noleggio', fornitore: 'Ayvens', statoServizio: 'Completato' },
      [['totaleVendita', sm.totaleVenditaRequired]],
    ],
    [
      'eleven supplies',
      { tipoServizio: 'Luce', fornitore: 'ENEL', statoServizio: 'Completato', numeroForniture: '11' },
      [['numeroForniture', sm.numeroFornitureRange]],
    ],
    ['a POD on gas', { tipoServizio: 'Gas', pod: 'IT001E12345678' }, [['pod', e.podSoloLuce]]],
    ['a POD that is not one', { tipoServizio: 'Luce', pod: 'IT001X1' }, [['pod', msg.scheda.errori.pod]]],
    ['a PDR that is not one', { tipoServizio: 'Gas', pdr: '123' }, [['pdr', msg.scheda.errori.pdr]]],
    [
      'a RID that is neither yes nor no',
      { tipoServizio: 'Luce', ridPresente: 'forse' },
      [['ridPresente', e.ridNonValido]],
    ],
  ])('%s', (_name, fields, expected) => {
    const { lead, errors } = parse(fields);
    expect(errors).toEqual(expected);
    expect(lead === undefined).toBe(expected.length > 0);
  });

  it('reads several services in one cell, each with the row status, supplier and codes', () => {
    const { lead } = parse({
      tipoServizio: 'Luce + Gas',
      fornitore: 'enel energia',
      statoServizio: 'Completata',
      ridPresente: 'Sì',
      pod: 'it001e12345678',
      pdr: '12345678901234',
      statoContatto: 'Non raggiungibile',
    });
    expect(lead?.statoContatto).toBe('non_raggiungibile');
    expect(lead?.servizi.map((s) => [s.tipo, s.stato, s.fornitore?.codice, s.ridPresente, s.scheda])).toEqual(
      [
        ['luce', 'completato', 'ENEL', true, { pod: 'IT001E12345678' }],
        ['gas', 'completato', 'ENEL', true, { pdr: '12345678901234' }],
      ],
    );
  });
});

describe('dates in an import file are Rome wall-clock times', () => {
  it.each([
    ['05/03/2025', '2025-03-04T23:00:00.000Z'],
    ['5.3.2025 10:30', '2025-03-05T09:30:00.000Z'],
    ['2025-07-01', '2025-06-30T22:00:00.000Z'],
    ['2025-07-01 08:15:00', '2025-07-01T06:15:00.000Z'],
    ['45658', '2024-12-31T23:00:00.000Z'],
  ])('%s → %s', (text, iso) => {
    expect(parseImportDate(text)?.toISOString()).toBe(iso);
  });

  it.each(['31/04/2025', '2025-13-01', '12/01/24', 'ieri', '25:00'])('%s is not a date', (text) => {
    expect(parseImportDate(text)).toBeNull();
  });
});
