/**
 * `npx tsx scripts/with-postgres.ts tsx bench/import-lead.ts [-- --rows N]`: the time and memory of
 * importing 100,000 leads (docs/product/importazione.md#tempi) from a CSV as Italian Excel saves it
 * (`;`, Windows-1252, accented names), each with a practice and a service, half of them completed.
 *
 * The file is written to disk and goes through the same steps as the screen: stored row by row
 * from the file (the route streams the upload to disk first), previewed, applied as the job does.
 * Without TEST_DATABASE_URL it runs on a fresh embedded database. Target: under 2 minutes from
 * upload to the end of the job, with bounded memory (peak RSS printed). Not part of `npm test`.
 */
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { count, eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { openDatabase } from '#server/db/client.ts';
import { prepareDatabase } from '#server/db/prepare.ts';
import { leads, puntiFisici, servizi, users } from '#server/db/schema.ts';
import type { Actor } from '#server/lib/actor.ts';
import {
  previewImport,
  runImport,
  startImport,
  uploadImport,
} from '#server/modules/importazioni/importazioni.service.ts';
import { generateLandingCode } from '#server/modules/punti-fisici/landing-code.ts';

const rowsArg = process.argv.indexOf('--rows');
const ROWS = rowsArg > 0 ? Number(process.argv[rowsArg + 1]) : 100_000;
const TARGET_S = 120;

const work = mkdtempSync(path.join(tmpdir(), 'bench-import-'));
const databaseUrl = process.env.TEST_DATABASE_URL;
const handle = await openDatabase({ databaseUrl, dataDir: work, owner: { purpose: 'bench' } });
let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
try {
  await prepareDatabase(handle, { adminEmail: 'admin@bench.it', adminPassword: 'password-bench' });
  const db = handle.db;
  const [admin] = await db.select().from(users).where(eq(users.role, 'admin'));
  const actor: Actor = { ...admin };
  const codes: string[] = [];
  for (let i = 0; i < 20; i++) {
    const [p] = await db
      .insert(puntiFisici)
      .values({
        nomeAttivita: `Negozio ${i}`,
        indirizzo: `Via Roma ${i}`,
        landingCode: generateLandingCode(),
        utenteResponsabileId: admin.id,
      })
      .returning({ code: puntiFisici.landingCode });
    codes.push(p.code);
  }

  const file = path.join(work, 'lead.csv');
  const out = createWriteStream(file);
  const line = (cells: string[]) => iconv.encode(`${cells.join(';')}\r\n`, 'win1252');
  out.write(
    line([
      'Nome',
      'Cognome',
      'Cellulare',
      'E-mail',
      'Negozio',
      'Data lead',
      'Servizio',
      'Fornitore',
      'Stato',
      'Data esito',
    ]),
  );
  for (let i = 1; i <= ROWS; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    const done = i % 2 === 0;
    const ok = out.write(
      line([
        'Niccolò',
        `Bàrberi Perù ${i}`,
        `3${String(i).padStart(9, '0')}`,
        `cliente${i}@esempio.it`,
        codes[i % codes.length],
        `${day}/03/2025`,
        i % 3 ? 'Luce' : 'Gas',
        'ENEL',
        done ? 'Completato' : 'Inserito',
        done ? `${day}/04/2025` : '',
      ]),
    );
    if (!ok) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');

  const now = new Date('2026-01-15T10:00:00Z');
  const t0 = performance.now();
  const up = await uploadImport(db, actor, { tipo: 'leads', nomeFile: 'lead.csv' }, file);
  const t1 = performance.now();
  const checked = await previewImport(
    db,
    actor,
    up.id,
    { mappatura: up.mappatura, righeNonValide: 'salta', calcolaCommissioni: false },
    now,
  );
  const t2 = performance.now();
  await startImport(db, up.id);
  await runImport(
    { db, publicBaseUrl: 'http://localhost', notify: () => {} },
    actor,
    up.id,
    '127.0.0.1',
    now,
  );
  const t3 = performance.now();

  const [nLeads] = await db.select({ n: count() }).from(leads);
  const [nServizi] = await db.select({ n: count() }).from(servizi);
  const [sample] = await db.select().from(leads).where(eq(leads.email, 'cliente1@esempio.it'));
  const s = (ms: number) => (ms / 1000).toFixed(1);
  const total = (t3 - t0) / 1000;
  console.log(
    [
      `Importazione di ${ROWS} lead (${handle.kind}): conteggi ${JSON.stringify(checked.conteggi)}`,
      `caricamento ${s(t1 - t0)} s, anteprima ${s(t2 - t1)} s, applicazione ${s(t3 - t2)} s: totale ${total.toFixed(1)} s (obiettivo ≤ ${TARGET_S} s)`,
      `lead ${nLeads.n}, servizi ${nServizi.n}; riga 2 letta come «${sample?.nome} ${sample?.cognome}»`,
      `memoria massima (RSS) ${Math.round(peakRss / 1024 / 1024)} MB`,
    ].join('\n'),
  );
} finally {
  clearInterval(sampler);
  await handle.close();
  rmSync(work, { recursive: true, force: true });
}
