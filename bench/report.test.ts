import { describe, expect, it } from 'vitest';
import type { LoadResult } from '#bench/http.ts';
import {
  markdownReport,
  lighthouseMisses,
  medianLighthouse,
  newestShared,
  type DbRun,
  type LighthouseResult,
} from '#bench/report.ts';
import type { FirstLoadPage } from '#bench/size.ts';

/**
 * The report of `npm run bench`: figures shared by the runs (first load, Lighthouse) come from the
 * newest run that measured them, and a run taken under load is never compared as a fact.
 */

const load = (p95: number, rps = 100): LoadResult => ({
  connections: 1,
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
    clients: [1, 20],
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
    expect(md).toMatch(
      /Lighthouse mobile 100, LCP ≤ 1.5 s, TBT ≤ 50 ms: \/landing\/WE-X \| 96 .*giro PostgreSQL 1\.000\.000 lead.*❌ mancato \| punteggio 96 < 100/,
    );
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
      /\| PostgreSQL, 1 cliente: p50 a 1M ≤ 1,5 × p50 a 100k \| — \| — non confrontabile \| .*load 16\.7 su 2 core/,
    );
    expect(md).toContain('× 1.00 (non confrontabile)');
  });

  it('judges the ratio when both runs were taken on a machine with spare cores', () => {
    const idle = { ...older, load: 0.8 };
    const md = markdownReport([idle, newer]);
    expect(md).toMatch(
      /\| PostgreSQL, 1 cliente: p50 a 1M ≤ 1,5 × p50 a 100k \| 0\/1 oltre; .* \| ✅ rispettato \|/,
    );
    expect(md).not.toContain('non confrontabile');
  });

  it('names CPU, not the database, when no slow list spends half its time in SQL', () => {
    const slow = {
      ...newer,
      measures: [
        {
          route: 'GET /api/pratiche',
          label: 'motivo KO',
          role: 'admin',
          isList: true,
          sqlMs: 2,
          runs: [load(60)],
        },
      ],
    } satisfies DbRun;
    const md = markdownReport([slow]);
    expect(md).toContain(
      'nessuna di 1 ha almeno metà del p50 nel database (la peggiore: SQL 2.0 ms per richiesta, p50 30.0 ms; al più 2.0 ms di SQL per richiesta): il tempo è CPU per richiesta di Node e di PostgreSQL',
    );
    expect(md).not.toContain('query che contano o ordinano');
  });

  it('tells routes whose answer or SQL grew from routes that met another machine', () => {
    const measure = (label: string, p95: number, sqlMs: number, responseBytes: number) => ({
      route: 'GET /api/punti-fisici',
      label,
      role: 'admin' as const,
      isList: true,
      sqlMs,
      responseBytes,
      runs: [load(p95)],
    });
    const small = {
      ...older,
      load: 0.8,
      measures: [
        measure('ricerca', 20, 0.2, 7_000),
        measure('pagina 2', 20, 1, 18_000),
        measure('pagina 1', 20, 1, 18_000),
      ],
    };
    const big = {
      ...newer,
      measures: [
        measure('ricerca', 45, 1, 18_432),
        measure('pagina 2', 45, 3, 18_000),
        measure('pagina 1', 40, 1.1, 18_500),
      ],
    };
    const md = markdownReport([small, big]);
    expect(md).toMatch(
      /\| PostgreSQL, 1 cliente: p50 a 1M ≤ 1,5 × p50 a 100k \| 3\/3 oltre; .* \| ❌ mancato \|/,
    );
    expect(md).toContain(
      '1 con una risposta più grande: più righe nella pagina, perché i dati demo a 1.000.000 di lead hanno 10 volte i punti fisici (GET /api/punti-fisici ricerca (admin) 6.8 → 18.0 KB, SQL 0.2 → 1.0 ms)',
    );
    expect(md).toContain(
      "1 con l'SQL per richiesta cresciuto con la tabella (GET /api/punti-fisici pagina 2 (admin) SQL 1.0 → 3.0 ms)",
    );
    expect(md).toContain(
      '1 con lo stesso SQL e la stessa risposta nei due giri: la differenza è della macchina',
    );
  });

  it('judges the demo load of a million leads against five minutes, with its phases when missed', () => {
    const summary = 'Dati demo aggiunti in 312.2 s:\n  fasi:                utenti 0.2 s; indici 140 s\n';
    const slowSeed = { ...newer, seedMs: 312_200, seedSummary: summary };
    expect(markdownReport([slowSeed])).toMatch(
      /\| PostgreSQL: `npm run seed:demo -- --leads 1000000` ≤ 300 s \| 312 s \| ❌ mancato \| fasi: utenti 0\.2 s; indici 140 s; load 1\.4 su 2 core \|/,
    );
    expect(markdownReport([{ ...slowSeed, seedMs: 262_000 }])).toMatch(
      /seed:demo -- --leads 1000000` ≤ 300 s \| 262 s \| ✅ rispettato \|/,
    );
    // Measured on a database loaded earlier: no load time to judge.
    expect(markdownReport([{ ...slowSeed, seedMs: Number.NaN }])).not.toContain('seed:demo');
    expect(markdownReport([older])).not.toContain('seed:demo');
  });

  it('judges memory on the summed PSS where the run read it, and shows the summed RSS beside it', () => {
    const twoProcesses = { ...newer, processes: 2, rssIdleMb: 266, rssUnderLoadMb: 314 };
    expect(markdownReport([{ ...twoProcesses, pssIdleMb: 185, pssUnderLoadMb: 209 }])).toMatch(
      /\| PostgreSQL 1\.000\.000: RSS ≤ 250 MB sotto carico \| PSS 209 MB \(a riposo 185 MB\); RSS sommato 314 MB \(a riposo 266 MB\) \| ✅ rispettato \| l'RSS sommato dei 3 processi conta/,
    );
    expect(markdownReport([{ ...twoProcesses, pssIdleMb: 240, pssUnderLoadMb: 262 }])).toMatch(
      /RSS ≤ 250 MB sotto carico \| PSS 262 MB .* \| ❌ mancato \| somma del processo principale e dei 2 processi server/,
    );
    // One process (PGlite): its RSS, not a sum.
    expect(
      markdownReport([
        { ...newer, db: 'pglite', leads: 100_000, pssIdleMb: 366, pssUnderLoadMb: 457, rssUnderLoadMb: 492 },
      ]),
    ).toMatch(
      /PGlite 100\.000: RSS ≤ 250 MB sotto carico \| PSS 457 MB \(a riposo 366 MB\); RSS 492 MB .* \| ❌ mancato \| PGlite vive nel processo/,
    );
    // A run from before PSS was read: judged on RSS, as it was.
    expect(markdownReport([twoProcesses])).toMatch(
      /RSS ≤ 250 MB sotto carico \| 314 MB \(a riposo 266 MB\) \| ❌ mancato/,
    );
  });

  it('judges one client against 15 ms p50 / 40 ms p95, and names runs of the previous shape', () => {
    const slow = { ...newer, measures: [{ ...newer.measures[0], runs: [load(50)] }] };
    expect(markdownReport([slow])).toMatch(
      /\| PostgreSQL, 1 cliente: ogni lista e cruscotto p50 ≤ 15 ms e p95 ≤ 40 ms, ogni ruolo e filtro \| 1\/1 oltre; .* \| ❌ mancato \|/,
    );
    const oldShape: DbRun = { ...older, clients: undefined };
    const md = markdownReport([oldShape, newer]);
    expect(md).toContain(
      'Non giudicati, del formato precedente (autocannon a 10 e 50 connessioni): PostgreSQL 100.000',
    );
    expect(md).not.toContain('## PostgreSQL, 100.000 lead');
  });

  it.each([
    ['three scores', [97, 93, 98], 97, [97, 93, 98]],
    ['one run failed', [96, undefined, 94], 94, [96, 94]],
    ['two equal', [95, 95, 99], 95, [95, 95, 99]],
  ])('takes the median Lighthouse run of a page: %s', (_label, scores, median, kept) => {
    const runs = scores.map((score, i): LighthouseResult =>
      score === undefined
        ? { url: 'http://127.0.0.1:1/auth', error: 'NO_NAVSTART' }
        : { url: 'http://127.0.0.1:1/auth', score, lcpMs: 1000 + i },
    );
    const result = medianLighthouse(runs);
    expect(result.score).toBe(median);
    expect(result.scores).toEqual(kept);
    // The figures beside the score are the median run's own.
    expect(runs.filter((r) => r.score === median).map((r) => r.lcpMs)).toContain(result.lcpMs);
    const md = markdownReport([
      { ...newer, shared: { firstLoad: [landingPage(108)], lighthouse: [result] } },
    ]);
    expect(md).toContain(`| /auth | ${median}, mediana di ${kept.length} (${kept.join(', ')}) |`);
  });

  it.each([
    ['all met', { score: 100, lcpMs: 1500, tbtMs: 50 }, []],
    ['score 99', { score: 99, lcpMs: 900, tbtMs: 0 }, ['punteggio 99 < 100']],
    ['LCP over 1.5 s', { score: 100, lcpMs: 1501, tbtMs: 0 }, ['LCP 1.50 s > 1.5 s']],
    ['TBT over 50 ms', { score: 100, lcpMs: 900, tbtMs: 51 }, ['TBT 51 ms > 50 ms']],
    ['no figures', { score: 100 }, ['LCP — s > 1.5 s', 'TBT — ms > 50 ms']],
  ])('judges Lighthouse against score 100, LCP ≤ 1.5 s, TBT ≤ 50 ms: %s', (_label, figures, missed) => {
    const result: LighthouseResult = { url: 'http://127.0.0.1:1/auth', ...figures };
    expect(lighthouseMisses(result)).toEqual(missed);
    const md = markdownReport([{ ...newer, shared: { firstLoad: [landingPage(90)], lighthouse: [result] } }]);
    const line = md
      .split('\n')
      .find((l) => l.startsWith('| Lighthouse mobile 100, LCP ≤ 1.5 s, TBT ≤ 50 ms: /auth'));
    expect(line).toContain(missed.length === 0 ? '✅ rispettato' : '❌ mancato');
  });

  it('says only the error when no Lighthouse run of a page scored', () => {
    const runs: LighthouseResult[] = [1, 2, 3].map((n) => ({
      url: 'http://127.0.0.1:1/auth',
      error: `errore ${n}`,
    }));
    expect(medianLighthouse(runs)).toEqual(runs[2]);
  });
});
