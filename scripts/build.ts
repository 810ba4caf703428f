/**
 * Builds the client (vite) and the server bundle (esbuild) and records, in dist/, a hash of the
 * files each was built from (and a fingerprint of what it wrote). With `--if-stale` a part whose recorded hash still matches
 * its sources is not built again: `npm install` builds once (prepare), and the E2E run and the
 * tests' global setup reuse that build instead of repeating it, yet never run code older than its
 * sources.
 *
 *   tsx scripts/build.ts                      # client and server, always
 *   tsx scripts/build.ts --if-stale           # only what changed since the last build
 *   tsx scripts/build.ts server --if-stale    # the server bundle only
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Everything each build reads from the repository (more is harmless: only a needless rebuild). */
const PARTS = {
  client: {
    script: 'build:client',
    out: 'dist/client',
    inputs: ['src/client', 'src/shared', 'vite.config.ts'],
  },
  server: {
    script: 'build:server',
    out: 'dist/server',
    inputs: ['src/server', 'src/shared', 'scripts/backup.ts', 'scripts/restore.ts'],
  },
} as const;
type Part = keyof typeof PARTS;

/** Both builds also depend on the installed packages, the import map and the compiler settings. */
const COMMON_INPUTS = ['package.json', 'package-lock.json', 'tsconfig.json'];

function files(entry: string): string[] {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)));
}

/** A hash of the build command and of every input file's path and content. */
function inputsHash(part: Part): string {
  const hash = createHash('sha256');
  const script = (
    JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts[PARTS[part].script];
  hash.update(`${script}\0`);
  const all = [...PARTS[part].inputs, ...COMMON_INPUTS].flatMap(files).sort();
  for (const file of all) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * The output's files, sizes and times: a build run some other way (`npm run build:client`) after
 * the stamp was written changes it, so the stamp no longer vouches for that output.
 */
function outputFingerprint(part: Part): string {
  const hash = createHash('sha256');
  for (const file of files(PARTS[part].out).sort()) {
    const { size, mtimeMs } = statSync(path.join(root, file));
    hash.update(`${file}\0${size}\0${mtimeMs}\0`);
  }
  return hash.digest('hex');
}

/** Outside the output folder, which the client build empties and the server serves. */
const stampFile = (part: Part) => path.join(root, `dist/.build-${part}`);

function isFresh(part: Part, inputs: string): boolean {
  const stamp = stampFile(part);
  return existsSync(stamp) && readFileSync(stamp, 'utf8') === `${inputs}\n${outputFingerprint(part)}`;
}

export function build(parts: Part[], ifStale: boolean) {
  for (const part of parts) {
    const hash = inputsHash(part);
    if (ifStale && isFresh(part, hash)) {
      console.log(`build:${part}: già aggiornato`);
      continue;
    }
    // The server's chunks are named by their hash: the old ones would stay beside the new.
    rmSync(path.join(root, PARTS[part].out), { recursive: true, force: true });
    // Always the production build, whoever asks for it: under Vitest NODE_ENV is 'test', and Vite
    // would then bundle React's development runtime (about 60 KB more on the landing).
    const result = spawnSync('npm', ['run', '-s', PARTS[part].script], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
    writeFileSync(stampFile(part), `${hash}\n${outputFingerprint(part)}`);
  }
}

const args = process.argv.slice(2);
const named = args.filter((a): a is Part => a in PARTS);
build(named.length > 0 ? named : ['client', 'server'], args.includes('--if-stale'));
