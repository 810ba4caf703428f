/**
 * `npm run backup` / `npm run restore` for the embedded database and its documents
 * (docs/deploy.md#backup): a backup restored into an empty folder gives back every lead,
 * practice and document, byte for byte; neither command works on a folder in use, and a restore
 * never overwrites data.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#server/db/client.ts';
import { prepareDatabase } from '#server/db/prepare.ts';
import { documenti, leads, pratiche } from '#server/db/schema.ts';
import { newDocumentKey } from '#server/storage/storage.ts';
import { insertDocumento, insertLead, insertPratica } from '#test/setup/factories.ts';

const skip = Boolean(process.env.TEST_DATABASE_URL);
const root = path.resolve(import.meta.dirname, '../..');
let folder: string;
const source = () => ({
  dataDir: path.join(folder, 'data'),
  uploadDir: path.join(folder, 'data', 'uploads'),
});

beforeAll(async () => {
  if (skip) return;
  folder = mkdtempSync(path.join(tmpdir(), 'winsolution-backup-test-'));
  const handle = await openDatabase({ dataDir: source().dataDir, owner: { purpose: 'test' } });
  try {
    await prepareDatabase(handle, { adminEmail: 'admin@backup.it', adminPassword: 'password-backup-1' });
    for (let i = 0; i < 3; i++) {
      const lead = await insertLead(handle.db);
      const pratica = await insertPratica(handle.db, { leadId: lead.id });
      const filename = newDocumentKey('pdf');
      await insertDocumento(handle.db, { praticaId: pratica.id, filename });
      mkdirSync(source().uploadDir, { recursive: true });
      writeFileSync(path.join(source().uploadDir, filename), randomBytes(200_000 + i));
    }
  } finally {
    await handle.close();
  }
}, 120_000);
afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/**
 * `npm run <script> -- <file>` with DATA_DIR/UPLOAD_DIR of `dirs`: the compiled script, as npm runs
 * it (the tests' global setup rebuilds dist/server).
 */
function run(script: 'backup' | 'restore', file: string, dirs: { dataDir: string; uploadDir: string }) {
  const result = spawnSync(process.execPath, [`dist/server/${script}.js`, file], {
    cwd: root,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dirs.dataDir,
      UPLOAD_DIR: dirs.uploadDir,
    },
  });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

async function snapshot(dirs: { dataDir: string; uploadDir: string }) {
  const handle = await openDatabase({ dataDir: dirs.dataDir, owner: { purpose: 'test' } });
  try {
    const db: Database = handle.db;
    return {
      leads: await db.select().from(leads).orderBy(asc(leads.id)),
      pratiche: await db.select().from(pratiche).orderBy(asc(pratiche.id)),
      documenti: await db.select().from(documenti).orderBy(asc(documenti.id)),
      files: Object.fromEntries(
        readdirSync(dirs.uploadDir)
          .sort()
          .map((name) => [name, readFileSync(path.join(dirs.uploadDir, name)).toString('base64')]),
      ),
    };
  } finally {
    await handle.close();
  }
}

describe.skipIf(skip)('backup and restore of the embedded database', { timeout: 240_000 }, () => {
  it('restores into an empty folder every lead, practice and document, byte for byte', async () => {
    const file = path.join(folder, 'backup', 'winsolution.tar.gz');
    const backup = run('backup', file, source());
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain('3 documenti');

    const target = {
      dataDir: path.join(folder, 'ripristino'),
      uploadDir: path.join(folder, 'ripristino-doc'),
    };
    const restore = run('restore', file, target);
    expect(restore.code, restore.output).toBe(0);

    const before = await snapshot(source());
    const after = await snapshot(target);
    expect(before.leads).toHaveLength(3);
    expect(before.documenti).toHaveLength(3);
    expect(Object.keys(after.files)).toHaveLength(3);
    expect(after).toEqual(before);
  });

  it('refuses to restore over a folder that is not empty, and changes nothing', async () => {
    const file = path.join(folder, 'backup', 'winsolution.tar.gz');
    const before = await snapshot(source());
    const restore = run('restore', file, source());
    expect(restore.code).toBe(1);
    expect(restore.output).toContain('non è vuota: il ripristino non sovrascrive dati esistenti');
    expect(await snapshot(source())).toEqual(before);
  });

  it('refuses to back up or restore a folder held by a running process, naming it', async () => {
    const handle = await openDatabase({
      dataDir: source().dataDir,
      owner: { purpose: 'server', port: 5999 },
    });
    try {
      const file = path.join(folder, 'occupato.tar.gz');
      const backup = run('backup', file, source());
      expect(backup.code).toBe(1);
      expect(backup.output).toContain(`(PID ${process.pid}, porta 5999`);
      expect(existsSync(file)).toBe(false);
    } finally {
      await handle.close();
    }
  });
});
