/**
 * `npm run bench [-- --leads N | --full] [--requests N] [--compare file.json] [--no-size]`
 *
 * Prints, and writes to bench/results/latest.md (figures also in latest.json):
 *  (a) the first-load weight of the landing and the back-office (bench/size.ts);
 *  (b) API latency percentiles, in process through app.inject, on a fresh in-memory PGlite
 *      loaded by the seed-demo module (default 20,000 leads; --full: 100,000);
 *  (c) how long that load took, phase by phase.
 * Nothing here fails on timing: the budget table says what is within budget and what is not.
 * --compare takes an earlier latest.json and adds its p95 as a "before" column.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { and, inArray, ne, sql } from 'drizzle-orm';
import { buildApp, type App } from '#server/app.ts';
import { createPglite, fromPglite } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { leads, puntiFisici, servizi } from '#server/db/schema.ts';
import { seedDatabase } from '#server/db/seed.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_LEAD_EMAIL_DOMAIN,
  DEMO_PASSWORD,
  demoPhoneDigits,
  seedDemoData,
  type SeedDemoResult,
} from '#server/db/seed-demo.ts';
import { parseEnv } from '#server/env.ts';
import { DEMO_LANDING_CODE, SERVIZI_PRINCIPALI } from '#shared/domain.ts';
import type { Role } from '#shared/permissions.ts';
import { formatFirstLoadTable, kb, measureFirstLoad, type FirstLoadPage } from './size';

const API_BUDGET_P95_MS = 200;
const resultsDir = path.resolve(import.meta.dirname, 'results');

function arg(name: string): string | undefined {
  const argv = process.argv.slice(2);
  const i = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i === -1) return undefined;
  return argv[i].includes('=') ? argv[i].split('=')[1] : argv[i + 1];
}

function intArg(name: string, fallback: number): number {
  const raw = arg(name);
  if (raw == null) return fallback;
  const value = Number(raw.replace(/[_.]/g, ''));
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name} vuole un numero intero positivo (ricevuto: ${raw}).`);
    process.exit(1);
  }
  return value;
}

const flag = (name: string) => process.argv.includes(`--${name}`);
const int = new Intl.NumberFormat('it-IT');
const ms = (n: number) => n.toFixed(n < 10 ? 1 : 0);

// ---------------------------------------------------------------------------------------------

interface Measure {
  name: string;
  role: Role | 'pubblico';
  requests: number;
  p50: number;
  p95: number;
  max: number;
  status: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * Times `requests` calls (after 3 unmeasured warm-up calls) made one after the other, so each
 * figure is one request's own latency. Every reply must have the expected status.
 */
async function measure(
  app: App,
  name: string,
  role: Measure['role'],
  requests: number,
  request: (i: number) => InjectOptions,
  expected = 200,
): Promise<Measure> {
  const durations: number[] = [];
  for (let i = -3; i < requests; i++) {
    const start = process.hrtime.bigint();
    const res = await app.inject(request(i + 3));
    const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
    if (res.statusCode !== expected)
      throw new Error(`${name}: risposta ${res.statusCode} invece di ${expected}: ${res.body.slice(0, 300)}`);
    if (i >= 0) durations.push(elapsed);
  }
  durations.sort((a, b) => a - b);
  return {
    name,
    role,
    requests,
    p50: percentile(durations, 50),
    p95: percentile(durations, 95),
    max: durations[durations.length - 1],
    status: expected,
  };
}

async function login(app: App, role: Role): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: DEMO_ACCOUNTS[role].email, password: DEMO_PASSWORD },
  });
  const cookie = res.cookies.find((c) => c.name === 'ws_session');
  if (!cookie) throw new Error(`Accesso come ${role} non riuscito (${res.statusCode}): ${res.body}`);
  return `ws_session=${cookie.value}`;
}

const COMPLETION: Record<string, Record<string, unknown>> = {
  luce: { fornitore: 'ENEL', ridPresente: true, numeroForniture: 1 },
  gas: { fornitore: 'EDISON', ridPresente: false, numeroForniture: 2 },
  internet: { fornitore: 'TIM', ridPresente: true },
  noleggio: { fornitore: 'AYVENS', totaleVendita: '4800.00' },
};

async function runApiBench(leadCount: number, requests: number) {
  const client = await createPglite();
  const handle = fromPglite(client);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'winsolution-bench-'));
  try {
    await runMigrations(handle);
    const config = parseEnv({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PUBLIC_BASE_URL: 'http://localhost:5000',
      LOG_LEVEL: 'silent',
    });
    await seedDatabase(handle.db, { adminEmail: 'admin@winsolution.it', adminPassword: 'bench-password-1' });
    console.log(`\nCarico ${int.format(leadCount)} lead con il modulo seed-demo…`);
    const seed = await seedDemoData(handle.db, {
      leads: leadCount,
      seed: 42,
      onProgress: (line) => console.log(`  ${line}`),
    });

    const app = await buildApp({
      db: handle.db,
      config,
      sessionSecret: 'bench-session-secret-0123456789abcdef0123',
    });
    const cookies = {
      admin: await login(app, 'admin'),
      agente: await login(app, 'agente'),
      punto_fisico: await login(app, 'punto_fisico'),
    };
    // Search terms that exist: common surnames and fragments of real demo phones.
    const surnames = [
      'Rossi',
      'Ferrari',
      'Esposito',
      'Bianchi',
      'Romano',
      'Colombo',
      'Ricci',
      'Marino',
      'Greco',
      'De Luca',
    ];
    const sample = await handle.db
      .select({ telefono: leads.telefonoNormalizzato })
      .from(leads)
      .orderBy(sql`random()`)
      .limit(requests + 3);
    const phoneFragments = sample.map((l) => l.telefono.slice(2, 9));
    const pfLeads = await app.inject({
      method: 'GET',
      url: '/api/leads?pageSize=100',
      headers: { cookie: cookies.punto_fisico },
    });
    const pfItems = (JSON.parse(pfLeads.body) as { items: Array<{ cognome: string; telefono: string }> })
      .items;
    const pfSurnames = pfItems.length ? [...new Set(pfItems.map((l) => l.cognome))] : surnames;
    const pfPhones = pfItems.length
      ? pfItems.map((l) => l.telefono.replace(/\D/g, '').slice(-7, -1))
      : phoneFragments;
    // Services still open, to be completed one per request (each computes a commission).
    const open = await handle.db
      .select({ id: servizi.id, tipo: servizi.tipoServizio })
      .from(servizi)
      .where(
        and(
          inArray(servizi.stato, ['inserito', 'in_lavorazione']),
          inArray(servizi.tipoServizio, SERVIZI_PRINCIPALI),
        ),
      )
      .orderBy(sql`random()`)
      .limit(requests + 3);
    const [puntoRow] = await handle.db
      .select({ id: puntiFisici.id })
      .from(puntiFisici)
      .where(ne(puntiFisici.landingCode, DEMO_LANDING_CODE))
      .orderBy(puntiFisici.id)
      .limit(1);

    const get = (url: string, cookie: string) => () => ({ method: 'GET' as const, url, headers: { cookie } });
    const results: Measure[] = [];
    const run = async (
      name: string,
      role: Measure['role'],
      n: number,
      request: (i: number) => InjectOptions,
      expected = 200,
    ) => {
      const m = await measure(app, name, role, n, request, expected);
      results.push(m);
      console.log(
        `  ${m.name.padEnd(44)} ${m.role.padEnd(13)} p50 ${ms(m.p50).padStart(6)} ms  p95 ${ms(m.p95).padStart(6)} ms  max ${ms(m.max).padStart(6)} ms`,
      );
    };

    console.log(`\nLatenze API (${requests} richieste ciascuna, in sequenza, via app.inject)`);
    for (const role of ['admin', 'punto_fisico'] as const) {
      const cookie = cookies[role];
      const names = role === 'admin' ? surnames : pfSurnames;
      const phones = role === 'admin' ? phoneFragments : pfPhones;
      await run('GET /api/leads pagina 1', role, requests, get('/api/leads?page=1', cookie));
      await run('GET /api/leads pagina 100', role, requests, get('/api/leads?page=100', cookie));
      await run('GET /api/leads ricerca per cognome', role, requests, (i) =>
        get(`/api/leads?search=${encodeURIComponent(names[i % names.length])}`, cookie)(),
      );
      await run('GET /api/leads ricerca per telefono', role, requests, (i) =>
        get(`/api/leads?search=${phones[i % phones.length]}`, cookie)(),
      );
    }
    await run('GET /api/pratiche pagina 1', 'admin', requests, get('/api/pratiche?page=1', cookies.admin));
    await run(
      'GET /api/pratiche stato=in_lavorazione',
      'admin',
      requests,
      get('/api/pratiche?stato=in_lavorazione', cookies.admin),
    );
    await run('GET /api/pratiche ricerca per cognome', 'admin', requests, (i) =>
      get(`/api/pratiche?search=${encodeURIComponent(surnames[i % surnames.length])}`, cookies.admin)(),
    );
    await run('GET /api/commissioni', 'admin', requests, get('/api/commissioni', cookies.admin));
    await run('GET /api/commissioni', 'agente', requests, get('/api/commissioni', cookies.agente));
    await run('GET /api/punti-fisici', 'admin', requests, get('/api/punti-fisici', cookies.admin));
    const stamp = Date.now().toString(36);
    await run(
      'POST /api/submit-form',
      'pubblico',
      requests,
      (i) => ({
        method: 'POST',
        url: '/api/submit-form',
        // One address per request: the per-IP limit of the landing is not what is measured.
        remoteAddress: `10.${(i >> 8) & 255}.${i & 255}.7`,
        headers: { 'idempotency-key': `bench-${stamp}-${i}` },
        payload: {
          nome: 'Chiara',
          cognome: 'Bench',
          telefono: demoPhoneDigits(50_000_000 + i),
          email: `bench.${stamp}.${i}@${DEMO_LEAD_EMAIL_DOMAIN}`,
          serviziRichiesti: ['luce', 'gas'],
          privacyAccepted: true,
          orarioContatto: '10:00-11:00',
          puntoFisicoId: puntoRow.id,
        },
      }),
      201,
    );
    await run(
      'PUT /api/servizi/:id/status → completato',
      'admin',
      Math.min(requests, open.length - 3),
      (i) => ({
        method: 'PUT',
        url: `/api/servizi/${open[i].id}/status`,
        headers: { cookie: cookies.admin },
        payload: { stato: 'completato', ...COMPLETION[open[i].tipo] },
      }),
    );
    await app.close();
    return { seed, results };
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------

interface Report {
  date: string;
  leads: number;
  requests: number;
  node: string;
  pages: FirstLoadPage[] | null;
  seed: SeedDemoResult;
  results: Measure[];
}

function markdown(report: Report, before: (Report & { source?: string }) | null): string {
  const key = (m: Measure) => `${m.name}|${m.role}`;
  const previous = new Map((before?.results ?? []).map((m) => [key(m), m]));
  const lines: string[] = [
    `# Benchmark WINSOLUTION`,
    '',
    `Eseguito il ${report.date} con \`npm run bench${report.leads === 100_000 ? ' -- --full' : report.leads === 20_000 ? '' : ` -- --leads ${report.leads}`}\` (Node ${report.node}, PGlite in memoria, richieste in sequenza via \`app.inject\`).`,
    '',
  ];
  if (report.pages) {
    lines.push('## Peso del primo caricamento (KB gzip)', '', formatFirstLoadTable(report.pages), '');
  }
  const s = report.seed;
  lines.push(
    '## Caricamento dei dati demo',
    '',
    `${int.format(s.leads)} lead, ${int.format(s.pratiche)} pratiche, ${int.format(Object.values(s.servizi).reduce((a, b) => a + b, 0))} servizi ` +
      `(${Object.entries(s.servizi)
        .map(([k, v]) => `${k} ${int.format(v)}`)
        .join(', ')}), ${s.puntiFisici} punti fisici, ` +
      `${int.format(s.commissioni)} commissioni (${int.format(s.commissioniPagate)} pagate, ${s.storni} storni) con ${int.format(s.workflowCalls)} cambi di stato reali.`,
    '',
    '| fase | secondi |',
    '|---|---|',
    ...s.phases.map((p) => `| ${p.name} | ${(p.ms / 1000).toFixed(1)} |`),
    `| **totale** | **${(s.elapsedMs / 1000).toFixed(1)}** |`,
    '',
    `## Latenze API (${report.requests} richieste per riga, ms)`,
    '',
    before
      ? `Colonna "p95 prima": ${before.date}, ${int.format(before.leads)} lead (\`${before.source ?? 'confronto'}\`). ` +
          'Cosa è cambiato e perché: `docs/decisions/006-demo-data-and-benchmarks.md`.'
      : '',
    '',
    `| richiesta | ruolo | p50 | p95 | max |${before ? ' p95 prima |' : ''} budget p95 ≤ ${API_BUDGET_P95_MS} ms |`,
    `|---|---|---|---|---|${before ? '---|' : ''}---|`,
  );
  for (const m of report.results) {
    const prev = previous.get(key(m));
    const within = m.p95 <= API_BUDGET_P95_MS ? '✅' : '❌ oltre';
    lines.push(
      `| ${m.name} | ${m.role} | ${ms(m.p50)} | ${ms(m.p95)} | ${ms(m.max)} |${before ? ` ${prev ? ms(prev.p95) : '—'} |` : ''} ${within} |`,
    );
  }
  lines.push('');
  return lines.join('\n');
}

async function main() {
  const leadCount = flag('full') ? 100_000 : intArg('leads', 20_000);
  const requests = intArg('requests', 50);
  const comparePath = arg('compare');
  const before = comparePath
    ? {
        ...(JSON.parse(readFileSync(comparePath, 'utf8')) as Report),
        source: path.relative(process.cwd(), path.resolve(comparePath)),
      }
    : null;

  let pages: FirstLoadPage[] | null = null;
  if (!flag('no-size')) {
    pages = measureFirstLoad();
    console.log('\nPrimo caricamento (KB gzip):');
    for (const p of pages)
      console.log(
        `  ${p.page.padEnd(14)} ${kb(p.totalGzipBytes)} KB${p.budgetKb ? ` (budget ${p.budgetKb} KB)` : ''}`,
      );
  }

  const { seed, results } = await runApiBench(leadCount, requests);
  const report: Report = {
    date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
    leads: leadCount,
    requests,
    node: process.version,
    pages,
    seed,
    results,
  };
  const md = markdown(report, before);
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(path.join(resultsDir, 'latest.md'), md);
  writeFileSync(path.join(resultsDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\n${md}`);
  console.log(
    `Scritto in ${path.relative(process.cwd(), path.join(resultsDir, 'latest.md'))} (dati in latest.json).`,
  );
}

await main();
