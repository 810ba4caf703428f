/**
 * Runs npm scripts at the same time and fails when any of them fails (all of them run to the end,
 * so one run reports every failure). The first script's output is shown as it comes; each other
 * script's output is held and shown in one block when it ends, so the log stays readable.
 *
 *   tsx scripts/parallel.ts typecheck lint:eslint lint:format lint:refs
 *
 * Why: on the 2-core CI, tsc, ESLint, Prettier and knip each use one core, and the E2E run leaves
 * part of both cores idle while it waits on the browser (docs/decisions/033-ci-in-parallelo.md).
 */
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('Uso: tsx scripts/parallel.ts <script npm> [<script npm> …]');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();
const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;

const results = await Promise.all(
  names.map(
    (name, index) =>
      new Promise<{ name: string; ok: boolean }>((resolve) => {
        const live = index === 0;
        const child = spawn(npm, ['run', '--silent', name], {
          stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') },
        });
        const held: Buffer[] = [];
        child.stdout?.on('data', (d: Buffer) => held.push(d));
        child.stderr?.on('data', (d: Buffer) => held.push(d));
        child.on('close', (code, signal) => {
          const ok = code === 0;
          const outcome = ok ? 'ok' : `FALLITO (${signal ?? `uscita ${code}`})`;
          if (!live) process.stdout.write(`\n──── ${name} ────\n${Buffer.concat(held).toString()}`);
          console.log(`──── ${name}: ${outcome} dopo ${seconds()} ────`);
          resolve({ name, ok });
        });
      }),
  ),
);

const failed = results.filter((r) => !r.ok).map((r) => r.name);
if (failed.length > 0) {
  console.error(`Falliti: ${failed.join(', ')}`);
  process.exit(1);
}
