/**
 * The Markdown report of `npm run bench` (bench/run.ts), built from every run's JSON: figures of
 * one client (requests one after another: the latency a person feels, what the budgets judge) and
 * of 20 clients at once (capacity, reported), their ratios (to a bare Fastify route and to the SQL
 * alone as context, 1M ÷ 100k on one client's p50) and the budgets, each marked met or missed with
 * the figure that decides it. Runs of the previous shape (autocannon at 10 and 50 connections, no
 * `clients` in their JSON) are named and left out.
 */
import type { Role } from '#shared/permissions.ts';
import type { LoadResult } from '#bench/http.ts';
import { formatFirstLoadTable, kb, type FirstLoadPage, FIRST_LOAD_BUDGETS_KB } from '#bench/size.ts';

export interface LighthouseResult {
  url: string;
  score?: number;
  fcpMs?: number;
  lcpMs?: number;
  tbtMs?: number;
  cls?: number;
  speedIndexMs?: number;
  error?: string;
  /** Every run's score when the page was measured more than once (the result is the median run). */
  scores?: number[];
}

/**
 * The run with the median score among several of one page (the lower of the two middle ones for an
 * even number), with every score; the last run's error when none scored.
 */
export function medianLighthouse(runs: LighthouseResult[]): LighthouseResult {
  const scored = runs.filter((r) => r.score !== undefined).sort((a, b) => a.score! - b.score!);
  if (scored.length === 0) return runs[runs.length - 1];
  return {
    ...scored[Math.floor((scored.length - 1) / 2)],
    scores: runs.flatMap((r) => (r.score === undefined ? [] : [r.score])),
  };
}

/** ', mediana di 3 (93, 97, 98)' for a page measured more than once, else nothing. */
function medianOf(l: LighthouseResult): string {
  return l.scores && l.scores.length > 1 ? `, mediana di ${l.scores.length} (${l.scores.join(', ')})` : '';
}

export interface SharedResults {
  firstLoad: FirstLoadPage[];
  lighthouse?: LighthouseResult[];
}

export interface Measure {
  route: string;
  label: string;
  role: Role | 'pubblico';
  isList: boolean;
  /** pg_stat_statements: planning and execution time of the request's statements, per request (PostgreSQL only). */
  sqlMs?: number;
  /** The body of one response, uncompressed (absent in older runs): more rows on a page, more bytes. */
  responseBytes?: number;
  /** One per client level of the run (`DbRun.clients`), in order: 1, then 20. */
  runs: LoadResult[];
}

export interface ExportResult {
  format: string;
  status: number;
  ms: number;
  bytes: number;
  rssIdleMb: number;
  rssPeakMb: number;
  rssGrowthMb: number;
}

export interface DbRun {
  db: 'pg' | 'pglite';
  leads: number;
  date: string;
  quick: boolean;
  seconds: number;
  /**
   * Clients at once of each measure, in order: [1, 20] (one client, then capacity). Absent in the
   * runs of the previous shape (10 and 50 connections), which the report does not judge.
   */
  clients?: number[];
  /** PostgreSQL reached through its Unix socket (true) or TCP (false); absent for PGlite and older runs. */
  dbSocket?: boolean;
  node: string;
  /** Server processes (WEB_CONCURRENCY); absent in runs from before it existed: 1. */
  processes?: number;
  /** The code measured: commit and branch of the working tree (uncommitted changes flagged). */
  commit?: string;
  branch?: string;
  cpus: number;
  /** 1-minute load average of the machine when the run ended: other work shares these cores. */
  load: number;
  seedMs: number;
  seedSummary: string;
  firstStartMs: number;
  startupsMs: number[];
  /** CPU time of each warm start until ready: the figure the machine's load does not inflate. */
  startupsCpuMs: number[];
  /** Each warm start until every server process answered (several processes only). */
  startupsAllReadyMs?: number[];
  rssIdleMb: number;
  rssUnderLoadMb: number;
  /** Summed PSS (absent in runs from before it was read): what the budget judges when present. */
  pssIdleMb?: number;
  pssUnderLoadMb?: number;
  bare: LoadResult[];
  measures: Measure[];
  exports: ExportResult[];
  shared?: SharedResults;
}

const int = new Intl.NumberFormat('it-IT');
const f = (n: number | undefined, digits = 1) =>
  n == null || Number.isNaN(n) ? '—' : n >= 100 ? String(Math.round(n)) : n.toFixed(digits);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const dbName = (db: string) => (db === 'pg' ? 'PostgreSQL' : 'PGlite');
const key = (m: Measure) => `${m.route}|${m.label}|${m.role}`;
const ok = (met: boolean) => (met ? '✅ rispettato' : '❌ mancato');

/**
 * What issue 53 asks of the landing and the sign-in page on a phone: Lighthouse mobile 100, the
 * largest paint within 1.5 s and at most 50 ms of blocking time (docs/primo-caricamento.md#lighthouse).
 */
export const LIGHTHOUSE_BUDGETS = { score: 100, lcpMs: 1500, tbtMs: 50 } as const;

/** The budgets a Lighthouse result misses, each said in Italian; none when all are met. */
export function lighthouseMisses(l: LighthouseResult): string[] {
  const b = LIGHTHOUSE_BUDGETS;
  if (l.score == null) return ['nessuna misura'];
  const missed: string[] = [];
  if (l.score < b.score) missed.push(`punteggio ${l.score} < ${b.score}`);
  if (l.lcpMs == null || l.lcpMs > b.lcpMs)
    missed.push(`LCP ${f((l.lcpMs ?? NaN) / 1000, 2)} s > ${f(b.lcpMs / 1000, 1)} s`);
  if (l.tbtMs == null || l.tbtMs > b.tbtMs) missed.push(`TBT ${f(l.tbtMs, 0)} ms > ${b.tbtMs} ms`);
  return missed;
}
/** One client, requests one after another: the latency a person feels (what the budgets judge). */
const one = (m: Measure): LoadResult => m.runs.find((r) => r.connections === 1) ?? m.runs[0];
/** 20 clients at once: a capacity figure. */
const many = (m: Measure): LoadResult | undefined => m.runs.find((r) => r.connections > 1);
/** A run of this shape (one client, then 20), not one of the previous 10 and 50 connections. */
export const isLatencyShaped = (run: DbRun) => Array.isArray(run.clients);
const clientsName = (n: number) => (n === 1 ? '1 cliente' : `${n} clienti`);

/**
 * The memory budget of a run: judged on the summed PSS where the run read it (each page the
 * processes share counted once), else on the summed RSS. See docs/performance.md#memoria-di-più-processi
 */
function memoryBudgetLine(run: DbRun): string {
  const processes = run.processes ?? 1;
  const pss = run.pssUnderLoadMb;
  const judged = pss ?? run.rssUnderLoadMb;
  const figure =
    pss == null
      ? `${f(run.rssUnderLoadMb, 0)} MB (a riposo ${f(run.rssIdleMb, 0)} MB)`
      : `PSS ${f(pss, 0)} MB (a riposo ${f(run.pssIdleMb, 0)} MB); RSS${processes > 1 ? ' sommato' : ''} ${f(run.rssUnderLoadMb, 0)} MB (a riposo ${f(run.rssIdleMb, 0)} MB)`;
  const why =
    judged <= 250
      ? pss != null && run.rssUnderLoadMb > 250
        ? `l'RSS sommato dei ${processes + 1} processi conta una volta per processo le pagine che condividono (eseguibile di Node, librerie)`
        : ''
      : run.db === 'pglite'
        ? 'PGlite vive nel processo, in un thread suo: la sua memoria (WASM, cache delle pagine, heap del thread) conta nel RSS del server'
        : processes > 1
          ? `somma del processo principale e dei ${processes} processi server (WEB_CONCURRENCY=${processes}), ognuno con il suo heap: in media ${f(judged / processes, 0)} MB per processo server, contando fra loro anche il principale`
          : 'memoria del processo Node sotto 20 clienti';
  return `| ${dbName(run.db)} ${int.format(run.leads)}: RSS ≤ 250 MB sotto carico | ${figure} | ${ok(judged <= 250)} | ${why} |`;
}

/** The run of the same database with 100,000 leads, to compare one client's p50 with. */
function baseline(runs: DbRun[], run: DbRun): DbRun | undefined {
  if (run.leads === 100_000) return undefined;
  return runs.find((r) => r.db === run.db && r.leads === 100_000);
}

/**
 * A run taken while the machine had more runnable work than cores (1-minute load average above
 * the core count): its latencies measure the queue for the CPU as much as the code, so they are
 * not compared with another run's.
 */
export const isUnderLoad = (run: DbRun) => run.load > run.cpus;

const runName = (run: DbRun) =>
  `${dbName(run.db)} ${int.format(run.leads)} lead del ${run.date.slice(0, 16).replace('T', ' ')} UTC (load ${f(run.load)} su ${run.cpus} core)`;

/** Why a ratio between two runs is not a fact: the run(s) taken under load. */
function notComparable(...pair: DbRun[]): string | undefined {
  const loaded = pair.filter(isUnderLoad);
  if (loaded.length === 0) return undefined;
  return `non confrontabile: ${loaded.map((r) => `il giro ${runName(r)}`).join(' e ')} è stato preso sotto carico (load oltre il numero di core)`;
}

/**
 * The first load and Lighthouse figures come from the newest run that measured them (each JSON
 * keeps those of its own run), never from an older file that happens to sort first.
 */
export function newestShared(runs: DbRun[]): {
  firstLoad?: { run: DbRun; pages: FirstLoadPage[] };
  lighthouse?: { run: DbRun; results: LighthouseResult[] };
} {
  const newest = [...runs].sort((a, b) => b.date.localeCompare(a.date));
  const fl = newest.find((r) => r.shared?.firstLoad?.length);
  const lh = newest.find((r) => r.shared?.lighthouse?.length);
  return {
    firstLoad: fl && { run: fl, pages: fl.shared!.firstLoad },
    lighthouse: lh && { run: lh, results: lh.shared!.lighthouse! },
  };
}

/** Why lists missed their p95: in the database (SQL per request vs the answer's p50) or in Node. */
function listReason(over: Measure[], run: DbRun): string {
  const withSql = over.filter((m) => m.sqlMs != null);
  const inSql = withSql.filter((m) => m.sqlMs! >= 0.5 * one(m).p50);
  const worst = [...over].sort((a, b) => one(b).p95 - one(a).p95)[0];
  const routes = [...new Set(over.map((m) => m.route))].join(', ');
  const machine = `Macchina: una rotta Fastify nuda risponde in p50 ${f(run.bare[0]?.p50)} ms (su una macchina scarica ≈ 1 ms), load ${f(run.load)} su ${run.cpus} core`;
  // Where the time went: waiting for queries that read too much, or CPU per request on cores
  // shared by Node, PostgreSQL and the load generator.
  if (withSql.length > 0 && inSql.length === 0) {
    const mostSql = Math.max(...withSql.map((m) => m.sqlMs!));
    return `nessuna di ${withSql.length} ha almeno metà del p50 nel database (la peggiore: SQL ${f(worst.sqlMs, 1)} ms per richiesta, p50 ${f(one(worst).p50)} ms; al più ${f(mostSql, 1)} ms di SQL per richiesta): il tempo è CPU per richiesta di Node e di PostgreSQL, che con autocannon e gli altri lavori della macchina si dividono gli stessi ${run.cpus} core; rotte: ${routes}. ${machine}`;
  }
  return `${inSql.length} di ${withSql.length} hanno almeno metà del p50 nel database (peggiore: SQL ${f(worst.sqlMs, 1)} ms per richiesta, p50 ${f(one(worst).p50)} ms): query che contano o ordinano tutte le righe del filtro e dell'ambito del ruolo; rotte: ${routes}. ${machine}`;
}

/**
 * Why routes grew past 1.5× from 100k to 1M: their SQL per request grew too; or their answer did
 * (a page holding more rows: the demo data has ten times the points at 1M, so a role's first page
 * of points or a search among them finds more); or neither did, and the two runs met a different
 * machine (the bare route's requests per second say by how much).
 */
function ratioReason(bad: Array<{ m: Measure; base: Measure | undefined }>, run: DbRun, base: DbRun): string {
  const larger = bad.filter(
    ({ m, base: b }) =>
      m.responseBytes != null && b?.responseBytes != null && m.responseBytes > 1.5 * b.responseBytes,
  );
  const grew = bad.filter(
    (x) =>
      !larger.includes(x) &&
      x.m.sqlMs != null &&
      x.base?.sqlMs != null &&
      x.m.sqlMs > 1.5 * x.base.sqlMs &&
      x.m.sqlMs - x.base.sqlMs > 0.5,
  );
  const label = (m: Measure) => `${m.route} ${m.label} (${m.role})`;
  const sqlChange = (m: Measure, b: Measure) => `SQL ${f(b.sqlMs, 1)} → ${f(m.sqlMs, 1)} ms`;
  const kb = (bytes: number | undefined) => f((bytes ?? 0) / 1024, 1);
  const largerNamed = larger
    .slice(0, 4)
    .map(
      ({ m, base: b }) =>
        `${label(m)} ${kb(b!.responseBytes)} → ${kb(m.responseBytes)} KB${m.sqlMs != null ? `, ${sqlChange(m, b!)}` : ''}`,
    )
    .join('; ');
  const grewNamed = grew
    .slice(0, 4)
    .map(({ m, base: b }) => `${label(m)} ${sqlChange(m, b!)}`)
    .join('; ');
  const rest = bad.length - grew.length - larger.length;
  const bare = (r: DbRun) => f(r.bare[0]?.rps, 0);
  return [
    larger.length
      ? `${larger.length} con una risposta più grande: più righe nella pagina, perché i dati demo a 1.000.000 di lead hanno 10 volte i punti fisici (${largerNamed})`
      : '',
    grew.length ? `${grew.length} con l'SQL per richiesta cresciuto con la tabella (${grewNamed})` : '',
    rest
      ? `${rest} con lo stesso SQL e la stessa risposta nei due giri: la differenza è della macchina (rotta Fastify nuda ${bare(run)} req/s in questo giro, ${bare(base)} in quello a 100.000; load ${f(run.load)} e ${f(base.load)})`
      : '',
  ]
    .filter(Boolean)
    .join('; ');
}

function submitReason(submit: Measure, run: DbRun): string {
  const r = one(submit);
  const errs = submit.runs.find((x) => x.firstError)?.firstError;
  return `p50 ${f(r.p50)} ms con 1 cliente${submit.sqlMs != null ? `, SQL ${f(submit.sqlMs, 1)} ms per invio` : ''}${errs ? `, prima risposta errata ${errs}` : ''}; load ${f(run.load)} su ${run.cpus} core`;
}

function budgets(runs: DbRun[]): string[] {
  const lines = ['| budget | misura | esito | perché |', '|---|---|---|---|'];
  const pgRuns = runs.filter((r) => r.db === 'pg').sort((a, b) => b.leads - a.leads);
  const pg = pgRuns[0];
  if (pg) {
    const at =
      pg.leads === 1_000_000 ? '' : ` (misurato a ${int.format(pg.leads)} lead: il budget è a 1.000.000)`;
    const lists = pg.measures.filter((m) => m.isList);
    const over = lists.filter((m) => one(m).p50 > 15 || one(m).p95 > 40);
    const worstP50 = [...lists].sort((a, b) => one(b).p50 - one(a).p50)[0];
    const worstP95 = [...lists].sort((a, b) => one(b).p95 - one(a).p95)[0];
    const name = (m: Measure) => `${m.route} ${m.label} (${m.role})`;
    lines.push(
      `| PostgreSQL, 1 cliente: ogni lista e cruscotto p50 ≤ 15 ms e p95 ≤ 40 ms, ogni ruolo e filtro${at} | ${over.length}/${lists.length} oltre; p50 peggiore ${worstP50 ? `${name(worstP50)} ${f(one(worstP50).p50)} ms` : '—'}; p95 peggiore ${worstP95 ? `${name(worstP95)} ${f(one(worstP95).p95)} ms` : '—'} | ${ok(over.length === 0)} | ${over.length ? listReason(over, pg) : ''} |`,
    );
    const ratioBudget = 'PostgreSQL, 1 cliente: p50 a 1M ≤ 1,5 × p50 a 100k';
    const base = baseline(runs, pg);
    const unfair = base && notComparable(pg, base);
    if (base && unfair) {
      lines.push(`| ${ratioBudget} | — | — non confrontabile | ${unfair} |`);
    } else if (base) {
      const baseMap = new Map(base.measures.map((m) => [key(m), m]));
      const ratios = lists
        .map((m) => {
          const b = baseMap.get(key(m));
          return { m, base: b, r: one(m).p50 / (b ? one(b).p50 : NaN) };
        })
        .filter((x) => !Number.isNaN(x.r))
        .sort((a, b) => b.r - a.r);
      const bad = ratios.filter((x) => x.r > 1.5);
      lines.push(
        `| ${ratioBudget} | ${bad.length}/${ratios.length} oltre; peggiore ${ratios[0] ? `${name(ratios[0].m)} × ${f(ratios[0].r, 2)}` : '—'} | ${ok(bad.length === 0)} | ${bad.length ? ratioReason(bad, pg, base) : ''} |`,
      );
    } else {
      lines.push(
        `| ${ratioBudget} | serve un giro a 100.000 e uno a 1.000.000 lead | — non misurato | manca uno dei due giri in bench/results |`,
      );
    }
    const capacity = lists.filter((m) => many(m));
    if (capacity.length) {
      const clients = many(capacity[0])!.connections;
      const overMany = capacity.filter((m) => many(m)!.p95 > 150);
      const worstMany = [...capacity].sort((a, b) => many(b)!.p95 - many(a)!.p95)[0];
      lines.push(
        `| PostgreSQL, ${clientsName(clients)} insieme (capacità, riportata, non un cancello): ogni lista e cruscotto p95 ≤ 150 ms${at} | ${overMany.length}/${capacity.length} oltre; peggiore ${name(worstMany)} ${f(many(worstMany)!.p95)} ms, ${f(many(worstMany)!.rps, 0)} req/s | ${ok(overMany.length === 0)} | ${overMany.length ? `${clients} richieste insieme su ${pg.cpus} core condivisi con PostgreSQL e autocannon: misura la coda per la CPU; load ${f(pg.load)}` : ''} |`,
      );
    }
    const submit = pg.measures.find((m) => m.route === 'POST /api/submit-form');
    if (submit) {
      const best = Math.max(...submit.runs.map((r) => r.rps));
      const errors = submit.runs.reduce((n, r) => n + r.errors + r.wrongStatus, 0);
      lines.push(
        `| PostgreSQL: submit-form ≥ 100 req/s con 0 errori | ${f(best, 0)} req/s (il migliore fra ${submit.runs.map((r) => clientsName(r.connections)).join(' e ')}), ${errors} errori | ${ok(best >= 100 && errors === 0)} | ${best >= 100 && errors === 0 ? '' : submitReason(submit, pg)} |`,
      );
    }
    if (pg.leads === 1_000_000 && Number.isFinite(pg.seedMs)) {
      const seconds = pg.seedMs / 1000;
      const phases = /fasi:\s*(.+)/.exec(pg.seedSummary)?.[1];
      lines.push(
        `| PostgreSQL: \`npm run seed:demo -- --leads 1000000\` ≤ 300 s | ${f(seconds, 0)} s | ${ok(seconds <= 300)} | ${seconds <= 300 ? '' : `${phases ? `fasi: ${phases}; ` : ''}load ${f(pg.load)} su ${pg.cpus} core`} |`,
      );
    }
    const warm = median(pg.startupsMs);
    // With several server processes, what one of them used: they start side by side.
    const cpu = median(pg.startupsCpuMs) / (pg.processes ?? 1);
    const cpuShown =
      (pg.processes ?? 1) > 1 ? `CPU ${f(cpu / 1000, 2)} s per processo` : `CPU ${f(cpu / 1000, 2)} s`;
    lines.push(
      `| PostgreSQL: pronto in ≤ 1,5 s a caldo | ${f(warm / 1000, 2)} s (mediana di ${pg.startupsMs.length}; ${cpuShown}) | ${ok(warm <= 1500)} | ${warm <= 1500 ? '' : cpu <= 1500 ? `il processo ha usato ${f(cpu / 1000, 2)} s di CPU: il resto è attesa della CPU su una macchina carica (load ${f(pg.load)} su ${pg.cpus} core)` : `${f(cpu / 1000, 2)} s di CPU all'avvio (caricamento dei moduli, migrazioni, dati iniziali); load ${f(pg.load)} su ${pg.cpus} core`} |`,
    );
  }
  for (const run of runs) {
    lines.push(memoryBudgetLine(run));
    for (const e of run.exports)
      lines.push(
        `| ${dbName(run.db)} ${int.format(run.leads)}: export ${e.format.toUpperCase()} di tutti i lead, RSS + ≤ 100 MB | +${f(e.rssGrowthMb, 0)} MB (${f(e.rssIdleMb, 0)} → ${f(e.rssPeakMb, 0)} MB), ${f(e.bytes / 1e6)} MB in ${f(e.ms / 1000)} s, HTTP ${e.status} | ${ok(e.rssGrowthMb <= 100 && e.status === 200)} | ${e.status !== 200 ? `risposta HTTP ${e.status}` : e.rssGrowthMb > 100 ? 'la memoria cresce durante la scrittura del file' : ''} |`,
      );
  }
  const lite = runs.find((r) => r.db === 'pglite' && r.leads === 100_000);
  if (lite) {
    const over = lite.measures.filter((m) => one(m).p95 > 100);
    const worst = [...lite.measures].sort((a, b) => one(b).p95 - one(a).p95)[0];
    lines.push(
      `| PGlite 100.000, 1 cliente: ogni rotta p95 ≤ 100 ms | ${over.length}/${lite.measures.length} oltre; peggiore ${worst.route} ${worst.label} (${worst.role}) ${f(one(worst).p95)} ms | ${ok(over.length === 0)} | ${over.length ? `PGlite esegue una query alla volta, nel suo thread, nello stesso processo del server (p50 del peggiore ${f(one(worst).p50)} ms${worst.sqlMs == null ? '' : `, SQL ${f(worst.sqlMs, 1)} ms`})` : ''} |`,
    );
  }
  if (!lite)
    lines.push(
      '| PGlite 100.000, 1 cliente: ogni rotta p95 ≤ 100 ms | manca il giro PGlite a 100.000 lead | — non misurato | nessun http-pglite-100000.json in bench/results |',
    );
  const { firstLoad, lighthouse } = newestShared(runs);
  const landing = firstLoad?.pages.find((p) => p.page === 'landing.html');
  if (landing)
    lines.push(
      `| landing: primo caricamento ≤ ${landing.budgetKb ?? FIRST_LOAD_BUDGETS_KB['landing.html']} KB gzip | ${kb(landing.totalGzipBytes)} KB (giro ${runName(firstLoad!.run)}) | ${ok(!landing.isOverBudget)} | ${landing.isOverBudget ? 'JavaScript e CSS della landing oltre il budget (dettaglio sotto)' : ''} |`,
    );
  const b = LIGHTHOUSE_BUDGETS;
  for (const l of lighthouse?.results ?? []) {
    const loaded = isUnderLoad(lighthouse!.run);
    const missed = lighthouseMisses(l);
    const why =
      l.score == null
        ? 'Lighthouse non ha completato la misura'
        : `${missed.join(', ')}; FCP ${f((l.fcpMs ?? NaN) / 1000, 2)} s con CPU ×4 simulata${loaded ? ` su una macchina carica (load ${f(lighthouse!.run.load)} su ${lighthouse!.run.cpus} core): i tempi dei compiti osservati, moltiplicati per 4, includono l'attesa della CPU` : ''}`;
    lines.push(
      `| Lighthouse mobile ${b.score}, LCP ≤ ${f(b.lcpMs / 1000, 1)} s, TBT ≤ ${b.tbtMs} ms: ${new URL(l.url).pathname} | ${l.score ?? `errore: ${l.error}`}${l.lcpMs != null ? ` (LCP ${f(l.lcpMs / 1000, 2)} s, TBT ${f(l.tbtMs, 0)} ms)` : ''}${medianOf(l)}, giro ${runName(lighthouse!.run)} | ${ok(missed.length === 0)} | ${missed.length === 0 ? '' : why} |`,
    );
  }
  return lines;
}

function latencyTable(runs: DbRun[], run: DbRun): string[] {
  const levels = run.measures[0]?.runs.map((r) => r.connections) ?? [];
  const base = baseline(runs, run);
  const unfair = base && notComparable(run, base);
  const baseMap = new Map((base?.measures ?? []).map((m) => [key(m), m]));
  const bare = run.bare[0];
  const head = [
    'rotta',
    'filtro',
    'ruolo',
    // One client: what a person feels; more clients at once: capacity, p95 and requests a second.
    ...levels.flatMap((c) =>
      c === 1 ? ['p50/p95/p99 ms (1 cliente)'] : [`p95 ms (${clientsName(c)})`, `req/s (${clientsName(c)})`],
    ),
    '× Fastify nudo (p50, 1 cliente)',
    ...(run.db === 'pg' ? ['SQL ms/richiesta', '× SQL (p50)'] : []),
    ...(base ? ['p50 ÷ p50 a 100k (1 cliente)'] : []),
    'risposte errate',
  ];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const m of run.measures) {
    const r1 = one(m);
    const before = baseMap.get(key(m));
    const wrong = m.runs.reduce((n, r) => n + r.wrongStatus + r.errors, 0);
    const cells = [
      m.route,
      m.label,
      m.role,
      ...m.runs.flatMap((r) =>
        r.connections === 1 ? [`${f(r.p50)} / ${f(r.p95)} / ${f(r.p99)}`] : [f(r.p95), f(r.rps, 0)],
      ),
      `× ${f(r1.p50 / Math.max(bare.p50, 0.5))}`,
      ...(run.db === 'pg' ? [f(m.sqlMs, 2), m.sqlMs ? `× ${f(r1.p50 / Math.max(m.sqlMs, 0.01))}` : '—'] : []),
      ...(base
        ? [before ? `× ${f(r1.p50 / one(before).p50, 2)}${unfair ? ' (non confrontabile)' : ''}` : '—']
        : []),
      wrong ? `${wrong} (${m.runs.find((r) => r.firstError)?.firstError ?? 'errori di rete'})` : '0',
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines;
}

export function markdownReport(all: DbRun[]): string {
  const runs = all
    .filter(isLatencyShaped)
    .sort((a, b) => (a.db === b.db ? a.leads - b.leads : a.db === 'pg' ? -1 : 1));
  const previous = all.filter((r) => !isLatencyShaped(r));
  const lines = [
    '# Benchmark HTTP WINSOLUTION',
    '',
    'Generato da `npm run bench` (bench/run.ts): server di produzione (`node dist/server/main.js`),',
    'richieste con autocannon dalla stessa macchina. Come leggerlo: docs/performance.md#benchmark-http.',
    'Le cifre valgono per il codice della colonna «codice» (ramo e commit da cui è stato compilato il server).',
    '',
    'Ogni rotta (ogni lista con i suoi filtri, per ogni ruolo; cruscotto, landing, invio del modulo) è',
    "misurata due volte. **1 cliente**: una richiesta dopo l'altra, p50/p95/p99: la latenza che sente",
    'una persona, ed è ciò che giudicano i budget. Il personale di una catena di 500 negozi manda poche',
    'richieste al secondo: serve che ognuna sia veloce, qualunque sia la dimensione della tabella',
    '(da qui il rapporto 1M ÷ 100k sul p50). **20 clienti** insieme: p95 e richieste al secondo, una',
    'cifra di capacità, riportata e non un cancello. Il rapporto con una rotta Fastify nuda e con il',
    'solo SQL (pg_stat_statements) resta come contesto: dice quanto del tempo è del codice.',
    '',
    ...(previous.length
      ? [
          `Non giudicati, del formato precedente (autocannon a 10 e 50 connessioni): ${previous.map(runName).join('; ')}.`,
          '',
        ]
      : []),
    '| database | lead | codice | eseguito | opzioni | macchina | dati demo | primo avvio | avvio a caldo (mediana, CPU) | RSS a riposo | RSS sotto carico |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...runs.map(
      (r) =>
        `| ${dbName(r.db)} | ${int.format(r.leads)} | ${r.branch ?? '—'} ${r.commit ?? ''} | ${r.date.slice(0, 16).replace('T', ' ')} UTC | ${r.seconds} s per misura${r.quick ? ', --quick' : ''}${r.dbSocket === undefined ? '' : r.dbSocket ? ', socket Unix' : ', TCP'}${(r.processes ?? 1) > 1 ? `, ${r.processes} processi server` : ''} | ${r.cpus} core, load ${f(r.load)}${isUnderLoad(r) ? ' ⚠️ sotto carico: non confrontabile' : ''}, Node ${r.node} | ${f(r.seedMs / 1000, 0)} s | ${f(r.firstStartMs / 1000, 2)} s | ${f(median(r.startupsMs) / 1000, 2)} s${r.startupsAllReadyMs && (r.processes ?? 1) > 1 ? `, tutti i ${r.processes} processi ${f(median(r.startupsAllReadyMs) / 1000, 2)} s` : ''} (CPU ${f(median(r.startupsCpuMs) / 1000, 2)} s) | ${f(r.rssIdleMb, 0)} MB${r.pssIdleMb == null ? '' : ` (PSS ${f(r.pssIdleMb, 0)} MB)`} | ${f(r.rssUnderLoadMb, 0)} MB${r.pssUnderLoadMb == null ? '' : ` (PSS ${f(r.pssUnderLoadMb, 0)} MB)`} |`,
    ),
    '',
    '## Budget',
    '',
    ...budgets(runs),
    '',
  ];
  for (const run of runs) {
    const bare = run.bare
      .map((b) => `${clientsName(b.connections)}: p50 ${f(b.p50)} ms, ${f(b.rps, 0)} req/s`)
      .join('; ');
    const base = baseline(runs, run);
    const unfair = base && notComparable(run, base);
    lines.push(
      `## ${dbName(run.db)}, ${int.format(run.leads)} lead`,
      '',
      ...(isUnderLoad(run)
        ? [
            `⚠️ Giro preso sotto carico (load ${f(run.load)} su ${run.cpus} core): le latenze misurano anche la coda per la CPU e non si confrontano con quelle di altri giri.`,
            '',
          ]
        : []),
      ...(unfair
        ? [`Colonna «p50 ÷ p50 a 100k»: ${unfair}; il rapporto è indicativo, non un risultato.`, '']
        : []),
      `Fastify nudo (una rotta che risponde un piccolo JSON, stesso processo Node): ${bare}.`,
      '',
      ...latencyTable(runs, run),
      '',
      'Dati demo:',
      '',
      '```',
      run.seedSummary,
      '```',
      '',
    );
  }
  const { firstLoad, lighthouse } = newestShared(runs);
  if (firstLoad)
    lines.push(
      '## Primo caricamento (KB gzip)',
      '',
      `Dal giro più recente che l'ha misurato: ${runName(firstLoad.run)}.`,
      '',
      formatFirstLoadTable(firstLoad.pages),
      '',
    );
  if (lighthouse) {
    lines.push(
      '## Lighthouse mobile (lighthouse 12, Chromium headless, throttling simulato 4G e CPU ×4)',
      '',
      `Dal giro più recente che l'ha misurato: ${runName(lighthouse.run)}${isUnderLoad(lighthouse.run) ? ' ⚠️ sotto carico: punteggi non confrontabili' : ''}.`,
      '',
      '| pagina | punteggio | FCP | LCP | TBT | CLS | Speed Index |',
      '|---|---|---|---|---|---|---|',
      ...lighthouse.results.map(
        (l) =>
          `| ${new URL(l.url).pathname} | ${l.score ?? `errore: ${l.error}`}${medianOf(l)} | ${f((l.fcpMs ?? NaN) / 1000, 2)} s | ${f((l.lcpMs ?? NaN) / 1000, 2)} s | ${f(l.tbtMs, 0)} ms | ${f(l.cls, 3)} | ${f((l.speedIndexMs ?? NaN) / 1000, 2)} s |`,
      ),
      '',
    );
  }
  return lines.join('\n');
}
