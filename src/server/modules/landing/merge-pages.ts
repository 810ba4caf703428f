import { PDFDocument } from 'pdf-lib';

export interface PageImage {
  data: Buffer;
  mime: string;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 18;

/** pdf-lib embeds JPEG and PNG; other photos (WebP, HEIC) are kept as sent, without a merged copy. */
export function canMerge(pages: ReadonlyArray<Pick<PageImage, 'mime'>>): boolean {
  return pages.length > 1 && pages.every((p) => p.mime === 'image/jpeg' || p.mime === 'image/png');
}

/** The camera pages of one bill as one PDF, one A4 page per photo, each photo fitted to its page. */
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
    const landscape = image.width > image.height;
    const size = landscape ? { width: A4.height, height: A4.width } : A4;
    const scale = Math.min(
      (size.width - 2 * MARGIN) / image.width,
      (size.height - 2 * MARGIN) / image.height,
    );
    const width = image.width * scale;
    const height = image.height * scale;
    const pdfPage = pdf.addPage([size.width, size.height]);
    pdfPage.drawImage(image, { x: (size.width - width) / 2, y: (size.height - height) / 2, width, height });
  }
  const saved = await pdf.save();
  // A view, not a copy: the merged PDF can be 20 MB.
  return Buffer.from(saved.buffer, saved.byteOffset, saved.byteLength);
}
