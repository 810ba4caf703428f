import { once } from 'node:events';
import { createWriteStream, constants as fsConstants } from 'node:fs';
import { access, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';

/**
 * Where practice documents live (docs/product/lifecycle.md#documenti, docs/deploy.md): the local
 * disk by default, an S3-compatible object store when S3_BUCKET is set. Keys are random names
 * chosen by the server; one interface so the modules never know which store is behind it.
 */
export interface DocumentStorage {
  readonly kind: 'local' | 's3';
  /**
   * Writes the stream under `key`, atomically: a reader never sees half a document, and a stream
   * that fails or is aborted (a refused upload, a customer who goes away) leaves nothing behind.
   */
  put(key: string, body: Readable): Promise<void>;
  /** A stream of the document, or null when it does not exist. */
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Removes the document; removing a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** Throws when the store cannot be written to or reached (readiness, startup checks). */
  check(): Promise<void>;
  /**
   * Removes what an interrupted process left behind, older than `olderThan`: unfinished writes
   * (local `.part` files, incomplete multipart uploads) and documents whose key `isKnown` does
   * not list (a crash between storing and recording). Idempotent.
   */
  sweep(olderThan: Date, isKnown: (keys: string[]) => Promise<Set<string>>): Promise<SweepResult>;
}

export interface SweepResult {
  orphans: number;
  unfinished: number;
}

/** Keys the server generates: 32 hex characters and the extension of the detected type. */
export const DOCUMENT_KEY = /^[0-9a-f]{32}\.[a-z0-9]{1,5}$/;

export const newDocumentKey = (ext: string) => `${randomBytes(16).toString('hex')}.${ext}`;

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

export function assertSafeKey(key: string) {
  // Keys never come from the visitor, but a path in a key must never escape the folder.
  if (!SAFE_KEY.test(key) || key.includes('..') || key.endsWith('.part'))
    throw new Error(`Chiave di archiviazione non valida: ${key}`);
}

/** `<key>.<random>.part`: a write in progress (or left by a process killed during it). */
const PART_FILE = /^([0-9a-f]{32}\.[a-z0-9]{1,5})\.[0-9a-f]+\.part$/;

const SWEEP_BATCH = 500;

export function createLocalStorage(root: string): DocumentStorage {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    kind: 'local',
    async put(key, body) {
      const target = resolve(key);
      await mkdir(root, { recursive: true });
      const temp = `${target}.${randomBytes(4).toString('hex')}.part`;
      const out = createWriteStream(temp, { mode: 0o600, flags: 'wx' });
      try {
        await pipeline(body, out);
        await rename(temp, target);
      } catch (error) {
        body.destroy();
        // A refusal can come before the file is even open: the stream opens it, then closes it.
        // Removed only once closed, or the open would create it again after the removal.
        if (!out.closed) await once(out, 'close').catch(() => undefined);
        await rm(temp, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = resolve(key);
      // Opened now, not lazily by the stream: a document removed before it is read (a lead
      // erased meanwhile) is a null here, never a stream that fails later with nobody listening.
      let handle;
      try {
        handle = await open(file, 'r');
      } catch {
        return null;
      }
      try {
        const info = await handle.stat();
        return { stream: handle.createReadStream(), size: info.size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
    async check() {
      await mkdir(root, { recursive: true });
      await access(root, fsConstants.W_OK);
    },
    async sweep(olderThan, isKnown) {
      const result: SweepResult = { orphans: 0, unfinished: 0 };
      let names: string[];
      try {
        names = await readdir(root);
      } catch {
        return result;
      }
      const stale = async (name: string) => {
        try {
          return (await stat(path.join(root, name))).mtime < olderThan;
        } catch {
          return false;
        }
      };
      const candidates: string[] = [];
      for (const name of names) {
        if (PART_FILE.test(name)) {
          // A .part untouched for the whole grace period belongs to a write that died.
          if (await stale(name)) {
            await rm(path.join(root, name), { force: true });
            result.unfinished += 1;
          }
        } else if (DOCUMENT_KEY.test(name) && (await stale(name))) {
          candidates.push(name);
        }
      }
      for (let i = 0; i < candidates.length; i += SWEEP_BATCH) {
        const batch = candidates.slice(i, i + SWEEP_BATCH);
        const known = await isKnown(batch);
        for (const key of batch) {
          if (known.has(key)) continue;
          await rm(path.join(root, key), { force: true });
          result.orphans += 1;
        }
      }
      return result;
    },
  };
}

/**
 * Reads a stored document into memory: only for the few that must be whole (merging camera pages).
 * One buffer of the announced size, filled in place (no second copy), on its own ArrayBuffer so it
 * can be handed to libraries that read the underlying buffer from offset 0.
 */
export async function readWhole(storage: DocumentStorage, key: string, maxBytes: number): Promise<Buffer> {
  const file = await storage.get(key);
  if (!file) throw new Error(`Documento ${key} non trovato nell'archivio`);
  const tooLarge = () => {
    file.stream.destroy();
    return new Error(`Documento ${key} più grande del previsto`);
  };
  if (file.size > maxBytes) throw tooLarge();
  const whole = Buffer.allocUnsafeSlow(file.size);
  let size = 0;
  for await (const chunk of file.stream) {
    const bytes = chunk as Buffer;
    if (size + bytes.length > file.size) throw tooLarge();
    bytes.copy(whole, size);
    size += bytes.length;
  }
  if (size !== file.size) throw new Error(`Documento ${key} letto solo in parte`);
  return whole;
}
