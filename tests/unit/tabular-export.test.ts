import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import {
  inBatches,
  moneyCell,
  spreadsheetStream,
  type Cell,
  EXPORT_BATCH,
} from '#server/lib/tabular-export.ts';
import { readCsvRows, readXlsxRows, unzip } from '#test/setup/spreadsheet.ts';

async function* from(rows: Cell[][]) {
  yield* rows;
}

describe('spreadsheet streams', () => {
  const rows: Cell[][] = [
    [1, '=1+1', moneyCell(-1250), null],
    [2, 'Rossi; "Jr"', moneyCell(5), ''],
    [3, '@x', moneyCell(0), 'ok'],
  ];

  it('CSV: BOM, semicolons, quotes, comma decimals, formula-like text neutralised', async () => {
    const csv = await buffer(
      spreadsheetStream('csv', 'Prova', ['ID', 'Nome', 'Importo', 'Note'], from(rows)),
    );
    expect(readCsvRows(csv)).toEqual([
      ['ID', 'Nome', 'Importo', 'Note'],
      ['1', "'=1+1", '-12,50', ''],
      ['2', 'Rossi; "Jr"', '0,05', ''],
      ['3', "'@x", '0,00', 'ok'],
    ]);
  });

  it('XLSX: text as text, amounts as numbers, a new sheet past the row limit', async () => {
    const xlsx = await buffer(
      spreadsheetStream('xlsx', 'Prova', ['ID', 'Nome', 'Importo', 'Note'], from(rows), { sheetRows: 2 }),
    );
    const files = unzip(xlsx);
    expect(readXlsxRows(xlsx)).toEqual([
      ['ID', 'Nome', 'Importo', 'Note'],
      ['1', '=1+1', '-12.5'],
      ['2', 'Rossi; "Jr"', '0.05'],
    ]);
    const second = files.get('xl/worksheets/sheet2.xml')!.toString('utf8');
    expect(second).toContain('>ID<');
    expect(second).toContain('>@x<');
    expect(files.get('xl/workbook.xml')!.toString('utf8')).toContain('name="Prova (2)"');
    expect(files.get('xl/worksheets/sheet1.xml')!.toString('utf8')).not.toContain('<f>');
  });

  it('XLSX: a reader that stops reading stops the reading of rows, then gets every row', async () => {
    // The XML of ~8 MB, which compresses poorly, would otherwise pile up uncompressed in the
    // archiver's input while the download is paused (1,000,000 leads: +136 MB of server memory).
    const total = 30_000;
    const note = (i: number) => createHash('sha512').update(String(i)).digest('hex').slice(0, 100);
    let pulled = 0;
    let everyRowPulled!: (what: string) => void;
    const endOfRows = new Promise<string>((resolve) => (everyRowPulled = resolve));
    async function* many(): AsyncGenerator<Cell[]> {
      for (let i = 0; i < total; i++) {
        pulled++;
        yield [i, `cliente.${i}@esempio.it`, note(i)];
      }
      everyRowPulled('every row pulled');
    }
    let pulledAtPause: number | undefined;
    let pausedNow!: (what: string) => void;
    const paused = new Promise<string>((resolve) => (pausedNow = resolve));
    const stream = spreadsheetStream('xlsx', 'Prova', ['ID', 'Email', 'Note'], many(), {
      onPaused: () => {
        pulledAtPause ??= pulled;
        pausedNow('paused');
      },
    });
    // Nobody reads yet: the writer must come to a stop well before the end of the rows.
    expect(await Promise.race([paused, endOfRows])).toBe('paused');
    expect(pulledAtPause).toBeGreaterThan(0);
    expect(pulledAtPause).toBeLessThan(total / 2);
    expect(pulled).toBe(pulledAtPause);
    const rows = readXlsxRows(await buffer(stream));
    expect(rows).toHaveLength(total + 1);
    expect(rows[total]).toEqual([String(total - 1), `cliente.${total - 1}@esempio.it`, note(total - 1)]);
  });

  it('an empty set still gives the header', async () => {
    expect(readXlsxRows(await buffer(spreadsheetStream('xlsx', 'Vuoto', ['ID'], from([]))))).toEqual([
      ['ID'],
    ]);
    expect(readCsvRows(await buffer(spreadsheetStream('csv', 'Vuoto', ['ID'], from([]))))).toEqual([['ID']]);
  });
});

describe('inBatches', () => {
  it('reads every row once, page after page, until a short page', async () => {
    const all = Array.from({ length: EXPORT_BATCH * 2 + 7 }, (_, i) => i);
    const asked: Array<number | undefined> = [];
    const read: number[] = [];
    for await (const n of inBatches(async (after: number | undefined) => {
      asked.push(after);
      const start = after === undefined ? 0 : after + 1;
      return all.slice(start, start + EXPORT_BATCH);
    }))
      read.push(n);
    expect(read).toEqual(all);
    expect(asked).toEqual([undefined, EXPORT_BATCH - 1, EXPORT_BATCH * 2 - 1]);
  });
});
