import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The security suite's figures: each test file adds its counts, the global teardown prints the
 * sum (and docs/security.md quotes it). Kept in .tmp/, one JSON file per test file.
 */
export const FIGURES_DIR = path.resolve('.tmp/security-figures');

export interface SecurityFigures {
  /** Route × role × own/other-id combinations whose status was checked. */
  authorizationChecks?: number;
  /** Hostile requests sent by the fuzzer. */
  fuzzInputs?: number;
  /** Routes whose request schema was fuzzed. */
  fuzzedRoutes?: number;
  /** Answers (lists, details, exports) scanned for data the role must not see. */
  answersScanned?: number;
  /** CSRF, upload and session attacks tried. */
  attacks?: number;
  /** HTTP 5xx answers seen anywhere in the suite. */
  serverErrors?: number;
  /** Values a role must not see, found in an answer. */
  leaks?: number;
}

export function recordFigures(name: string, figures: SecurityFigures): void {
  mkdirSync(FIGURES_DIR, { recursive: true });
  writeFileSync(path.join(FIGURES_DIR, `${name}.json`), JSON.stringify(figures));
}

export function clearFigures(): void {
  rmSync(FIGURES_DIR, { recursive: true, force: true });
}

/** The sum of every file's figures, or null when no security test ran. */
export function totalFigures(): Required<SecurityFigures> | null {
  let files: string[];
  try {
    files = readdirSync(FIGURES_DIR).filter((f) => f.endsWith('.json'));
  } catch {
    return null;
  }
  if (files.length === 0) return null;
  const total: Required<SecurityFigures> = {
    authorizationChecks: 0,
    fuzzInputs: 0,
    fuzzedRoutes: 0,
    answersScanned: 0,
    attacks: 0,
    serverErrors: 0,
    leaks: 0,
  };
  for (const file of files) {
    const figures = JSON.parse(readFileSync(path.join(FIGURES_DIR, file), 'utf8')) as SecurityFigures;
    for (const key of Object.keys(total) as Array<keyof SecurityFigures>) total[key] += figures[key] ?? 0;
  }
  return total;
}

export function formatFigures(f: Required<SecurityFigures>): string {
  return [
    'Suite di sicurezza:',
    `  controlli di autorizzazione (rotta × ruolo × id proprio/altrui): ${f.authorizationChecks}`,
    `  input ostili provati: ${f.fuzzInputs} su ${f.fuzzedRoutes} rotte`,
    `  risposte analizzate per dati non dovuti: ${f.answersScanned}`,
    `  attacchi CSRF, upload e sessione provati: ${f.attacks}`,
    `  risposte 5xx: ${f.serverErrors}`,
    `  fughe di dati: ${f.leaks}`,
  ].join('\n');
}
