import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UPLOAD_MAX_FILE_BYTES, UPLOAD_MAX_FILES } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import { stripUnsafeChars } from '#shared/text-rules.ts';
import { AppError } from '#server/lib/app-error.ts';
import {
  safeDisplayName,
  sniffDocumentType,
  SNIFF_BYTES,
  type DetectedType,
} from '#server/storage/file-check.ts';
import { newDocumentKey, type DocumentStorage } from '#server/storage/storage.ts';

const m = msg.landing;

/**
 * Multipart for document uploads, in the calling plugin's scope only (the rest of the API keeps
 * JSON bodies). Files are never spilled to a temporary folder: they stream to the store.
 */
export async function registerDocumentUploads(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: UPLOAD_MAX_FILE_BYTES,
      files: UPLOAD_MAX_FILES,
      fields: 20,
      fieldSize: 10 * 1024,
      parts: UPLOAD_MAX_FILES + 20,
      headerPairs: 100,
    },
  });
}

/** A document stored under a fresh key, not yet recorded in the database. */
export interface ReceivedDocument {
  parte: string;
  key: string;
  displayName: string;
  type: DetectedType;
  sizeBytes: number;
  sha256: string;
}

export interface ReceivedDocuments {
  files: ReceivedDocument[];
  /** The text fields sent with the files (a staff upload names its lead there). */
  fields: Record<string, string>;
  /** Removes every stored document: call it when recording them fails. */
  discard(): Promise<void>;
}

export interface UploadRules {
  /** The multipart part names accepted; any other is refused. */
  parts: readonly string[];
  /** Parts that must be photos (the camera pages of a bill). */
  imageOnly?: (parte: string) => boolean;
  /** Several files in one part (staff attach any number under `files`); the landing sends one per part. */
  repeatable?: boolean;
  /** The refusal of an unknown part, when the caller explains it its own way. */
  unknownPartMessage?: (parte: string) => string;
}

/** Multipart errors of @fastify/multipart and busboy, in the customer's language. */
export function translateMultipartError(error: unknown): unknown {
  const code = (error as { code?: string } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, 'FILE_TOO_LARGE', m.fileTooLarge);
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError(413, 'TOO_MANY_FILES', m.tooManyFiles);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_PROTO_VIOLATION':
    case 'FST_FIELDS_LIMIT':
      return AppError.badRequest(m.notMultipart, 'NOT_MULTIPART');
    default:
      // busboy's words for a body cut short (a dropped connection, a probe).
      if (error instanceof Error && /Unexpected end|Part terminated/i.test(error.message)) {
        return AppError.badRequest(m.uploadTruncated, 'UPLOAD_TRUNCATED');
      }
      if (
        error instanceof Error &&
        /Malformed|boundary|terminated early|Premature close/i.test(error.message)
      ) {
        return AppError.badRequest(m.notMultipart, 'NOT_MULTIPART');
      }
      return error;
  }
}

const tooLarge = () => new AppError(413, 'FILE_TOO_LARGE', m.fileTooLarge);

/**
 * The one upload pipeline: each file part is recognised from its first bytes, then streamed to
 * the store while its size, hash and content rules are checked, so a 10 MB bill is never held
 * whole in memory. Refusals (type, size, count, a broken or aborted request) leave nothing in the
 * store. Nothing is recorded in the database here: the caller does that, and calls `discard()`
 * if it fails.
 */
export async function receiveDocuments(
  request: FastifyRequest,
  storage: DocumentStorage,
  rules: UploadRules,
): Promise<ReceivedDocuments> {
  if (!request.isMultipart()) throw AppError.badRequest(m.notMultipart, 'NOT_MULTIPART');
  const files: ReceivedDocument[] = [];
  const fields: Record<string, string> = {};
  const discard = async () => {
    await Promise.all(files.map((f) => storage.remove(f.key).catch(() => undefined)));
  };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (!rules.parts.includes(part.fieldname))
        throw AppError.badRequest(
          (rules.unknownPartMessage ?? m.unknownPart)(part.fieldname),
          'UNKNOWN_PART',
        );
      if (!rules.repeatable && files.some((f) => f.parte === part.fieldname))
        throw AppError.badRequest(m.duplicatePart(part.fieldname), 'DUPLICATE_PART');
      files.push(await receiveFile(part, storage, rules));
    }
  } catch (error) {
    await discard();
    throw translateMultipartError(error);
  }
  if (files.length === 0) throw AppError.badRequest(m.noFiles, 'NO_FILES');
  return { files, fields, discard };
}

async function receiveFile(
  part: MultipartFile,
  storage: DocumentStorage,
  rules: UploadRules,
): Promise<ReceivedDocument> {
  const shownName = stripUnsafeChars(part.filename ?? '').trim() || part.fieldname;
  const source = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;

  // The first bytes decide the type before anything is written.
  const headChunks: Buffer[] = [];
  let headLength = 0;
  let ended = false;
  while (headLength < SNIFF_BYTES) {
    const next = await source.next();
    if (next.done) {
      ended = true;
      break;
    }
    headChunks.push(next.value);
    headLength += next.value.length;
  }
  if (part.file.truncated) throw tooLarge();
  const head = Buffer.concat(headChunks);
  if (head.length === 0) throw AppError.badRequest(m.emptyFile(shownName), 'EMPTY_FILE');
  const sniffed = await sniffDocumentType(head);
  const refused = () => AppError.badRequest(m.fileTypeNotAllowed(shownName), 'FILE_TYPE_NOT_ALLOWED');
  if (!sniffed) {
    await source.return?.();
    throw refused();
  }
  const { type, check } = sniffed;
  if (rules.imageOnly?.(part.fieldname) && !type.isImage) {
    await source.return?.();
    throw AppError.badRequest(m.photoNotImage(shownName), 'PHOTO_NOT_IMAGE');
  }

  const hash = createHash('sha256');
  let size = 0;
  const take = (chunk: Buffer) => {
    size += chunk.length;
    if (size > UPLOAD_MAX_FILE_BYTES) throw tooLarge();
    if (!check.update(chunk)) throw refused();
    hash.update(chunk);
    return chunk;
  };
  async function* checked() {
    yield take(head);
    if (!ended) {
      for (let next = await source.next(); !next.done; next = await source.next()) yield take(next.value);
    }
    // busboy stops at the limit and ends the part: a cut file is refused, not stored.
    if (part.file.truncated) throw tooLarge();
    if (!check.finish()) throw refused();
  }

  const key = newDocumentKey(type.ext);
  try {
    // The generator's checks run as the bytes flow: a refusal fails the write, which removes it.
    await storage.put(key, Readable.from(checked(), { objectMode: false }));
  } catch (error) {
    await source.return?.();
    throw error;
  }
  return {
    parte: part.fieldname,
    key,
    displayName: safeDisplayName(part.filename, part.fieldname, type),
    type,
    sizeBytes: size,
    sha256: hash.digest('hex'),
  };
}
