/**
 * A bill's text, page by page: a digital PDF's own text layer first; OCR (tesseract.js with the
 * Italian model of `@tesseract.js-data/ita`, all from node_modules, nothing downloaded) for
 * photos and for the pages of a scanned PDF that have no text. Runs inside the reader's worker
 * thread (lettura-worker.ts), never on the request path. See docs/product/lettura-bolletta.md
 */
import { createRequire } from 'node:module';
import type { PaginaLetta } from '#server/modules/letture-bollette/parse-bolletta.ts';

const require = createRequire(import.meta.url);

/** What the reader is given: the stored document's bytes and its type (checked by content). */
export interface DocumentoDaLeggere {
  bytes: Uint8Array;
  mime: string;
  /** A photo's page of its bill (the landing's second camera page is 2); default 1. */
  pagina?: number;
}

/** The supply data is on a bill's first pages: later pages (details, notices) are not read. */
export const MAX_PAGINE = 4;

/** A page with fewer letters and digits than this has no text layer: it is a scan. */
const MIN_CARATTERI = 5;

/**
 * Smaller than this, an image cannot hold a bill's page that OCR could read (a phone photo of
 * one is hundreds of KB; a scan rendered for OCR, a page at least this wide): not read, no CPU spent.
 */
const MIN_IMAGE_BYTES = 8 * 1024;
const MIN_PAGE_WIDTH_PX = 600;

/** Rendering scale of a scanned page for OCR: about 150 dpi for an A4 page. */
const OCR_SCALE = 2;

export async function readBolletta(doc: DocumentoDaLeggere): Promise<PaginaLetta[]> {
  if (doc.mime === 'application/pdf') return readPdf(doc.bytes);
  if (doc.bytes.byteLength < MIN_IMAGE_BYTES) return [];
  const ocr = await startOcr();
  try {
    return [{ numero: doc.pagina ?? 1, ...(await ocr.read(doc.bytes)) }];
  } finally {
    await ocr.stop();
  }
}

async function readPdf(bytes: Uint8Array): Promise<PaginaLetta[]> {
  const { PDFParse } = await import('pdf-parse');
  const parser = new PDFParse({ data: bytes });
  let ocr: Awaited<ReturnType<typeof startOcr>> | null = null;
  try {
    const text = await parser.getText({ first: MAX_PAGINE });
    const pagine: PaginaLetta[] = [];
    for (const page of text.pages.slice(0, MAX_PAGINE)) {
      if (page.text.replace(/[^\p{L}\p{N}]/gu, '').length >= MIN_CARATTERI) {
        pagine.push({ numero: page.num, testo: page.text, ocrConfidenza: null });
        continue;
      }
      const shot = await parser.getScreenshot({
        partial: [page.num],
        scale: OCR_SCALE,
        imageDataUrl: false,
        imageBuffer: true,
      });
      const image = shot.pages[0];
      if (!image || image.width < MIN_PAGE_WIDTH_PX) continue;
      ocr ??= await startOcr();
      pagine.push({ numero: page.num, ...(await ocr.read(image.data)) });
    }
    return pagine;
  } finally {
    await ocr?.stop();
    await parser.destroy();
  }
}

/** One tesseract worker for a document's pages, with the Italian model from node_modules. */
async function startOcr() {
  const { createWorker, OEM } = await import('tesseract.js');
  const ita = require('@tesseract.js-data/ita') as { langPath: string; gzip: boolean };
  const worker = await createWorker('ita', OEM.LSTM_ONLY, {
    // A local folder, not a URL: tesseract.js reads it from disk. No cache written to the cwd.
    langPath: ita.langPath,
    gzip: ita.gzip,
    cacheMethod: 'none',
  });
  return {
    async read(image: Uint8Array) {
      const { data } = await worker.recognize(Buffer.from(image));
      return { testo: data.text, ocrConfidenza: data.confidence };
    },
    stop: () => worker.terminate(),
  };
}
