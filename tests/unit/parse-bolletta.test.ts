import { describe, expect, it } from 'vitest';
import { livelloConfidenza } from '#shared/schemas/proposte-scheda.ts';
import {
  proposeFromPages,
  type PaginaLetta,
  type PropostaLetta,
} from '#server/modules/letture-bollette/parse-bolletta.ts';

/** The energy suppliers seeded in the database (src/server/db/seed.ts). */
const FORNITORI_DB = ['Enel Energia', 'Edison', 'A2A Energia', 'Iren', 'Sorgenia'];

const page = (testo: string, numero = 1, ocrConfidenza: number | null = null): PaginaLetta => ({
  numero,
  testo,
  ocrConfidenza,
});

type Atteso = Pick<PropostaLetta, 'campo' | 'valore' | 'ambito'> & { livello?: 'alta' | 'media' | 'bassa' };

/** First pages of Italian bills, laid out as their text layers come out (labels as printed). */
const BOLLETTE: Array<{ nome: string; pagine: PaginaLetta[]; attese: Atteso[] }> = [
  {
    nome: 'Enel Energia, luce, mercato libero',
    pagine: [
      page(`enel
Enel Energia S.p.A. - Mercato libero dell'energia
Bolletta luce n. 004512345678 del 15/10/2026
Intestatario: MARIO ROSSI
Codice fiscale: RSSMRA80A01H501U
Indirizzo di fornitura: VIA ROMA 10 00184 ROMA RM
Codice POD: IT001E12345678
Potenza impegnata: 3 kW   Potenza disponibile: 3,3 kW
Consumo annuo: 2.700 kWh
Codice offerta: E-LIGHT-2410
Totale da pagare 87,40 €`),
    ],
    attese: [
      { campo: 'fornitoreUscente', valore: 'Enel Energia', ambito: 'comune', livello: 'alta' },
      { campo: 'intestatario', valore: 'MARIO ROSSI', ambito: 'comune' },
      { campo: 'codiceFiscale', valore: 'RSSMRA80A01H501U', ambito: 'comune', livello: 'alta' },
      { campo: 'indirizzoFornitura', valore: 'VIA ROMA 10 00184 ROMA RM', ambito: 'comune', livello: 'alta' },
      { campo: 'pod', valore: 'IT001E12345678', ambito: 'luce', livello: 'alta' },
      { campo: 'potenzaKw', valore: '3', ambito: 'luce', livello: 'alta' },
      { campo: 'consumoAnnuo', valore: '2700', ambito: 'luce' },
      { campo: 'codiceOfferta', valore: 'E-LIGHT-2410', ambito: 'comune' },
    ],
  },
  {
    nome: 'A2A Energia, gas, labels in capitals and values on the next line',
    pagine: [
      page(`A2A ENERGIA
BOLLETTA GAS NATURALE
DATI DEL CLIENTE
GIULIA BIANCHI
CODICE FISCALE BNCGLI85C52F205U
INDIRIZZO DI FORNITURA
CORSO BUENOS AIRES 45
20124 MILANO MI
PDR 0088 0000 1234 56
CONSUMO ANNUO 1.150 Smc
CODICE OFFERTA A2A-GAS-CLICK-24`),
    ],
    attese: [
      { campo: 'fornitoreUscente', valore: 'A2A Energia', ambito: 'comune' },
      { campo: 'intestatario', valore: 'GIULIA BIANCHI', ambito: 'comune', livello: 'media' },
      { campo: 'codiceFiscale', valore: 'BNCGLI85C52F205U', ambito: 'comune' },
      { campo: 'indirizzoFornitura', valore: 'CORSO BUENOS AIRES 45, 20124 MILANO MI', ambito: 'comune' },
      { campo: 'pdr', valore: '00880000123456', ambito: 'gas' },
      { campo: 'consumoAnnuo', valore: '1150', ambito: 'gas' },
      { campo: 'codiceOfferta', valore: 'A2A-GAS-CLICK-24', ambito: 'comune' },
    ],
  },
  {
    nome: 'Eni Plenitude, luce e gas on one bill',
    pagine: [
      page(`Plenitude
Eni Plenitude S.p.A. Società Benefit
Titolare del contratto: Luca Esposito
C.F. SPSLCU72S05F839L
Luogo di fornitura: Via Toledo 156, 80134 Napoli NA
Luce - POD IT002E12345678A
Gas - PDR 01234567890123
Potenza impegnata 4,5 kW
Consumo degli ultimi 12 mesi: 3.210 kWh
Consumo degli ultimi 12 mesi: 980 Smc`),
    ],
    attese: [
      { campo: 'fornitoreUscente', valore: 'Eni Plenitude', ambito: 'comune' },
      { campo: 'intestatario', valore: 'Luca Esposito', ambito: 'comune' },
      { campo: 'codiceFiscale', valore: 'SPSLCU72S05F839L', ambito: 'comune' },
      { campo: 'indirizzoFornitura', valore: 'Via Toledo 156, 80134 Napoli NA', ambito: 'comune' },
      { campo: 'pod', valore: 'IT002E12345678A', ambito: 'luce' },
      { campo: 'pdr', valore: '01234567890123', ambito: 'gas' },
      { campo: 'potenzaKw', valore: '4.5', ambito: 'luce' },
      { campo: 'consumoAnnuo', valore: '3210', ambito: 'luce' },
      { campo: 'consumoAnnuo', valore: '980', ambito: 'gas' },
    ],
  },
  {
    nome: 'Edison, two columns that come out on one text line',
    pagine: [
      page(`EDISON
Edison Energia S.p.A. - Foro Buonaparte 31 Milano
Intestatario: MARIO ROSSI     Codice POD: IT001E12345678
Codice fiscale: RSSMRA80A01H501U     Potenza impegnata: 3 kW
Indirizzo di fornitura: Via Roma 10, 00184 Roma RM     Consumo annuo: 2.700 kWh`),
    ],
    attese: [
      { campo: 'fornitoreUscente', valore: 'Edison', ambito: 'comune', livello: 'alta' },
      { campo: 'intestatario', valore: 'MARIO ROSSI', ambito: 'comune' },
      { campo: 'codiceFiscale', valore: 'RSSMRA80A01H501U', ambito: 'comune' },
      { campo: 'indirizzoFornitura', valore: 'Via Roma 10, 00184 Roma RM', ambito: 'comune' },
      { campo: 'pod', valore: 'IT001E12345678', ambito: 'luce' },
      { campo: 'potenzaKw', valore: '3', ambito: 'luce' },
      { campo: 'consumoAnnuo', valore: '2700', ambito: 'luce' },
    ],
  },
  {
    nome: 'Hera Comm, table layout with the label above its value',
    pagine: [
      page(`HERAcomm
Hera Comm S.p.A.
Nome e cognome: Anna Ferrari
Codice fiscale
FRRNNA90L68A944Z
Codice POD
IT001E98765432
Potenza impegnata
6 kW
Consumo annuo
4.020 kWh`),
    ],
    attese: [
      { campo: 'fornitoreUscente', valore: 'Hera Comm', ambito: 'comune' },
      { campo: 'intestatario', valore: 'Anna Ferrari', ambito: 'comune' },
      { campo: 'codiceFiscale', valore: 'FRRNNA90L68A944Z', ambito: 'comune', livello: 'alta' },
      { campo: 'pod', valore: 'IT001E98765432', ambito: 'luce', livello: 'alta' },
      { campo: 'potenzaKw', valore: '6', ambito: 'luce' },
      { campo: 'consumoAnnuo', valore: '4020', ambito: 'luce' },
    ],
  },
  {
    nome: 'Iren Mercato, second page carries the supply data',
    pagine: [
      page(`Iren Mercato S.p.A.
Bolletta sintetica - pagina 1 di 2
Cliente: MARCO COLOMBO`),
      page(
        `Dati della fornitura
Punto di prelievo (POD): IT020E00112233
Indirizzo fornitura: Via Po 3, 10124 Torino TO
Codice dell'offerta: IREN-WEB-LUCE-7`,
        2,
      ),
    ],
    attese: [
      { campo: 'fornitoreUscente', valore: 'Iren', ambito: 'comune' },
      { campo: 'intestatario', valore: 'MARCO COLOMBO', ambito: 'comune' },
      { campo: 'pod', valore: 'IT020E00112233', ambito: 'luce' },
      { campo: 'indirizzoFornitura', valore: 'Via Po 3, 10124 Torino TO', ambito: 'comune' },
      { campo: 'codiceOfferta', valore: 'IREN-WEB-LUCE-7', ambito: 'comune' },
    ],
  },
];

describe('proposeFromPages: what the first pages of Italian bills propose', () => {
  it.each(BOLLETTE)('$nome', ({ pagine, attese }) => {
    const proposte = proposeFromPages(pagine, FORNITORI_DB);
    for (const attesa of attese) {
      const found = proposte.find(
        (p) => p.campo === attesa.campo && p.valore === attesa.valore && p.ambito === attesa.ambito,
      );
      expect(found, `${attesa.campo} ${attesa.valore}`).toBeDefined();
      if (attesa.livello) expect(livelloConfidenza(found!.confidenza), attesa.campo).toBe(attesa.livello);
    }
    // Nothing beyond what the bill says: every proposal is one of the expected values.
    for (const p of proposte) {
      expect(
        attese.some((a) => a.campo === p.campo && a.valore === p.valore),
        `unexpected ${p.campo} ${p.valore}`,
      ).toBe(true);
    }
  });

  it('says on which page each value was read', () => {
    const iren = BOLLETTE.find((b) => b.nome.startsWith('Iren'))!;
    const proposte = proposeFromPages(iren.pagine, FORNITORI_DB);
    expect(proposte.find((p) => p.campo === 'intestatario')?.pagina).toBe(1);
    expect(proposte.find((p) => p.campo === 'pod')?.pagina).toBe(2);
  });

  it.each([
    ['a 13-digit PDR', 'PDR: 0088000012345', 'pdr'],
    ['a 15-digit PDR', 'PDR: 008800001234567', 'pdr'],
    ['a POD without its E', 'Codice POD: IT00112345678', 'pod'],
    ['a POD too short', 'Codice POD: IT001E1234567', 'pod'],
    ['14 digits without a PDR label (an invoice number)', 'Numero fattura 00880000123456', 'pdr'],
    ['the available power instead of the committed one', 'Potenza disponibile: 3,3 kW', 'potenzaKw'],
    ['a customer category, not a holder', 'Cliente domestico residente', 'intestatario'],
    ['an offer code without figures (its name)', 'Codice offerta: SEMPLICE', 'codiceOfferta'],
  ])('proposes nothing for %s', (_caso, testo, campo) => {
    expect(proposeFromPages([page(testo)], FORNITORI_DB).filter((p) => p.campo === campo)).toEqual([]);
  });

  it('a codice fiscale with a wrong check character is shown as Bassa, for the operator to correct', () => {
    const [cf] = proposeFromPages([page('Codice fiscale: RSSMRA80A01H501X')], FORNITORI_DB);
    expect(cf).toMatchObject({ campo: 'codiceFiscale', valore: 'RSSMRA80A01H501X' });
    expect(livelloConfidenza(cf.confidenza)).toBe('bassa');
  });

  it('reads codes that OCR split with spaces, and trusts a poor OCR page less', () => {
    const testo = 'Codice POD: IT 001 E 1234 5678\nCodice fiscale: RSSMRA80A01H501U';
    const text = proposeFromPages([page(testo)], FORNITORI_DB);
    const ocr = proposeFromPages([page(testo, 1, 55)], FORNITORI_DB);
    const pod = (list: PropostaLetta[]) => list.find((p) => p.campo === 'pod')!;
    expect(pod(text).valore).toBe('IT001E12345678');
    expect(pod(ocr).valore).toBe('IT001E12345678');
    expect(pod(ocr).confidenza).toBeLessThan(pod(text).confidenza);
    expect(livelloConfidenza(pod(ocr).confidenza)).toBe('media');
  });

  it('a supplier in the database wins over the built-in list, named as the database names it', () => {
    const [f] = proposeFromPages([page('EDISON ENERGIA S.p.A.\nBolletta')], FORNITORI_DB);
    expect(f).toMatchObject({ campo: 'fornitoreUscente', valore: 'Edison' });
    const [brand] = proposeFromPages([page('EDISON ENERGIA S.p.A.\nBolletta')], []);
    expect(brand).toMatchObject({ campo: 'fornitoreUscente', valore: 'Edison Energia' });
  });

  it('a text with nothing of a bill proposes nothing', () => {
    expect(proposeFromPages([page('Carta d’identità\nRepubblica Italiana')], FORNITORI_DB)).toEqual([]);
  });

  it.each([
    [0.97, 'alta'],
    [0.85, 'alta'],
    [0.84, 'media'],
    [0.6, 'media'],
    [0.59, 'bassa'],
    [0, 'bassa'],
  ] as const)('confidence %s is %s', (c, livello) => {
    expect(livelloConfidenza(c)).toBe(livello);
  });
});
