import { describe, expect, it } from 'vitest';
import type { LoadResult } from './http';
import { markdownReport, newestShared, type DbRun, type LighthouseResult } from './report';
import type { FirstLoadPage } from './size';

/**
 * The report of `npm run bench`: figures shared by the runs (first load, Lighthouse) come from the
 * newest run that measured them, and a run taken under load is never compared as a fact.
 */

const load = (p95: number, rps = 100): LoadResult => ({
  connections: 10,
  requests: 300,
  errors: 0,
  wrongStatus: 0,
  p50: p95 / 2,
  p95,
  p99: p95,
  max: p95,
  rps,
  rssMb: 150,
});

const landingPage = (totalKb: number): FirstLoadPage => ({
  page: 'landing.html',
  jsFiles: 3,
  jsGzipBytes: totalKb * 1024,
  cssFiles: 1,
  cssGzipBytes: 0,
  totalGzipBytes: totalKb * 1024,
  budgetKb: 120,
  isOverBudget: totalKb > 120,
  files: [],
  lazy: [],
});

const lighthouse = (landing: number, auth: number): LighthouseResult[] => [
  { url: 'http://127.0.0.1:1/landing/WE-X', score: landing, fcpMs: 1000, lcpMs: 1500, tbtMs: 50 },
  { url: 'http://127.0.0.1:1/auth', score: auth, fcpMs: 1000, lcpMs: 1500, tbtMs: 50 },
];

function run(over: Partial<DbRun> & Pick<DbRun, 'leads' | 'date' | 'load'>): DbRun {
  return {
    db: 'pg',
    quick: true,
    seconds: 3,
    node: 'v20',
    cpus: 2,
    seedMs: 0,
    seedSummary: '',
    firstStartMs: 1000,
    startupsMs: [1000],
    startupsCpuMs: [900],
    rssIdleMb: 120,
    rssUnderLoadMb: 150,
    bare: [load(1, 10_000)],
    measures: [{ route: 'GET /api/leads', label: 'pagina 1', role: 'admin', isList: true, runs: [load(40)] }],
    exports: [],
    ...over,
  };
}

// The older 100k run sorts first in the report; the newer 1M run is the one to quote.
const older = run({
  leads: 100_000,
  date: '2026-11-23T17:24:00.000Z',
  load: 16.7,
  shared: { firstLoad: [landingPage(110)], lighthouse: lighthouse(85, 61) },
});
const newer = run({
  leads: 1_000_000,
  date: '2026-11-23T22:35:00.000Z',
  load: 1.4,
  shared: { firstLoad: [landingPage(108)], lighthouse: lighthouse(96, 86) },
});

describe('bench report', () => {
  it('quotes first load and Lighthouse from the newest run, and says which', () => {
    const md = markdownReport([older, newer]);
    expect(md).toContain('| /landing/WE-X | 96 |');
    expect(md).toContain('| /auth | 86 |');
    expect(md).not.toContain('| /landing/WE-X | 85 |');
    expect(md).toContain(
      "Dal giro più recente che l'ha misurato: PostgreSQL 1.000.000 lead del 2026-11-23 22:35 UTC (load 1.4 su 2 core).",
    );
    expect(md).toMatch(/Lighthouse mobile ≥ 95: \/landing\/WE-X \| 96 .*giro PostgreSQL 1\.000\.000 lead/);
  });

  it('takes Lighthouse from an older run only when the newest skipped it, naming that run', () => {
    const noLighthouse = { ...newer, shared: { firstLoad: [landingPage(108)] } };
    const shared = newestShared([older, noLighthouse]);
    expect(shared.firstLoad?.run).toBe(noLighthouse);
    expect(shared.lighthouse?.run).toBe(older);
    expect(markdownReport([older, noLighthouse])).toContain(
      "Dal giro più recente che l'ha misurato: PostgreSQL 100.000 lead del 2026-11-23 17:24 UTC (load 16.7 su 2 core) ⚠️ sotto carico: punteggi non confrontabili.",
    );
  });

  it('does not present the 1M ÷ 100k ratio as a fact when a run was under load', () => {
    const md = markdownReport([older, newer]);
    expect(md).toContain('load 16.7 ⚠️ sotto carico: non confrontabile');
    expect(md).toMatch(
      /\| PostgreSQL: p95 a 1M ≤ 1,5 × p95 a 100k \| — \| — non confrontabile \| .*load 16\.7 su 2 core/,
    );
    expect(md).toContain('× 1.00 (non confrontabile)');
  });

  it('judges the ratio when both runs were taken on a machine with spare cores', () => {
    const idle = { ...older, load: 0.8 };
    const md = markdownReport([idle, newer]);
    expect(md).toMatch(/\| PostgreSQL: p95 a 1M ≤ 1,5 × p95 a 100k \| 0\/1 oltre; .* \| ✅ rispettato \|/);
    expect(md).not.toContain('non confrontabile');
  });
});
