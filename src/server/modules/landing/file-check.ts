import { fileTypeFromBuffer } from 'file-type';

export interface DetectedType {
  mime: string;
  ext: string;
  isImage: boolean;
}

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** What a customer may send, recognised by content, never by name or declared type.
 * See docs/product/landing.md#caricamento-delle-bollette */
const BY_SIGNATURE: Record<string, DetectedType> = {
  'image/jpeg': { mime: 'image/jpeg', ext: 'jpg', isImage: true },
  'image/png': { mime: 'image/png', ext: 'png', isImage: true },
  'image/webp': { mime: 'image/webp', ext: 'webp', isImage: true },
  'image/heic': { mime: 'image/heic', ext: 'heic', isImage: true },
  'image/heif': { mime: 'image/heif', ext: 'heic', isImage: true },
  'application/pdf': { mime: 'application/pdf', ext: 'pdf', isImage: false },
  [DOCX_MIME]: { mime: DOCX_MIME, ext: 'docx', isImage: false },
};

const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');

/** An OLE compound file is a Word document only if it holds the WordDocument stream (not an .msi, .xls…). */
function isWordDocument(data: Buffer): boolean {
  return data.subarray(0, 8).equals(OLE_SIGNATURE) && data.includes(WORD_STREAM);
}

// Markup a browser might render, and scripts: not what a customer's bill looks like as text.
const ACTIVE_TEXT = /^\s*(#!|<\?xml|<!doctype|<html|<svg|<script|<\?php)/i;

/** Plain text in UTF-8 or a single-byte encoding: no control characters but tab, newlines, form feed. */
function isSafeText(data: Buffer): boolean {
  for (const byte of data) {
    if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) || byte === 0x7f)
      return false;
  }
  return !ACTIVE_TEXT.test(data.subarray(0, 512).toString('latin1'));
}

/** The document's type, or null when it is not one we accept. */
export async function detectDocumentType(data: Buffer): Promise<DetectedType | null> {
  if (data.length === 0) return null;
  const found = await fileTypeFromBuffer(data);
  if (found) {
    if (found.mime === 'application/x-cfb') {
      return isWordDocument(data) ? { mime: 'application/msword', ext: 'doc', isImage: false } : null;
    }
    return BY_SIGNATURE[found.mime] ?? null;
  }
  return isSafeText(data) ? { mime: 'text/plain', ext: 'txt', isImage: false } : null;
}

const EXTENSIONS: Record<string, string[]> = {
  jpg: ['jpg', 'jpeg', 'jfif'],
  heic: ['heic', 'heif'],
};

/** The visitor's file name made safe to show and to put in a header, with an extension that matches the content. */
export function safeDisplayName(
  original: string | undefined,
  fallbackBase: string,
  type: DetectedType,
): string {
  const base = (original ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/["<>|:*?]/g, '')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 120);
  const name = base || `${fallbackBase}.${type.ext}`;
  const ext = /\.([A-Za-z0-9]{1,5})$/.exec(name)?.[1]?.toLowerCase();
  const accepted = EXTENSIONS[type.ext] ?? [type.ext];
  return ext && accepted.includes(ext) ? name : `${name}.${type.ext}`;
}
