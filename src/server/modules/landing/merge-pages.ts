import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { PDFDocument } from 'pdf-lib';
import { UPLOAD_MAX_FILE_BYTES } from '#shared/domain.ts';
import { newDocumentKey, readWhole, type DocumentStorage } from '#server/storage/storage.ts';

export interface PageImage {
  data: Buffer;
  mime: string;
}

/** A camera page already in the store. */
export interface StoredPage {
  key: string;
  mime: string;
}

/** The merged PDF, stored under a fresh key. */
export interface MergedPdf {
  key: string;
  sizeBytes: number;
  sha256: string;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 18;

/** JPEG and PNG can be merged; other photos (WebP, HEIC) are kept as sent, without a merged copy. */
export function canMerge(pages: ReadonlyArray<Pick<PageImage, 'mime'>>): boolean {
  return pages.length > 1 && pages.every((p) => p.mime === 'image/jpeg' || p.mime === 'image/png');
}

/** Where a photo of `width` × `height` goes on its A4 page (turned for a landscape photo). */
function placement(width: number, height: number) {
  const landscape = width > height;
  const size = landscape ? { width: A4.height, height: A4.width } : A4;
  const scale = Math.min((size.width - 2 * MARGIN) / width, (size.height - 2 * MARGIN) / height);
  const w = width * scale;
  const h = height * scale;
  return { size, x: (size.width - w) / 2, y: (size.height - h) / 2, width: w, height: h };
}

/**
 * The camera pages of one bill as one PDF in the store, one A4 page per photo, each fitted to its
 * page; null when a photo cannot be read (it stays a valid photo: the pages are kept).
 *
 * All JPEG (what phone cameras send): the PDF is written as a stream, each photo copied from the
 * store into the PDF as it is (PDF embeds JPEG unchanged), so memory stays flat however large the
 * photos and however many customers upload at once. A PNG needs decoding: that rare case goes
 * through pdf-lib with the photos whole, one merge at a time per process.
 * Measured in docs/deploy.md#memoria-e-numeri.
 */
export async function mergeStoredPages(
  storage: DocumentStorage,
  pages: StoredPage[],
  title: string,
): Promise<MergedPdf | null> {
  if (pages.every((p) => p.mime === 'image/jpeg')) {
    const infos: Array<JpegInfo & { key: string }> = [];
    for (const page of pages) {
      const info = await readJpegInfo(storage, page.key);
      if (!info) return null;
      infos.push({ ...info, key: page.key });
    }
    return storeStream(storage, (count) => streamJpegPdf(storage, infos, title, count));
  }
  const pdf = await oneMergeAtATime(async () => {
    const images = [];
    for (const page of pages)
      images.push({ data: await readWhole(storage, page.key, UPLOAD_MAX_FILE_BYTES), mime: page.mime });
    try {
      return await mergePagesToPdf(images, title);
    } catch {
      // An image pdf-lib cannot read (e.g. a CMYK PNG) is still a valid photo: keep the pages.
      return null;
    }
  });
  if (!pdf) return null;
  return storeStream(storage, () => Readable.from([pdf]));
}

async function storeStream(
  storage: DocumentStorage,
  body: (count: (chunk: Buffer) => Buffer) => AsyncIterable<Buffer>,
): Promise<MergedPdf> {
  const key = newDocumentKey('pdf');
  const hash = createHash('sha256');
  let sizeBytes = 0;
  const count = (chunk: Buffer) => {
    hash.update(chunk);
    sizeBytes += chunk.length;
    return chunk;
  };
  await storage.put(key, Readable.from(body(count), { objectMode: false }));
  return { key, sizeBytes, sha256: hash.digest('hex') };
}

// pdf-lib needs the photos whole: one merge at a time per process keeps memory bounded.
let mergeQueue: Promise<unknown> = Promise.resolve();
function oneMergeAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = mergeQueue.then(work, work);
  mergeQueue = run.catch(() => undefined);
  return run;
}

/** The camera pages as one PDF, with the photos whole in memory (pdf-lib; PNG pages). */
export async function mergePagesToPdf(pages: PageImage[], title: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setProducer('WINSOLUTION');
  for (const page of pages) {
    // pdf-lib reads the underlying ArrayBuffer from offset 0, and Node's small Buffers share a
    // pool: those are copied; a buffer that owns its memory (readWhole's) is used as it is.
    const owns = page.data.byteOffset === 0 && page.data.buffer.byteLength === page.data.length;
    const bytes = owns ? new Uint8Array(page.data.buffer, 0, page.data.length) : Uint8Array.from(page.data);
    const image = page.mime === 'image/png' ? await pdf.embedPng(bytes) : await pdf.embedJpg(bytes);
    const at = placement(image.width, image.height);
    const pdfPage = pdf.addPage([at.size.width, at.size.height]);
    pdfPage.drawImage(image, { x: at.x, y: at.y, width: at.width, height: at.height });
  }
  const saved = await pdf.save();
  // A view, not a copy: the merged PDF can be 20 MB.
  return Buffer.from(saved.buffer, saved.byteOffset, saved.byteLength);
}

// --------------------------------------------------------------------------------------------
// JPEG pages, streamed

export interface JpegInfo {
  width: number;
  height: number;
  /** 1 grey, 3 colour, 4 CMYK. */
  components: 1 | 3 | 4;
  /** An Adobe APP14 marker: CMYK stored inverted, as Photoshop writes it. */
  adobe: boolean;
  size: number;
}

/** Baseline, extended and progressive Huffman JPEG: what every PDF reader decodes. */
const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2]);
/** Other frame types (lossless, arithmetic coding): not merged. */
const OTHER_SOF = new Set([0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
/** The frame header comes before any image data: this much is enough even after a large EXIF block. */
const MAX_HEADER_BYTES = 1024 * 1024;

/** Parses the markers at the start of a JPEG up to its frame header. */
export function parseJpegHeader(data: Buffer): Omit<JpegInfo, 'size'> | 'more' | null {
  if (data.length < 4) return 'more';
  if (data[0] !== 0xff || data[1] !== 0xd8) return null;
  let adobe = false;
  let pos = 2;
  for (;;) {
    if (pos + 4 > data.length) return 'more';
    if (data[pos] !== 0xff) return null;
    const marker = data[pos + 1];
    if (marker === 0xff) {
      pos += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      pos += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // no frame header before the data
    const length = data.readUInt16BE(pos + 2);
    if (length < 2) return null;
    if (pos + 2 + length > data.length) return 'more';
    if (marker === 0xee && data.subarray(pos + 4, pos + 9).toString('latin1') === 'Adobe') adobe = true;
    if (OTHER_SOF.has(marker)) return null;
    if (SOF_MARKERS.has(marker)) {
      if (length < 8 || data[pos + 4] !== 8) return null;
      const height = data.readUInt16BE(pos + 5);
      const width = data.readUInt16BE(pos + 7);
      const components = data[pos + 9];
      if (width === 0 || height === 0 || (components !== 1 && components !== 3 && components !== 4))
        return null;
      return { width, height, components, adobe };
    }
    pos += 2 + length;
  }
}

/** Reads a stored JPEG's header (not its image data); null when it is not one a PDF can hold. */
async function readJpegInfo(storage: DocumentStorage, key: string): Promise<JpegInfo | null> {
  const file = await storage.get(key);
  if (!file) throw new Error(`Documento ${key} non trovato nell'archivio`);
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of file.stream) {
      chunks.push(chunk as Buffer);
      length += (chunk as Buffer).length;
      const parsed = parseJpegHeader(Buffer.concat(chunks, length));
      if (parsed === null) return null;
      if (parsed !== 'more') {
        // Adobe APP14 comes before the frame header, so it has been seen by now.
        return { ...parsed, size: file.size };
      }
      if (length > MAX_HEADER_BYTES) return null;
    }
    return null;
  } finally {
    file.stream.destroy();
  }
}

/** A PDF text string in UTF-16BE hex: any title, nothing to escape. */
const pdfText = (text: string) =>
  `<FEFF${Buffer.from(text, 'utf16le').swap16().toString('hex').toUpperCase()}>`;

const num = (n: number) => (Math.round(n * 100) / 100).toString();

/**
 * A PDF 1.4 with one page per photo, written as it goes: objects, each photo copied from the
 * store as a DCTDecode image, then the cross-reference table of the offsets counted on the way.
 */
async function* streamJpegPdf(
  storage: DocumentStorage,
  pages: Array<JpegInfo & { key: string }>,
  title: string,
  count: (chunk: Buffer) => Buffer,
): AsyncGenerator<Buffer> {
  const offsets: number[] = [];
  let written = 0;
  const emit = (chunk: Buffer | string) => {
    const bytes = count(typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk);
    written += bytes.length;
    return bytes;
  };
  const object = (id: number, body: string) => {
    offsets[id] = written;
    return emit(`${id} 0 obj\n${body}\nendobj\n`);
  };
  // 1 catalogue, 2 page tree, 3 document info, then per page: page, contents, image.
  const pageId = (i: number) => 4 + 3 * i;
  yield emit('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  yield object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  const kids = pages.map((_, i) => `${pageId(i)} 0 R`).join(' ');
  yield object(2, `<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`);
  yield object(3, `<< /Title ${pdfText(title)} /Producer ${pdfText('WINSOLUTION')} >>`);
  for (const [i, page] of pages.entries()) {
    const id = pageId(i);
    const at = placement(page.width, page.height);
    yield object(
      id,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(at.size.width)} ${num(at.size.height)}] ` +
        `/Resources << /XObject << /Im0 ${id + 2} 0 R >> >> /Contents ${id + 1} 0 R >>`,
    );
    const draw = `q ${num(at.width)} 0 0 ${num(at.height)} ${num(at.x)} ${num(at.y)} cm /Im0 Do Q`;
    yield object(id + 1, `<< /Length ${draw.length} >>\nstream\n${draw}\nendstream`);

    const colorSpace = ['', '/DeviceGray', '', '/DeviceRGB', '/DeviceCMYK'][page.components];
    const decode = page.components === 4 && page.adobe ? ' /Decode [1 0 1 0 1 0 1 0]' : '';
    offsets[id + 2] = written;
    yield emit(
      `${id + 2} 0 obj\n<< /Type /XObject /Subtype /Image /Width ${page.width} /Height ${page.height} ` +
        `/ColorSpace ${colorSpace} /BitsPerComponent 8${decode} /Filter /DCTDecode /Length ${page.size} >>\nstream\n`,
    );
    const file = await storage.get(page.key);
    if (!file || file.size !== page.size) throw new Error(`Documento ${page.key} cambiato durante l'unione`);
    let copied = 0;
    for await (const chunk of file.stream) {
      copied += (chunk as Buffer).length;
      yield emit(chunk as Buffer);
    }
    if (copied !== page.size) throw new Error(`Documento ${page.key} letto solo in parte`);
    yield emit('\nendstream\nendobj\n');
  }
  const xref = written;
  const size = 4 + 3 * pages.length;
  let table = `xref\n0 ${size}\n0000000000 65535 f \n`;
  for (let id = 1; id < size; id++) table += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  yield emit(table);
  yield emit(`trailer\n<< /Size ${size} /Root 1 0 R /Info 3 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
}
