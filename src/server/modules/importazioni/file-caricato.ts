import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { pipeline } from 'node:stream/promises';
import { msg } from '#shared/messages.ts';
import { AppError } from '#server/lib/app-error.ts';

/**
 * An uploaded import file (or supplier statement), streamed to a temporary file as it arrives: a
 * 100,000-row file is never held whole in memory (docs/product/importazione.md#file). Removed once
 * its rows are stored.
 */
export class UploadedFile {
  constructor(
    readonly path: string,
    readonly bytes: number,
  ) {}
  remove() {
    return rm(this.path, { force: true });
  }
}

export async function streamToDisk(
  body: Readable,
  maxBytes: number,
  tooLarge: string = msg.importazione.fileTroppoGrande,
): Promise<UploadedFile> {
  const file = path.join(tmpdir(), `winsolution-import-${randomUUID()}`);
  let bytes = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) done(new AppError(413, 'PAYLOAD_TOO_LARGE', tooLarge));
      else done(null, chunk);
    },
  });
  try {
    await pipeline(body, limit, createWriteStream(file));
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
  return new UploadedFile(file, bytes);
}

/** The file types an upload may be sent as: the request body itself, XLSX or CSV. */
const UPLOAD_TYPES = [
  'application/octet-stream',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];

/**
 * The routes of `app` take such a body streamed to a temporary file as it comes (an UploadedFile),
 * removed once answered, whatever the answer.
 */
export function acceptUploadedFiles(app: FastifyInstance, maxBytes: number) {
  app.addContentTypeParser(UPLOAD_TYPES, async (_request: unknown, payload: Readable) =>
    streamToDisk(payload, maxBytes),
  );
  app.addHook('onResponse', async (request) => {
    if (request.body instanceof UploadedFile) await request.body.remove();
  });
}
