/**
 * First-load weight of each HTML entry of the built client: the JS and CSS a browser fetches
 * before first paint (entry script, its static imports and modulepreloads, stylesheets),
 * gzipped. Builds first when dist/client is missing or older than the sources. Exits 1 when the
 * landing is over its budget (issue 3: 120 KB gzipped).
 *
 *   npm run size            # prints the table
 *   npm run size -- --build # forces a fresh build
 */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist/client');
const BUDGETS_KB: Record<string, number> = { 'landing.html': 120 };

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function needsBuild(): boolean {
  if (process.argv.includes('--build')) return true;
  const html = path.join(dist, 'landing.html');
  if (!existsSync(html)) return true;
  const built = statSync(html).mtimeMs;
  return newestMtime(path.join(root, 'src/client')) > built || newestMtime(path.join(root, 'src/shared')) > built;
}

if (needsBuild()) {
  console.log('Compilo il client (vite build)…');
  execSync('npx vite build --logLevel warn', { cwd: root, stdio: 'inherit' });
}

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** Every JS module reached by static imports from the given one (dynamic imports excluded). */
function staticClosure(file: string, seen: Set<string>) {
  if (seen.has(file)) return;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  // import x from "./a.js"; import "./b.js"; export … from "./c.js" — not import("./d.js").
  const pattern = /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g;
  for (const match of code.matchAll(pattern)) {
    const target = path.resolve(path.dirname(file), match[1]);
    if (existsSync(target)) staticClosure(target, seen);
  }
}

let failed = false;
const rows: string[] = [];
for (const htmlName of readdirSync(dist).filter((f) => f.endsWith('.html')).sort()) {
  const html = readFileSync(path.join(dist, htmlName), 'utf8');
  const resolveUrl = (url: string) => path.join(dist, url.replace(/^\//, ''));
  const js = new Set<string>();
  const css = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) staticClosure(resolveUrl(m[1]), js);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) staticClosure(resolveUrl(m[1]), js);
  for (const m of html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)) css.add(resolveUrl(m[1]));
  const jsGz = [...js].reduce((n, f) => n + gz(f), 0);
  const cssGz = [...css].reduce((n, f) => n + gz(f), 0);
  const total = jsGz + cssGz;
  const budget = BUDGETS_KB[htmlName];
  const over = budget != null && total / 1024 > budget;
  if (over) failed = true;
  rows.push(
    `| ${htmlName} | ${js.size} | ${kb(jsGz)} | ${css.size} | ${kb(cssGz)} | **${kb(total)}** | ${budget ? `${budget} ${over ? '❌ oltre' : '✅'}` : '—'} |`,
  );
  for (const f of [...js, ...css]) rows.push(`|   ${path.relative(dist, f)} | | | | | ${kb(gz(f))} | |`);
}

console.log('\nPrimo caricamento per pagina (KB gzip, livello 9)\n');
console.log('| pagina | file JS | JS gz | file CSS | CSS gz | totale gz | budget KB |');
console.log('|---|---|---|---|---|---|---|');
console.log(rows.join('\n'));
if (failed) {
  console.error('\nBudget superato.');
  process.exit(1);
}
