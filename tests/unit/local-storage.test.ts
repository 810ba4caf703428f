import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '#server/storage/storage.ts';

const root = mkdtempSync(path.join(tmpdir(), 'winsolution-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const key = (n: number) => `${n.toString(16).padStart(32, '0')}.pdf`;

/** A body refused at its first bytes, as an upload whose type check fails at once. */
function refusedAtOnce(): Readable {
  return Readable.from(
    (async function* () {
      yield* [];
      throw new Error('rifiutato');
    })(),
  );
}

describe('documents on the local disk', () => {
  it('a write refused at its first bytes leaves no file and no .part behind', async () => {
    const storage = createLocalStorage(root);
    for (let i = 1; i <= 20; i++)
      await expect(storage.put(key(i), refusedAtOnce())).rejects.toThrow('rifiutato');
    expect(readdirSync(root)).toEqual([]);
  });

  it('a write that completes is there under its key, without a .part', async () => {
    const storage = createLocalStorage(root);
    await storage.put(key(99), Readable.from([Buffer.from('%PDF-1.4 prova')]));
    expect(readdirSync(root)).toEqual([key(99)]);
  });
});
