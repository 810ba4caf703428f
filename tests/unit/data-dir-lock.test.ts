import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE } from '#server/db/data-dir-lock.ts';
import { assertWritableFolder, StartupError } from '#server/startup-checks.ts';
import { SERVER_COMMAND } from '#test/support/spawn-server.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'winsolution-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The PID of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

const tsx = path.resolve('node_modules/.bin/tsx');

/**
 * Runs a script of the project with the given environment and answers its exit code and output:
 * the server as `npm start` runs it (the compiled bundle the global setup keeps fresh, a second
 * less than compiling its sources with tsx at each start), the other scripts with tsx.
 */
function run(script: string, env: Record<string, string>) {
  const [command, args] =
    script === 'src/server/main.ts' ? [process.execPath, SERVER_COMMAND] : [tsx, [script]];
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(command, args, { env: { ...process.env, NODE_ENV: 'production', ...env } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('the embedded database has one owner', () => {
  it('a second opener is refused with an Italian message naming the running one (PID, port)', () => {
    const first = acquireDataDirLock(dir, { purpose: 'server', port: 5000 });
    try {
      let refused: unknown;
      try {
        acquireDataDirLock(dir, { purpose: 'seed:demo' });
      } catch (error) {
        refused = error;
      }
      expect(refused).toBeInstanceOf(DataDirLockedError);
      const message = (refused as Error).message;
      expect(message).toContain(`già in uso da un server WINSOLUTION (PID ${process.pid}, porta 5000`);
      expect(message).toContain('ferma quello in corso e riprova');
    } finally {
      first.release();
    }
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    acquireDataDirLock(dir, { purpose: 'server' }).release();
  });

  it.each([
    ['a killed process', () => ({ pid: deadPid(), startedAt: new Date().toISOString() })],
    ['a process started before the last boot', () => ({ pid: 1, startedAt: '2000-01-01T00:00:00.000Z' })],
    ['a half-written file', () => null],
  ])('a stale lock left by %s is taken over', (_what, make) => {
    const stale = make();
    writeFileSync(
      path.join(dir, LOCK_FILE),
      stale
        ? JSON.stringify({ ...stale, hostname: hostname(), purpose: 'server', port: 5000 })
        : '{"pid": 12',
    );
    const lock = acquireDataDirLock(dir, { purpose: 'server', port: 5001 });
    const owner = JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8'));
    expect(owner).toMatchObject({ pid: process.pid, port: 5001, purpose: 'server' });
    lock.release();
  });

  it('a lock held on another host is never taken over', () => {
    writeFileSync(
      path.join(dir, LOCK_FILE),
      JSON.stringify({
        pid: 1,
        hostname: 'altro-server',
        startedAt: new Date().toISOString(),
        purpose: 'server',
      }),
    );
    expect(() => acquireDataDirLock(dir, { purpose: 'server' })).toThrow(/sull'host altro-server/);
  });

  it('openDatabase obeys the lock (seed:demo and every script open the folder through it)', async () => {
    const held = acquireDataDirLock(dir, { purpose: 'server', port: 5000 });
    try {
      await expect(openDatabase({ dataDir: dir, owner: { purpose: 'seed:demo' } })).rejects.toBeInstanceOf(
        DataDirLockedError,
      );
    } finally {
      held.release();
    }
  });

  it('a second server on the same DATA_DIR exits 1 naming the first one', async () => {
    const held = acquireDataDirLock(dir, { purpose: 'server', port: 5000 });
    try {
      const { code, output } = await run('src/server/main.ts', {
        DATA_DIR: dir,
        UPLOAD_DIR: path.join(dir, 'uploads'),
        PORT: '5199',
      });
      expect(code).toBe(1);
      expect(output).toContain(`già in uso da un server WINSOLUTION (PID ${process.pid}, porta 5000`);
      expect(output).not.toMatch(/\n\s+at /);
    } finally {
      held.release();
    }
  });

  it('npm run seed:demo on a folder a server holds exits 1 with the message and touches nothing', async () => {
    const held = acquireDataDirLock(dir, { purpose: 'server', port: 5123 });
    try {
      const { code, output } = await run('scripts/seed-demo.ts', { DATA_DIR: dir });
      expect(code).toBe(1);
      expect(output).toContain(`(PID ${process.pid}, porta 5123`);
      expect(output).not.toMatch(/\n\s+at /); // no stack trace
      expect(existsSync(path.join(dir, 'pglite'))).toBe(false);
    } finally {
      held.release();
    }
  });
});

describe('startup checks', () => {
  it('the server refuses a DATA_DIR it cannot write with an Italian message, no stack trace', async () => {
    const file = path.join(dir, 'un-file');
    writeFileSync(file, 'non una cartella');
    const { code, output } = await run('src/server/main.ts', {
      DATA_DIR: path.join(file, 'dati'),
      UPLOAD_DIR: path.join(dir, 'uploads'),
      PORT: '5199',
    });
    expect(code).toBe(1);
    expect(output).toContain(`La cartella dei dati ${path.join(file, 'dati')} non è scrivibile`);
    expect(output).toContain('imposta DATA_DIR');
    expect(output).not.toMatch(/\n\s+at /);
  });

  it('the server refuses an UPLOAD_DIR it cannot write', async () => {
    const file = path.join(dir, 'un-file');
    writeFileSync(file, 'non una cartella');
    const { code, output } = await run('src/server/main.ts', {
      DATA_DIR: path.join(dir, 'dati'),
      UPLOAD_DIR: file,
      PORT: '5199',
    });
    expect(code).toBe(1);
    expect(output).toContain(`La cartella dei documenti ${file} non è scrivibile`);
    expect(output).toContain('imposta UPLOAD_DIR');
    // Refused before the database was opened: the folder is not left locked.
    expect(existsSync(path.join(dir, 'dati', LOCK_FILE))).toBe(false);
  });

  it('a read-only folder is named with its reason', () => {
    const readOnly = path.join(dir, 'sola-lettura');
    writeFileSync(path.join(dir, 'marker'), '');
    if (process.getuid?.() === 0) {
      // root writes through any permission bit: a path below a file fails the same way.
      expect(() => assertWritableFolder(path.join(dir, 'marker', 'x'), 'DATA_DIR', 'dei dati')).toThrow(
        StartupError,
      );
      return;
    }
    assertWritableFolder(readOnly, 'DATA_DIR', 'dei dati');
    chmodSync(readOnly, 0o500);
    expect(() => assertWritableFolder(readOnly, 'DATA_DIR', 'dei dati')).toThrow(
      `La cartella dei dati ${readOnly} non è scrivibile (permesso negato).`,
    );
  });
});
