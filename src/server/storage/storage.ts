import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where practice documents live (docs/product/lifecycle.md#documenti). Keys are random names chosen by the server;
 * one interface so a cloud store can replace the local disk without touching the modules.
 */
export interface DocumentStorage {
  /** Writes atomically: a reader never sees half a file, a failure leaves nothing behind. */
  put(key: string, data: Buffer): Promise<void>;
  /** A stream of the document, or null when it does not exist. */
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Removes the document; removing a missing one is not an error. */
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

function assertSafeKey(key: string) {
  // Keys never come from the visitor, but a path in a key must never escape the folder.
  if (!SAFE_KEY.test(key) || key.includes('..'))
    throw new Error(`Chiave di archiviazione non valida: ${key}`);
}

export function createLocalStorage(root: string): DocumentStorage {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const target = resolve(key);
      await mkdir(root, { recursive: true });
      const temp = `${target}.${process.pid}.${Date.now()}.part`;
      try {
        await writeFile(temp, data, { mode: 0o600 });
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = resolve(key);
      try {
        const info = await stat(file);
        return { stream: createReadStream(file), size: info.size };
      } catch {
        return null;
      }
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
  };
}
