/**
 * `npm start`: builds the client when its sources are newer than the last build, then runs the
 * server, which migrates, seeds and serves on PORT.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist/client/index.html');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = Math.max(
  newestMtime(path.join(root, 'src/client')),
  newestMtime(path.join(root, 'src/shared')),
  statSync(path.join(root, 'vite.config.ts')).mtimeMs,
  statSync(path.join(root, 'package-lock.json')).mtimeMs,
);
if (!existsSync(built) || statSync(built).mtimeMs < sources) {
  console.log('Compilazione del client in corso...');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import('#server/main.ts');
