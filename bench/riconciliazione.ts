/**
 * `npx tsx bench/riconciliazione.ts [righe] [abbinate]`: how long the reconciliation of a
 * supplier's statement takes on the embedded database (docs/product/fornitori-riconciliazione.md#tempi):
 * upload, preview (every amount read, every row matched) and confirm (the lines written), each
 * through the API as the screen calls them. Defaults: 20,000 rows, 2,000 of them paying a
 * completed service with its commission, the others naming unknown PODs. Nothing fails on the
 * figures: they are printed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fornitoreByCodice, insertCommissione, insertPratica } from '#test/setup/factories.ts';
import { csvFile } from '#test/setup/import-files.ts';
import { openTestDatabase, TEST_ADMIN } from '#test/setup/database.ts';
import { login } from '#test/setup/test-app.ts';
import { buildApp } from '#server/app.ts';
import { schedeContratto } from '#server/db/schema.ts';
import { parseEnv } from '#server/env.ts';
import { createLocalStorage } from '#server/storage/storage.ts';

const RIGHE = Number(process.argv[2] ?? 20_000);
const ABBINATE = Number(process.argv[3] ?? 2_000);
/** --solo-caricamento: only the upload (its time and memory), for the 100,000-row file. */
const SOLO_CARICAMENTO = process.argv.includes('--solo-caricamento');

// The test suite's embedded database and app, without its OpenAPI check (tsx cannot load it).
const handle = await openTestDatabase();
const dir = mkdtempSync(path.join(tmpdir(), 'winsolution-bench-ricon-'));
const app = await buildApp({
  db: handle.db,
  config: parseEnv({ ...process.env, NODE_ENV: 'test', DATA_DIR: dir, UPLOAD_DIR: dir, LOG_LEVEL: 'warn' }),
  sessionSecret: 'bench-session-secret-0123456789abcdef0123456789',
  storage: createLocalStorage(dir),
  databaseKind: handle.kind,
  logger: false,
});
const ctx = { app, db: handle.db };
try {
  const admin = await login(app, TEST_ADMIN.email, TEST_ADMIN.password);
  const enel = (await fornitoreByCodice(ctx.db, 'ENEL')).id;
  const pod = (i: number) => `IT001E${String(i).padStart(8, '0')}`;
  for (let i = 0; i < ABBINATE; i++) {
    const p = await insertPratica(ctx.db, {
      servizi: [{ tipoServizio: 'luce', stato: 'completato', fornitoreId: enel }],
    });
    const s = p.servizi[0];
    await ctx.db.insert(schedeContratto).values({ servizioId: s.id, praticaId: p.id, dati: {}, pod: pod(i) });
    await insertCommissione(ctx.db, {
      praticaId: p.id,
      servizioId: s.id,
      fornitoreId: enel,
      dataCompletamento: new Date('2026-03-10T10:00:00Z'),
    });
  }
  const rows = [['POD', 'Cliente', 'Importo']];
  for (let i = 0; i < RIGHE; i++)
    rows.push([
      i < ABBINATE ? pod(i) : pod(90_000_000 + i),
      `Cliente ${i}`,
      i % 7 === 0 ? '110,00' : '120,00',
    ]);
  const body = csvFile(rows);
  const time = async <T>(label: string, work: () => Promise<T>) => {
    const started = performance.now();
    const result = await work();
    console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return result;
  };
  // The process's memory while the statement is uploaded, above the level before it: the JS heap
  // and the buffers (ours), apart from the RSS (which also holds the embedded database's own).
  global.gc?.();
  const before = process.memoryUsage();
  const peak = { rss: before.rss, heap: before.heapUsed, buffers: before.arrayBuffers, samples: 0 };
  // Each reading after a full collection: what is held, not garbage waiting to be collected.
  const sampler = setInterval(() => {
    global.gc?.();
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heap = Math.max(peak.heap, now.heapUsed);
    peak.buffers = Math.max(peak.buffers, now.arrayBuffers);
    peak.samples += 1;
  }, 100);
  const up = await time(`caricamento di ${RIGHE} righe (${(body.length / 1024 / 1024).toFixed(1)} MB)`, () =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/riconciliazioni/estratti?fornitoreId=${enel}&periodo=2026-03&nomeFile=bench.csv`,
      headers: { cookie: admin, 'content-type': 'application/octet-stream' },
      payload: body,
    }),
  );
  clearInterval(sampler);
  const mb = (n: number) => Math.round(n / 1024 / 1024);
  console.log(
    `memoria al caricamento (${peak.samples} letture): heap JS +${mb(peak.heap - before.heapUsed)} MB, ArrayBuffer (anche la memoria del database incorporato) +${mb(peak.buffers - before.arrayBuffers)} MB, RSS +${mb(peak.rss - before.rss)} MB al picco`,
  );
  if (up.statusCode !== 201) throw new Error(up.body);
  const id = up.json<{ id: number }>().id;
  if (SOLO_CARICAMENTO) process.exit(0);
  const preview = await time('anteprima', () =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/riconciliazioni/estratti/${id}/anteprima`,
      headers: { cookie: admin },
      payload: { mappatura: { identificativi: [{ colonna: 'POD', chiave: 'podPdr' }], importo: 'Importo' } },
    }),
  );
  if (preview.statusCode !== 200) throw new Error(preview.body);
  const confirm = await time('conferma', () =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/riconciliazioni/estratti/${id}/conferma`,
      headers: { cookie: admin },
    }),
  );
  if (confirm.statusCode !== 201) throw new Error(confirm.body);
  const rec = confirm.json<{ id: number }>();
  await time('esportazione XLSX', () =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/riconciliazioni/${rec.id}/export`,
      headers: { cookie: admin },
    }),
  );
} finally {
  await app.close();
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
}
