import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, uptime } from 'node:os';
import path from 'node:path';

/**
 * The embedded database has exactly one owner: a second process writing the same folder would
 * silently lose the first one's writes. `DATA_DIR/winsolution.lock` names the owner; it is taken
 * by `npm start`, `seed:demo`, backup and restore alike (every opener of the folder goes through
 * openDatabase). A lock left by a killed process is recognised (PID not alive on this machine, or
 * older than the last boot) and taken over. See docs/deploy.md#database-incorporato.
 */
export const LOCK_FILE = 'winsolution.lock';

export interface LockOwner {
  pid: number;
  hostname: string;
  /** ISO time the owner started. */
  startedAt: string;
  /** What holds it: "server", "seed:demo", "backup"… */
  purpose: string;
  port?: number;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly owner: LockOwner,
    readonly lockPath: string,
  ) {
    super(describeOwner(owner, lockPath));
    this.name = 'DataDirLockedError';
  }
}

const PURPOSES: Record<string, string> = {
  server: 'un server WINSOLUTION',
  'seed:demo': 'npm run seed:demo',
  backup: 'npm run backup',
  restore: 'npm run restore',
};

function describeOwner(owner: LockOwner, lockPath: string): string {
  const what = PURPOSES[owner.purpose] ?? owner.purpose;
  const port = owner.port ? `, porta ${owner.port}` : '';
  const since = new Date(owner.startedAt).toLocaleString('it-IT', { timeZone: 'Europe/Rome' });
  return [
    `La cartella dati ${path.dirname(lockPath)} è già in uso da ${what} (PID ${owner.pid}${port}, host ${owner.hostname}, avviato il ${since}).`,
    'Il database incorporato accetta un solo processo alla volta: ferma quello in corso e riprova,',
    'oppure usa un altro DATA_DIR. Per più istanze serve PostgreSQL (DATABASE_URL): vedi docs/deploy.md.',
    owner.hostname === hostname()
      ? ''
      : `Se sei certo che sull'host ${owner.hostname} non giri più nulla, cancella ${lockPath}.`,
  ]
    .filter(Boolean)
    .join('\n');
}

/** Locks this process holds (path → start time): a second open in the same process is refused too. */
const held = new Map<string, string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A lock whose owner cannot be running any more: only decidable on the same machine. */
function isStale(owner: LockOwner, lockPath: string): boolean {
  if (owner.hostname !== hostname()) return false;
  // Our own PID: held by us, or left by an earlier life of a container whose PIDs restart at 1.
  if (owner.pid === process.pid) return held.get(lockPath) !== owner.startedAt;
  const bootedAt = Date.now() - uptime() * 1000;
  if (new Date(owner.startedAt).getTime() < bootedAt) return true; // PIDs were reused since
  return !isAlive(owner.pid);
}

function readOwner(lockPath: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(lockPath, 'utf8')) as LockOwner;
    return typeof owner.pid === 'number' ? owner : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    // Half-written or garbage: treat as a lock of a process that died while writing it.
    return { pid: -1, hostname: hostname(), startedAt: new Date(0).toISOString(), purpose: 'sconosciuto' };
  }
}

/** Takes the folder's lock or throws DataDirLockedError naming the running owner. */
export function acquireDataDirLock(
  dataDir: string,
  info: { purpose: string; port?: number },
): { owner: LockOwner; release: () => void } {
  const lockPath = path.join(dataDir, LOCK_FILE);
  const owner: LockOwner = {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date().toISOString(),
    purpose: info.purpose,
    ...(info.port ? { port: info.port } : {}),
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      // 'wx': created only if absent, atomically, so two starters cannot both win.
      writeFileSync(lockPath, `${JSON.stringify(owner, null, 2)}\n`, { flag: 'wx', mode: 0o644 });
      let released = false;
      held.set(lockPath, owner.startedAt);
      return {
        owner,
        release: () => {
          if (released) return;
          released = true;
          held.delete(lockPath);
          // Only our own lock: never remove one a later owner took over.
          const current = readOwner(lockPath);
          if (current?.pid === owner.pid && current.startedAt === owner.startedAt)
            rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const current = readOwner(lockPath);
    if (!current) continue; // released meanwhile
    if (!isStale(current, lockPath)) throw new DataDirLockedError(current, lockPath);
    // Move the stale lock aside; if another starter replaced it meanwhile, put theirs back.
    const aside = `${lockPath}.${process.pid}.stale`;
    try {
      renameSync(lockPath, aside);
    } catch {
      continue;
    }
    const moved = readOwner(aside);
    if (moved && (moved.pid !== current.pid || moved.startedAt !== current.startedAt)) {
      renameSync(aside, lockPath);
      continue;
    }
    rmSync(aside, { force: true });
  }
  const current = readOwner(lockPath);
  throw new DataDirLockedError(current ?? owner, lockPath);
}
