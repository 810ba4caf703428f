import { describe, expect, it } from 'vitest';
import { ESITO_AZIONE_TARGET, parseEsitoData, type EsitoAzione } from '#shared/esiti-fornitori.ts';
import { msg } from '#shared/messages.ts';
import { isHeaderRow, suggestEsitiMapping } from '#server/modules/esiti-fornitori/mappatura.ts';
import { decidiTransizione, type StatoServizio } from '#server/modules/esiti-fornitori/righe-esiti.ts';

const m = msg.esitiFornitori.motivi;

describe('decidiTransizione: what an outcome does to a service (docs/product/fornitori-esiti.md#conflitti)', () => {
  const s = (over: Partial<StatoServizio>): StatoServizio => ({
    stato: 'in_lavorazione',
    koMotivazione: null,
    tipo: 'luce',
    pagata: false,
    configurata: true,
    esitoPostAttivazione: null,
    dataEsito: null,
    ...over,
  });
  const cases: [string, Partial<StatoServizio>, EsitoAzione, string][] = [
    ['in lavorazione → completato', {}, 'completato', 'da_applicare'],
    ['in lavorazione → KO', {}, 'ko_dati_errati', 'da_applicare'],
    ['already completato', { stato: 'completato' }, 'completato', 'gia_aggiornato'],
    [
      'already KO for that reason',
      { stato: 'ko', koMotivazione: 'dati_errati' },
      'ko_dati_errati',
      'gia_aggiornato',
    ],
    ['KO for another reason', { stato: 'ko', koMotivazione: 'altro' }, 'ko_dati_errati', 'da_applicare'],
    ['already in lavorazione', {}, 'in_lavorazione', 'gia_aggiornato'],
    ['KO of a completed, unpaid service', { stato: 'completato' }, 'ko_altro', 'da_applicare'],
    ['KO of a paid commission', { stato: 'completato', pagata: true }, 'ko_dati_errati', m.commissionePagata],
    ['completed back to lavorazione', { stato: 'completato' }, 'in_lavorazione', m.giaCompletato],
    [
      'completing with no configuration',
      { configurata: false },
      'completato',
      m.senzaConfigurazione('Enel Energia', 'Luce'),
    ],
    ['KO back to lavorazione', { stato: 'ko', koMotivazione: 'altro' }, 'in_lavorazione', 'da_applicare'],
    // After activation: the window and the rule are registraEsitoPostAttivazione's to judge.
    ['cessato of a completed service', { stato: 'completato' }, 'cessato', 'da_applicare'],
    [
      'cessato of a paid commission (clawed back by rule)',
      { stato: 'completato', pagata: true },
      'cessato',
      'da_applicare',
    ],
    [
      'cessato already recorded that day',
      { stato: 'completato', esitoPostAttivazione: 'cessato', dataEsito: '2026-11-05' },
      'cessato',
      'gia_aggiornato',
    ],
    [
      'cessato recorded on another day',
      { stato: 'completato', esitoPostAttivazione: 'cessato', dataEsito: '2026-10-01' },
      'cessato',
      'da_applicare',
    ],
    [
      'moroso after cessato',
      { stato: 'completato', esitoPostAttivazione: 'cessato', dataEsito: '2026-11-05' },
      'moroso',
      'da_applicare',
    ],
    [
      'ripensamento already recorded',
      {
        stato: 'ko',
        koMotivazione: 'ripensamento',
        esitoPostAttivazione: 'ripensamento',
        dataEsito: '2026-11-05',
      },
      'ripensamento',
      'gia_aggiornato',
    ],
  ];
  it.each(cases)('%s', (_label, state, azione, expected) => {
    const d = decidiTransizione(s(state), ESITO_AZIONE_TARGET[azione]!, 'Enel Energia', '2026-11-05');
    expect(d.esito === 'conflitto' ? d.motivo : d.esito).toBe(expected);
  });
});

describe('parseEsitoData', () => {
  it.each([
    ['05/11/2026', '2026-11-05'],
    ['5/1/2026', '2026-01-05'],
    ['05-11-2026', '2026-11-05'],
    ['2026-11-05', '2026-11-05'],
    ['31/02/2026', null],
    ['domani', null],
    ['2026/11/05', null],
  ])('%s → %s', (text, expected) => expect(parseEsitoData(text)).toBe(expected));
});

describe('the columns proposed for a first file', () => {
  it('finds identifiers, outcome and date, and the meaning of the usual values', () => {
    const headers = ['Numero pratica', 'POD/PDR', 'Codice fiscale', 'Esito', 'Data esito', 'Note'];
    const values = [
      [],
      [],
      [],
      [
        'ATTIVATO',
        'KO DATI ERRATI',
        'IN LAVORAZIONE',
        'SOSPESO',
        'RIPENSAMENTO',
        'CESSATO',
        'MOROSO',
        'KO RIPENSAMENTO',
      ],
      [],
      [],
    ];
    expect(suggestEsitiMapping(headers, values)).toEqual({
      identificativi: {
        servizio: null,
        pratica: 'Numero pratica',
        podPdr: 'POD/PDR',
        codiceFiscale: 'Codice fiscale',
      },
      esito: 'Esito',
      data: 'Data esito',
      valori: {
        ATTIVATO: 'completato',
        'KO DATI ERRATI': 'ko_dati_errati',
        'IN LAVORAZIONE': 'in_lavorazione',
        RIPENSAMENTO: 'ripensamento',
        CESSATO: 'cessato',
        MOROSO: 'moroso',
        // Before activation a withdrawal is a plain KO: the customer is no longer interested.
        'KO RIPENSAMENTO': 'ko_cliente_non_interessato',
      },
    });
  });

  it('offers no KO for ripensamento: a withdrawal is only the outcome after activation', () => {
    expect(Object.keys(ESITO_AZIONE_TARGET)).not.toContain('ko_ripensamento');
    expect(ESITO_AZIONE_TARGET.ripensamento).toEqual({
      stato: 'ko',
      koMotivazione: 'ripensamento',
      postAttivazione: 'ripensamento',
    });
  });

  it.each([
    [['POD', 'Esito', 'Data'], true],
    [['IT001E00000001', 'ATTIVATO', '05/11/2026'], false],
    [['12', 'ATTIVATO'], false],
  ])('%j is a header row: %s', (cells, expected) => expect(isHeaderRow(cells)).toBe(expected));
});
