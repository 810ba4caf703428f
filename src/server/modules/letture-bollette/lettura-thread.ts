/**
 * The bill reader's worker thread (lettura-worker.ts), bounded: a reading that takes longer
 * than `timeoutMs` or outgrows the thread's heap stops the thread, and the bill is reported
 * unreadable; a crash of a PDF or OCR library stays in the thread. The thread is reused while
 * readings follow each other (loading the PDF library costs more than reading a bill) and ends
 * after a minute without work. See docs/product/lettura-bolletta.md#limiti
 */
import { Worker } from 'node:worker_threads';
import type { PaginaLetta } from '#server/modules/letture-bollette/parse-bolletta.ts';
import type { DocumentoDaLeggere } from '#server/modules/letture-bollette/read-bolletta.ts';

export interface LimitiLettura {
  timeoutMs: number;
  /** The thread's JavaScript heap (its V8 old generation). */
  maxHeapMb: number;
}

export const LIMITI_LETTURA: LimitiLettura = { timeoutMs: 60_000, maxHeapMb: 384 };

const IDLE_MS = 60_000;

export type EsitoLettura =
  { ok: true; pagine: PaginaLetta[] } | { ok: false; motivo: 'tempo_scaduto' | 'errore' };

type Answer = { id: number; ok: true; pagine: PaginaLetta[] } | { id: number; ok: false };

/**
 * The bundle's sibling in dist/, or under tsx and vitest the source behind tsx's loader. There
 * the PDF library and its worker (pdf.js, 3 MB) are loaded before the loader is registered: through
 * it they took seconds at every start.
 */
function startWorker(maxHeapMb: number): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: maxHeapMb, maxYoungGenerationSizeMb: 32 } };
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./lettura-worker.js', here), options);
  const source = JSON.stringify(new URL('./lettura-worker.ts', here).href);
  const boot = `import('pdf-parse').then(() => import('pdfjs-dist/legacy/build/pdf.worker.mjs')).then(() => import('tsx/esm/api'))`;
  return new Worker(`${boot}.then(({ register }) => { register(); return import(${source}); })`, {
    ...options,
    eval: true,
  });
}

let thread: { worker: Worker; maxHeapMb: number; idle?: NodeJS.Timeout } | null = null;
let nextId = 1;

function stopThread() {
  if (!thread) return;
  clearTimeout(thread.idle);
  // Terminating also stops the OCR's own threads, started from this one.
  void thread.worker.terminate();
  thread = null;
}

/** Reads one document in the reader's thread. One reading at a time: the job never overlaps them. */
export function readInThread(
  doc: DocumentoDaLeggere,
  limiti: LimitiLettura = LIMITI_LETTURA,
): Promise<EsitoLettura> {
  if (thread && thread.maxHeapMb !== limiti.maxHeapMb) stopThread();
  if (!thread) {
    const worker = startWorker(limiti.maxHeapMb);
    // Never what keeps the process alive; a thread that dies is started again next time.
    worker.unref();
    worker.on('error', () => undefined);
    const started = { worker, maxHeapMb: limiti.maxHeapMb };
    worker.on('exit', () => {
      if (thread === started) thread = null;
    });
    thread = started;
  }
  const current = thread;
  clearTimeout(current.idle);
  const id = nextId++;
  return new Promise<EsitoLettura>((resolve) => {
    let settled = false;
    const finish = (esito: EsitoLettura, stop: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      current.worker.off('message', onMessage);
      current.worker.off('exit', onExit);
      if (stop) stopThread();
      else if (thread === current) {
        current.idle = setTimeout(stopThread, IDLE_MS);
        current.idle.unref();
      }
      resolve(esito);
    };
    const onMessage = (answer: Answer) => {
      if (answer.id !== id) return;
      finish(answer.ok ? { ok: true, pagine: answer.pagine } : { ok: false, motivo: 'errore' }, false);
    };
    // Out of memory (ERR_WORKER_OUT_OF_MEMORY) or a crash: unreadable, the server goes on.
    const onExit = () => finish({ ok: false, motivo: 'errore' }, false);
    const timer = setTimeout(() => finish({ ok: false, motivo: 'tempo_scaduto' }, true), limiti.timeoutMs);
    current.worker.on('message', onMessage);
    current.worker.on('exit', onExit);
    current.worker.postMessage({ id, doc });
  });
}
