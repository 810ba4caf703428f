/**
 * `npm run lint` step: every reference in the repository leads somewhere a newcomer can follow.
 *
 * - No citation of a document that is not in the repository (the brief's specification,
 *   decisions or style guide, or any `§n` section mark): a rule is linked to the file in docs/
 *   that states it, e.g. `// See docs/product/commissions.md#storni`.
 * - Every `docs/…` path named in code, tests or docs exists, and so does its `#anchor`
 *   (GitHub-style heading slugs); relative links and `#anchors` inside Markdown resolve too.
 * - Repository paths quoted in Markdown (`src/…`, `tests/…`, …) exist.
 *
 * Usage: `tsx scripts/check-references.ts` (exit code 1 and one line per problem).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Problem {
  file: string;
  line: number;
  message: string;
}

/** The files a check reads, as repository-relative paths with their text. */
export type Files = ReadonlyMap<string, string>;

const SCANNED = /\.(ts|tsx|js|mjs|cjs|md|html|css|ya?ml|sh)$|^\.ci\/run$/;
/** This script and its test name bad references on purpose. */
const SKIPPED = new Set(['scripts/check-references.ts', 'scripts/check-references.test.ts']);

/** Names of documents that live outside the repository; citing them is always a dead end. */
const EXTERNAL_DOCS = ['SPEC', 'DECISIONS', 'STYLE'];
const EXTERNAL_DOC = new RegExp(`\\b(${EXTERNAL_DOCS.join('|')})(\\.md)?\\b`);
const SECTION_MARK = /§/;
/** A section of a public standard ("RFC 2426 §4") can be followed by anyone. */
const PUBLIC_STANDARD_SECTION = /\bRFC\s*\d+\s*§\s*[\d.]+/g;

/** GitHub's heading anchor: lower case, punctuation dropped (accents kept), spaces to '-'. */
export function slugify(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown file's headings, with GitHub's -1, -2 suffixes for repeats. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) inFence = !inFence;
    if (inFence) continue;
    const match = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!match) continue;
    const base = slugify(match[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** `docs/…` anywhere (comments, strings, prose), with an optional #anchor, up to a delimiter. */
const DOCS_PATH = /(?<![\w./-])docs\/([^\s'"`()<>[\]{},;|*]*)/gu;
/** Markdown links: [text](target). */
const MD_LINK = /\]\(([^)\s]+)\)/g;
/** Repository paths quoted in Markdown: `src/…`, `tests/…`, `scripts/…`, `bench/…`. */
const QUOTED_REPO_PATH = /`((?:src|tests|scripts|bench)\/[^`\s]*)`/g;

function isPlaceholder(target: string): boolean {
  return /[<>{}*…]|NNN|\.\.\.$/.test(target);
}

export function checkReferences(files: Files, exists: (repoPath: string) => boolean): Problem[] {
  const problems: Problem[] = [];
  const anchorCache = new Map<string, Set<string> | null>();
  const anchorsFor = (repoPath: string) => {
    if (!anchorCache.has(repoPath)) {
      const text = files.get(repoPath);
      anchorCache.set(repoPath, text === undefined ? null : anchorsOf(text));
    }
    return anchorCache.get(repoPath)!;
  };

  /** Checks `target` (path and optional #anchor) resolved against `base` (a repo folder). */
  const checkTarget = (file: string, line: number, base: string, target: string) => {
    const [rawPath, anchor] = target.split('#', 2);
    const cleanPath = rawPath.replace(/[.:]+$/, '');
    if (isPlaceholder(cleanPath)) return;
    const resolved = cleanPath === '' ? file : path.posix.normalize(path.posix.join(base, cleanPath));
    if (resolved.startsWith('..') || !exists(resolved.replace(/\/$/, '') || '.')) {
      problems.push({ file, line, message: `"${target}" non esiste nel repository` });
      return;
    }
    if (anchor === undefined) return;
    const cleanAnchor = anchor.replace(/[.:]+$/, '');
    const anchors = anchorsFor(resolved);
    if (!anchors) {
      problems.push({ file, line, message: `"${target}": l'ancora punta a un file che non è Markdown` });
    } else if (!anchors.has(cleanAnchor)) {
      problems.push({ file, line, message: `"${target}": nessun titolo con l'ancora #${cleanAnchor}` });
    }
  };

  for (const [file, text] of files) {
    if (SKIPPED.has(file)) continue;
    const isMarkdown = file.endsWith('.md');
    const dir = path.posix.dirname(file);
    let inFence = false;
    text.split('\n').forEach((content, index) => {
      const line = index + 1;
      const external = EXTERNAL_DOC.exec(content);
      if (external) {
        problems.push({
          file,
          line,
          message: `cita ${external[0]}, che non è nel repository: rimanda alla pagina di docs/ che lo dice`,
        });
      } else if (SECTION_MARK.test(content.replace(PUBLIC_STANDARD_SECTION, ''))) {
        problems.push({
          file,
          line,
          message: 'cita una sezione con §: rimanda a un file di docs/ e al suo titolo (#ancora)',
        });
      }

      if (isMarkdown && /^\s*```/.test(content)) inFence = !inFence;
      for (const match of content.matchAll(DOCS_PATH)) {
        // A Markdown link's target is resolved below, relative to the file.
        if (isMarkdown && content[match.index - 1] === '(' && content[match.index - 2] === ']') continue;
        checkTarget(file, line, '.', `docs/${match[1]}`);
      }
      if (!isMarkdown || inFence) return;
      for (const match of content.matchAll(MD_LINK)) {
        const target = match[1];
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('/')) continue;
        checkTarget(file, line, dir, target);
      }
      for (const match of content.matchAll(QUOTED_REPO_PATH)) checkTarget(file, line, '.', match[1]);
    });
  }
  return problems;
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => f && existsSync(path.join(root, f)));
  const files = new Map<string, string>();
  for (const file of tracked) {
    if (SCANNED.test(file)) files.set(file, readFileSync(path.join(root, file), 'utf8'));
  }
  const known = new Set(tracked);
  const exists = (repoPath: string) => {
    if (known.has(repoPath)) return true;
    const full = path.join(root, repoPath);
    return existsSync(full) && (statSync(full).isDirectory() || known.has(repoPath));
  };
  const problems = checkReferences(files, exists);
  for (const p of problems) console.error(`${p.file}:${p.line}: ${p.message}`);
  if (problems.length > 0) {
    console.error(`\n${problems.length} riferimenti da correggere (vedi docs/README.md).`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
