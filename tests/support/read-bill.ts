/**
 * Reads one document as the job does (the reader's worker thread, then the proposals) and prints
 * the proposals as JSON. tests/api/lettura-ocr.test.ts runs it without network access.
 */
import { readFileSync } from 'node:fs';
import { proposeFromPages } from '#server/modules/letture-bollette/parse-bolletta.ts';
import { readInThread } from '#server/modules/letture-bollette/lettura-thread.ts';

const [file, mime] = process.argv.slice(2);
const esito = await readInThread({ bytes: new Uint8Array(readFileSync(file)), mime });
if (!esito.ok) {
  console.log(JSON.stringify({ errore: esito.motivo }));
  process.exit(1);
}
console.log(JSON.stringify({ proposte: proposeFromPages(esito.pagine, ['Enel Energia']) }));
process.exit(0);
