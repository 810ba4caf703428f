import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
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
