/**
 * First-load weight of each HTML entry of the built client: the JS and CSS a browser fetches
 * before the page answers (entry script, its static imports and modulepreloads, stylesheets and
 * the CSS inlined as <style>), gzipped. Then, for the landing, the chunks it fetches later on its own (WINBOT, on idle): what
 * each adds beyond the first load. Builds first when dist/client is missing or older than the
 * sources. Exits 1 when a page or one of the landing's later chunks is over its budget (landing
 * 95 KB gzipped, what a phone on 4G fetches before the first step answers; the sign-in page 145 KB; the later steps 30 KB;
 * WINBOT 20 KB). tests/unit/first-load-budget.test.ts holds the same gate in the test suite.
 *
 *   npm run size            # prints the table
 *   npm run size -- --build # forces a fresh build
 *
 * bench/run.ts imports measureFirstLoad and formatFirstLoadTable for its report.
 */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist/client');
/**
 * See docs/product/landing.md#primo-caricamento; the sign-in page (auth.html) carries its form,
 * not the back-office (docs/primo-caricamento.md).
 */
export const FIRST_LOAD_BUDGETS_KB: Record<string, number> = { 'landing.html': 95, 'auth.html': 145 };
/** Chunks a page loads after its first paint, by chunk name, reported for these pages only. */
export const LAZY_BUDGETS_KB: Record<string, Record<string, number>> = {
  'landing.html': { winbot: 20, 'later-steps': 30 },
};

export interface FirstLoadFile {
  file: string;
  gzipBytes: number;
}

/** A chunk fetched after the first load (dynamic import): what it adds, JS and CSS. */
export interface LazyChunk {
  page: string;
  /** The chunk's name, as Vite names it after its module ("winbot"). */
  name: string;
  jsGzipBytes: number;
  cssGzipBytes: number;
  totalGzipBytes: number;
  budgetKb: number | undefined;
  isOverBudget: boolean;
  files: FirstLoadFile[];
}

export interface FirstLoadPage {
  page: string;
  jsFiles: number;
  jsGzipBytes: number;
  cssFiles: number;
  cssGzipBytes: number;
  totalGzipBytes: number;
  budgetKb: number | undefined;
  isOverBudget: boolean;
  files: FirstLoadFile[];
  /** Only for the pages of LAZY_BUDGETS_KB. */
  lazy: LazyChunk[];
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function needsBuild(force: boolean): boolean {
  if (force) return true;
  const html = path.join(dist, 'landing.html');
  if (!existsSync(html)) return true;
  const built = statSync(html).mtimeMs;
  return (
    newestMtime(path.join(root, 'src/client')) > built || newestMtime(path.join(root, 'src/shared')) > built
  );
}

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
export const kb = (bytes: number) => (bytes / 1024).toFixed(1);

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

/** A chunk another imports dynamically: its file and the files Vite preloads with it. */
interface DynamicImport {
  /** The chunk's name, as Vite names it after its module ("winbot"). */
  name: string;
  entry: string;
  deps: string[];
}

/**
 * The chunks a file imports dynamically, read from Vite's preload calls:
 * `import("./winbot-x.js"), __vite__mapDeps([0,1,…])` with the list `m.f=["assets/…", …]`.
 */
function dynamicImports(file: string): DynamicImport[] {
  const code = readFileSync(file, 'utf8');
  const list = /m\.f=\[([^\]]*)\]/.exec(code)?.[1];
  const depFiles = list ? [...list.matchAll(/["'`]([^"'`]+)["'`]/g)].map((m) => path.join(dist, m[1])) : [];
  return [
    ...code.matchAll(
      /import\(["'`]\.\/([^"'`]+\.js)["'`]\)(?:[^,]*?\)\))?(?:\s*,\s*__vite__mapDeps\(\[([\d,]*)\]\))?/g,
    ),
  ].map((m) => ({
    name: path.basename(m[1]).replace(/-[\w-]{8}\.js$/, ''),
    entry: path.resolve(path.dirname(file), m[1]),
    deps: (m[2] ?? '')
      .split(',')
      .filter(Boolean)
      .map((i) => depFiles[Number(i)]),
  }));
}

/** The JS (with its static imports) and CSS of a dynamic import. */
function importFiles(d: DynamicImport): { js: Set<string>; css: string[] } {
  const js = new Set<string>();
  for (const dep of [d.entry, ...d.deps.filter((f) => f.endsWith('.js'))]) staticClosure(dep, js);
  return { js, css: d.deps.filter((f) => f.endsWith('.css')) };
}

/**
 * The chunks the first-load files import dynamically, each with the JS and CSS it needs that the
 * first load has not already fetched.
 */
function lazyChunks(page: string, firstLoad: Set<string>): LazyChunk[] {
  const chunks: LazyChunk[] = [];
  for (const file of firstLoad) {
    for (const d of dynamicImports(file)) {
      const { js, css: cssFiles } = importFiles(d);
      const jsFiles = [...js].filter((f) => !firstLoad.has(f));
      if (jsFiles.length === 0 && cssFiles.length === 0) continue;
      const files = [...jsFiles, ...cssFiles].map((f) => ({
        file: path.relative(dist, f),
        gzipBytes: gz(f),
      }));
      const jsGzipBytes = files.slice(0, jsFiles.length).reduce((n, f) => n + f.gzipBytes, 0);
      const cssGzipBytes = files.slice(jsFiles.length).reduce((n, f) => n + f.gzipBytes, 0);
      const budgetKb = LAZY_BUDGETS_KB[page]?.[d.name];
      const totalGzipBytes = jsGzipBytes + cssGzipBytes;
      chunks.push({
        page,
        name: d.name,
        jsGzipBytes,
        cssGzipBytes,
        totalGzipBytes,
        budgetKb,
        isOverBudget: budgetKb != null && totalGzipBytes / 1024 > budgetKb,
        files,
      });
    }
  }
  return chunks;
}

/** The first-load weight of every page of dist/client, building it first when it is stale. */
export function measureFirstLoad(options: { build?: boolean } = {}): FirstLoadPage[] {
  if (needsBuild(options.build ?? false)) {
    console.log('Compilo il client (vite build)…');
    execSync('npx vite build --logLevel warn', { cwd: root, stdio: 'inherit' });
  }
  const pages: FirstLoadPage[] = [];
  for (const htmlName of readdirSync(dist)
    .filter((f) => f.endsWith('.html'))
    .sort()) {
    const html = readFileSync(path.join(dist, htmlName), 'utf8');
    const resolveUrl = (url: string) => path.join(dist, url.replace(/^\//, ''));
    const js = new Set<string>();
    const css = new Set<string>();
    for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) {
      const entry = resolveUrl(m[1]);
      staticClosure(entry, js);
      // The entry only loads the app, once the page has painted (src/client/lib/after-first-paint.ts):
      // what it imports is still the first load.
      for (const d of dynamicImports(entry)) for (const f of importFiles(d).js) js.add(f);
    }
    for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
      staticClosure(resolveUrl(m[1]), js);
    // A disabled link is never fetched: its file is the <style> written into the page (vite.config.ts).
    for (const m of html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g))
      if (!/\sdisabled[\s>]/.test(m[0])) css.add(resolveUrl(m[1]));
    // The CSS inlined as <style> arrives with the HTML, and weighs as much as the file would.
    const inlineCss = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m, i) => ({
      file: `${htmlName} <style> ${i + 1}`,
      gzipBytes: gzipSync(m[1], { level: 9 }).length,
    }));
    const files = [
      ...[...js].map((f) => ({ file: path.relative(dist, f), gzipBytes: gz(f) })),
      ...[...css].map((f) => ({ file: path.relative(dist, f), gzipBytes: gz(f) })),
      ...inlineCss,
    ];
    const jsGzipBytes = files.slice(0, js.size).reduce((n, f) => n + f.gzipBytes, 0);
    const cssGzipBytes = files.slice(js.size).reduce((n, f) => n + f.gzipBytes, 0);
    const totalGzipBytes = jsGzipBytes + cssGzipBytes;
    const budgetKb = FIRST_LOAD_BUDGETS_KB[htmlName];
    const lazy = LAZY_BUDGETS_KB[htmlName] ? lazyChunks(htmlName, js) : [];
    pages.push({
      page: htmlName,
      jsFiles: js.size,
      jsGzipBytes,
      cssFiles: css.size + inlineCss.length,
      cssGzipBytes,
      totalGzipBytes,
      budgetKb,
      isOverBudget: budgetKb != null && totalGzipBytes / 1024 > budgetKb,
      files,
      lazy,
    });
  }
  return pages;
}

/** The Markdown table of `npm run size`; with details, one row per file under its page. */
export function formatFirstLoadTable(pages: FirstLoadPage[], options: { details?: boolean } = {}): string {
  const rows = [
    '| pagina | file JS | JS gz | file CSS | CSS gz | totale gz | budget KB |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const p of pages) {
    const budget = p.budgetKb ? `${p.budgetKb} ${p.isOverBudget ? '❌ oltre' : '✅'}` : '—';
    rows.push(
      `| ${p.page} | ${p.jsFiles} | ${kb(p.jsGzipBytes)} | ${p.cssFiles} | ${kb(p.cssGzipBytes)} | **${kb(p.totalGzipBytes)}** | ${budget} |`,
    );
    if (options.details) for (const f of p.files) rows.push(`|   ${f.file} | | | | | ${kb(f.gzipBytes)} | |`);
  }
  return rows.join('\n');
}

/** The Markdown table of the chunks pages fetch later (WINBOT); with details, one row per file. */
export function formatLazyTable(pages: FirstLoadPage[], options: { details?: boolean } = {}): string {
  const rows = ['| pagina | chunk | JS gz | CSS gz | totale gz | budget KB |', '|---|---|---|---|---|---|'];
  for (const c of pages.flatMap((p) => p.lazy)) {
    const budget = c.budgetKb ? `${c.budgetKb} ${c.isOverBudget ? '❌ oltre' : '✅'}` : '—';
    rows.push(
      `| ${c.page} | ${c.name} | ${kb(c.jsGzipBytes)} | ${kb(c.cssGzipBytes)} | **${kb(c.totalGzipBytes)}** | ${budget} |`,
    );
    if (options.details) for (const f of c.files) rows.push(`|   ${f.file} | | | | ${kb(f.gzipBytes)} | |`);
  }
  return rows.join('\n');
}

// Run as a script (npm run size), not when imported.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const pages = measureFirstLoad({ build: process.argv.includes('--build') });
  console.log('\nPrimo caricamento per pagina (KB gzip, livello 9)\n');
  console.log(formatFirstLoadTable(pages, { details: true }));
  console.log('\nCaricati dopo il primo caricamento, quando il browser è libero (KB gzip in più)\n');
  console.log(formatLazyTable(pages, { details: true }));
  if (pages.some((p) => p.isOverBudget || p.lazy.some((c) => c.isOverBudget))) {
    console.error('\nBudget superato.');
    process.exit(1);
  }
}
