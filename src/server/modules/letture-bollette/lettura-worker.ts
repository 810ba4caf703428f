/**
 * The bill reader's thread (lettura-thread.ts starts it and bounds its time and memory): reads
 * each document it is sent and answers with its pages' text. It stays up while there is work,
 * so the PDF library loads once, not per bill.
 */
import { parentPort } from 'node:worker_threads';
import type { DocumentoDaLeggere } from '#server/modules/letture-bollette/read-bolletta.ts';
import { readBolletta } from '#server/modules/letture-bollette/read-bolletta.ts';

if (!parentPort) throw new Error('lettura-worker.ts runs only as a worker thread');
const port = parentPort;

port.on('message', ({ id, doc }: { id: number; doc: DocumentoDaLeggere }) => {
  readBolletta(doc).then(
    (pagine) => port.postMessage({ id, ok: true, pagine }),
    // The error's name only: a PDF library's message may quote the document's text.
    (error: unknown) =>
      port.postMessage({ id, ok: false, errore: error instanceof Error ? error.name : 'Error' }),
  );
});
