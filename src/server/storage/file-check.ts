import { fileTypeFromBuffer } from 'file-type';
import { stripUnsafeChars } from '#shared/text-rules.ts';

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

// Markup a browser might render, and scripts: not what a customer's bill looks like as text.
const ACTIVE_TEXT = /^\s*(#!|<\?xml|<!doctype|<html|<svg|<script|<\?php)/i;

/** Plain text in UTF-8 or a single-byte encoding: no control characters but tab, newlines, form feed. */
function isSafeTextChunk(data: Buffer): boolean {
  for (const byte of data) {
    if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) || byte === 0x7f)
      return false;
  }
  return true;
}

/**
 * Bytes read before deciding a document's type: enough for every signature we accept (in a DOCX
 * the `[Content_Types].xml` entry that names it comes first in the ZIP).
 */
export const SNIFF_BYTES = 64 * 1024;

/** Follows a document's bytes as they stream by, for the checks that need all of them. */
export interface ContentCheck {
  /** Feeds the next bytes (the first ones included); false as soon as they break the rules. */
  update(chunk: Buffer): boolean;
  /** After the last byte: whether the whole document passed. */
  finish(): boolean;
}

const alwaysValid: ContentCheck = { update: () => true, finish: () => true };

const textCheck: ContentCheck = { update: isSafeTextChunk, finish: () => true };

/** An OLE compound file is a Word document only if it holds the WordDocument stream (not an .msi, .xls…). */
function wordStreamCheck(): ContentCheck {
  let tail = Buffer.alloc(0);
  let found = false;
  return {
    update(chunk) {
      if (found) return true;
      // Keep the end of the previous chunk: the stream name may straddle two chunks.
      const window = Buffer.concat([tail, chunk]);
      found = window.includes(WORD_STREAM);
      tail = window.subarray(Math.max(0, window.length - (WORD_STREAM.length - 1)));
      return true;
    },
    finish: () => found,
  };
}

/** Whole-document limits of a DOCX, read from its ZIP central directory. */
export const DOCX_MAX_UNCOMPRESSED = 50 * 1024 * 1024;
const DOCX_MAX_RATIO = 100;
/** The central directory of a real DOCX is a few KB; kept from the end of the stream. */
const ZIP_TAIL_BYTES = 256 * 1024;

/**
 * A DOCX is a ZIP: one that would inflate past DOCX_MAX_UNCOMPRESSED, or an entry compressed
 * more than DOCX_MAX_RATIO to 1 (a zip bomb), or a ZIP64 / unreadable directory, is refused.
 * Nothing is inflated: the sizes come from the central directory at the end of the file.
 */
function zipSizesCheck(): ContentCheck {
  let tail = Buffer.alloc(0);
  let total = 0;
  return {
    update(chunk) {
      total += chunk.length;
      tail = Buffer.concat([tail, chunk]);
      if (tail.length > ZIP_TAIL_BYTES) tail = tail.subarray(tail.length - ZIP_TAIL_BYTES);
      return true;
    },
    finish() {
      const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
      if (eocd < 0 || eocd + 22 > tail.length) return false;
      const entries = tail.readUInt16LE(eocd + 10);
      const cdSize = tail.readUInt32LE(eocd + 12);
      const cdOffset = tail.readUInt32LE(eocd + 16);
      let at = cdOffset - (total - tail.length);
      if (cdOffset === 0xffffffff || at < 0 || at + cdSize > eocd) return false;
      let inflated = 0;
      for (let i = 0; i < entries; i++) {
        if (at + 46 > eocd || tail.readUInt32LE(at) !== 0x02014b50) return false;
        const compressed = tail.readUInt32LE(at + 20);
        const size = tail.readUInt32LE(at + 24);
        if (compressed === 0xffffffff || size === 0xffffffff) return false;
        if (size > 1024 * 1024 && size > compressed * DOCX_MAX_RATIO) return false;
        inflated += size;
        if (inflated > DOCX_MAX_UNCOMPRESSED) return false;
        at += 46 + tail.readUInt16LE(at + 28) + tail.readUInt16LE(at + 30) + tail.readUInt16LE(at + 32);
      }
      return true;
    },
  };
}

/**
 * The document's type from its first bytes (up to SNIFF_BYTES, or all of it when shorter), with
 * the check the rest of its bytes must pass; null when it is not one we accept.
 */
export async function sniffDocumentType(
  head: Buffer,
): Promise<{ type: DetectedType; check: ContentCheck } | null> {
  if (head.length === 0) return null;
  const found = await fileTypeFromBuffer(head);
  if (found) {
    if (found.mime === 'application/x-cfb') {
      if (!head.subarray(0, 8).equals(OLE_SIGNATURE)) return null;
      return { type: { mime: 'application/msword', ext: 'doc', isImage: false }, check: wordStreamCheck() };
    }
    const type = BY_SIGNATURE[found.mime];
    if (!type) return null;
    return { type, check: type.mime === DOCX_MIME ? zipSizesCheck() : alwaysValid };
  }
  if (ACTIVE_TEXT.test(head.subarray(0, 512).toString('latin1'))) return null;
  return { type: { mime: 'text/plain', ext: 'txt', isImage: false }, check: textCheck };
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
  const base = stripUnsafeChars(original ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/["<>|:*?]/g, '')
    .trim()
    .slice(0, 120);
  const name = base || `${fallbackBase}.${type.ext}`;
  const ext = /\.([A-Za-z0-9]{1,5})$/.exec(name)?.[1]?.toLowerCase();
  const accepted = EXTENSIONS[type.ext] ?? [type.ext];
  return ext && accepted.includes(ext) ? name : `${name}.${type.ext}`;
}
