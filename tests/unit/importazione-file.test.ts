import { describe, expect, it } from 'vitest';
import type { ImportTipo } from '#shared/domain.ts';
import { looksLikeHeader, suggestMapping } from '#server/modules/importazioni/colonne.ts';
import { readImportFile } from '#server/modules/importazioni/leggi-file.ts';
import { csvFile, xlsxFile } from '#test/setup/import-files.ts';

const header = ['Ragione sociale', 'Indirizzo', 'E-mail titolare', 'Titolare', 'Tel.'];
const shop = ['Caffè Niccolò', 'Via Università 3, Forlì', 'rosa@esempio.it', 'Rosa Bàrberi', '333 1234567'];

const read = (body: Buffer) => readImportFile(body, (cells) => looksLikeHeader('punti_fisici', cells), 100);

describe('reading an import file', () => {
  it.each([
    ['XLSX with the header on row 3', () => xlsxFile([header, shop], [['Elenco negozi 2026'], []]), 3],
    ['CSV with ; in Windows-1252 (Excel)', async () => csvFile([header, shop]), 1],
    [
      'CSV with , in UTF-8 with BOM',
      async () => csvFile([header, shop], { delimiter: ',', encoding: 'utf8-bom' }),
      1,
    ],
    ['CSV with two title lines', async () => csvFile([['Negozi'], ['aggiornato al 1/12'], header, shop]), 3],
  ])('%s: header found, accents read right', async (_name, make, rigaIntestazione) => {
    const table = await read(await make());
    expect(table.rigaIntestazione).toBe(rigaIntestazione);
    expect(table.intestazioni).toEqual(header);
    expect(table.righe).toEqual([{ riga: rigaIntestazione + 1, valori: shop }]);
  });

  it('refuses a file with no data rows in Italian', async () => {
    await expect(read(csvFile([header]))).rejects.toThrow('Il file non contiene righe di dati');
  });
});

describe('column suggestions', () => {
  it.each<[ImportTipo, string, string | null]>([
    ['punti_fisici', 'Ragione sociale', 'nomeAttivita'],
    ['punti_fisici', 'Negozio', 'nomeAttivita'],
    ['punti_fisici', 'E-mail titolare', 'emailResponsabile'],
    ['punti_fisici', 'Titolare', 'nomeResponsabile'],
    ['punti_fisici', 'Email Agente', 'emailAgente'],
    ['punti_fisici', 'Agente', 'nomeAgente'],
    ['punti_fisici', 'Capo area', 'nomeAreaManager'],
    ['punti_fisici', 'Codice landing', 'codiceLanding'],
    ['utenti', 'Cellulare', 'telefono'],
    ['utenti', 'Tel.', 'telefono'],
    ['utenti', 'E-mail', 'email'],
    ['utenti', 'Posta elettronica', 'email'],
    ['utenti', 'Cognome', 'cognome'],
    ['utenti', 'Qualifica', 'ruolo'],
    ['utenti', 'Note', null],
  ])('%s: «%s» → %s', (tipo, heading, campo) => {
    const mapping = suggestMapping(tipo, ['Colonna vuota', heading]);
    const found = Object.entries(mapping).find(([, col]) => col === 1)?.[0] ?? null;
    expect(found).toBe(campo);
  });

  it('gives each column to one field only', () => {
    const mapping = suggestMapping('punti_fisici', ['Email agente', 'Agente']);
    expect(mapping).toMatchObject({ emailAgente: 0, nomeAgente: 1 });
  });
});
