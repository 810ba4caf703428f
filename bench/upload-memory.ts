/**
 * `npm run bench:uploads [-- --s3] [--files-only]`: the memory of the server while 5 customers each upload 10
 * documents of 10 MB at the same time (the largest request the landing accepts), through real HTTP.
 *
 * The server runs in a child process on a fresh embedded database, with documents on the local
 * disk (or, with --s3, in an s3rver bucket); this process streams the bodies without holding them
 * and reads the child's peak RSS at the end, measured inside the child (with --s3 the s3rver runs
 * in this process, so its memory is never counted). Target: under 300 MB. Nothing fails on the
 * figure: it is printed and written to bench/results/uploads-*.md. Under scripts/with-postgres.ts
 * the server uses that PostgreSQL. BENCH_TRACE=1 prints every memory sample of the server.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AddressInfo } from 'node:net';
import { UPLOAD_MAX_FILE_BYTES, UPLOAD_PARTS } from '#shared/domain.ts';
import { JPEG_PAGE_1 } from '#test/setup/sample-files.ts';

const CUSTOMERS = 5;
/** --files-only: no camera pages, so no merged PDFs (to tell the merges' share of the memory). */
const FILES_ONLY = process.argv.includes('--files-only');
const SENT_PARTS = UPLOAD_PARTS.filter((p) => !FILES_ONLY || !/Page/.test(p));
const TARGET_MB = 300;
const CHUNK = 64 * 1024;

interface Ready {
  port: number;
  uploads: Array<{ praticaId: number; uploadToken: string }>;
}

/** The server's own memory, read inside its process: at rest before the uploads, and at the RSS peak. */
interface Report {
  idle: NodeJS.MemoryUsage;
  peak: NodeJS.MemoryUsage;
}

// --------------------------------------------------------------------------------------------
// The server (child process)

async function serve() {
  const { buildApp } = await import('#server/app.ts');
  const { openDatabase } = await import('#server/db/client.ts');
  const { prepareDatabase } = await import('#server/db/prepare.ts');
  const { parseEnv } = await import('#server/env.ts');
  const { openStorage } = await import('#server/storage/open-storage.ts');
  const { puntiFisici, users } = await import('#server/db/schema.ts');
  const { generateLandingCode } = await import('#server/modules/punti-fisici/landing-code.ts');
  const { eq } = await import('drizzle-orm');

  const config = parseEnv(process.env);
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    owner: { purpose: 'bench' },
  });
  await prepareDatabase(handle, config);
  const storage = openStorage(config);
  const app = await buildApp({
    db: handle.db,
    config,
    sessionSecret: 'bench-session-secret-0123456789abcdef0123456789',
    storage,
    databaseKind: handle.kind,
    logger: false,
  });
  const [admin] = await handle.db.select().from(users).where(eq(users.role, 'admin'));
  const [punto] = await handle.db
    .insert(puntiFisici)
    .values({
      nomeAttivita: 'Negozio del banco di prova',
      indirizzo: 'Via Roma 1, Milano',
      landingCode: generateLandingCode(),
      utenteResponsabileId: admin.id,
    })
    .returning();
  const uploads: Ready['uploads'] = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/submit-form',
      remoteAddress: `10.77.0.${i + 1}`,
      payload: {
        nome: 'Lucia',
        cognome: `Verdi ${i}`,
        telefono: `33900000${String(i).padStart(2, '0')}`,
        email: `lucia.${i}@esempio.it`,
        serviziRichiesti: ['luce', 'gas'],
        servizioRichiesto: 'luce',
        privacyAccepted: true,
        orarioContatto: '',
        indirizzoIP: 'unknown',
        puntoFisicoId: punto.id,
        note: '',
        documentiCaricati: {
          hasLuceFile: true,
          hasGasFile: true,
          hasSingleFile: true,
          hasCombinedFile: true,
          uploadMethod: 'separate',
          timestamp: new Date().toISOString(),
        },
      },
    });
    if (res.statusCode !== 201) throw new Error(`submit-form: ${res.statusCode} ${res.body}`);
    uploads.push(res.json());
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  global.gc?.();
  const idle = process.memoryUsage();
  let peak = idle;
  const sample = () => {
    const now = process.memoryUsage();
    if (now.rss > peak.rss) peak = now;
    // BENCH_TRACE=1: every sample on stderr, to see where the memory goes over time.
    if (process.env.BENCH_TRACE) console.error(JSON.stringify(now));
  };
  const timer = setInterval(sample, 20);
  process.send!({ port: (app.server.address() as AddressInfo).port, uploads } satisfies Ready);
  process.on('message', () => {
    clearInterval(timer);
    sample();
    process.send!({ idle, peak } satisfies Report);
    void app
      .close()
      .then(() => handle.close())
      .then(() => process.exit(0));
  });
}

// --------------------------------------------------------------------------------------------
// The customers (this process)

/** A JPEG the checks accept (a real one, padded) and a text bill, each exactly `size` bytes. */
function documentBytes(part: string, size: number): () => AsyncGenerator<Buffer> {
  const image = /Page/.test(part);
  return async function* () {
    const head = image ? JPEG_PAGE_1 : Buffer.from('Fornitura luce\nPOD IT001E12345678\n');
    yield head;
    const filler = Buffer.alloc(CHUNK, image ? 0 : 'Consumo annuo: 2.700 kWh\n');
    let left = size - head.length;
    while (left > 0) {
      const n = Math.min(CHUNK, left);
      yield n === CHUNK ? filler : filler.subarray(0, n);
      left -= n;
    }
  };
}

async function* multipartBody(boundary: string, size: number): AsyncGenerator<Buffer> {
  for (const part of SENT_PARTS) {
    const image = /Page/.test(part);
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part}"; filename="${part}.${image ? 'jpg' : 'txt'}"\r\n` +
        `Content-Type: ${image ? 'image/jpeg' : 'text/plain'}\r\n\r\n`,
    );
    yield* documentBytes(part, size)();
    yield Buffer.from('\r\n');
  }
  yield Buffer.from(`--${boundary}--\r\n`);
}

function upload(port: number, praticaId: number, token: string, size: number) {
  const boundary = `----bench${praticaId}`;
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/pratiche/${praticaId}/upload`,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'x-upload-token': token,
        },
      },
      (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    pipeline(Readable.from(multipartBody(boundary, size)), req).catch(reject);
  });
}

async function main() {
  const useS3 = process.argv.includes('--s3');
  const dir = mkdtempSync(path.join(tmpdir(), 'winsolution-bench-uploads-'));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    DATA_DIR: path.join(dir, 'data'),
    UPLOAD_DIR: path.join(dir, 'uploads'),
    PUBLIC_BASE_URL: 'http://localhost:5000',
    LOG_LEVEL: 'warn',
  };
  // Under scripts/with-postgres.ts: the server on that PostgreSQL instead of the embedded database.
  if (process.env.TEST_DATABASE_URL) env.DATABASE_URL = process.env.TEST_DATABASE_URL;
  const database = env.DATABASE_URL ? 'PostgreSQL' : 'database incorporato';
  let s3server: { close: () => Promise<void> } | undefined;
  if (useS3) {
    const { default: S3rver } = await import('s3rver');
    const server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: path.join(dir, 's3'),
      configureBuckets: [{ name: 'bench', configs: [] }],
    });
    const { port } = await server.run();
    s3server = server;
    Object.assign(env, {
      S3_BUCKET: 'bench',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
  }
  const child: ChildProcess = fork(import.meta.filename, ['--serve'], {
    env,
    execArgv: [...process.execArgv],
  });
  try {
    const ready = await new Promise<Ready>((resolve, reject) => {
      child.once('message', (m) => resolve(m as Ready));
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const size = UPLOAD_MAX_FILE_BYTES;
    console.log(
      `${CUSTOMERS} caricamenti contemporanei di ${SENT_PARTS.length} documenti da ${size / 1024 / 1024} MB (${database}, documenti su ${useS3 ? 's3rver' : 'disco locale'})...`,
    );
    const started = performance.now();
    const results = await Promise.all(
      ready.uploads.map((u) => upload(ready.port, u.praticaId, u.uploadToken, size)),
    );
    const seconds = (performance.now() - started) / 1000;
    const failed = results.filter((r) => r.status !== 201);
    const memory = await new Promise<Report>((resolve) => {
      child.once('message', (m) => resolve(m as Report));
      child.send('report');
    });
    const mb = (n: number) => Math.round(n / 1024 / 1024);
    const megabytes = (CUSTOMERS * SENT_PARTS.length * size) / 1024 / 1024;
    const lines = [
      `# Caricamenti contemporanei (${database}, documenti su ${useS3 ? 's3rver' : 'disco locale'})`,
      '',
      `| Misura | Valore |`,
      `| --- | --- |`,
      `| Richieste | ${CUSTOMERS} × ${SENT_PARTS.length} documenti da ${size / 1024 / 1024} MB (${megabytes} MB) |`,
      `| Risposte 201 | ${results.length - failed.length} di ${results.length} |`,
      `| Durata | ${seconds.toFixed(1)} s |`,
      `| RSS del server a riposo | ${mb(memory.idle.rss)} MB |`,
      `| RSS del server, picco | ${mb(memory.peak.rss)} MB (obiettivo: meno di ${TARGET_MB} MB) ${mb(memory.peak.rss) < TARGET_MB ? '✓' : '✗'} |`,
      `| Crescita durante i caricamenti | ${mb(memory.peak.rss - memory.idle.rss)} MB |`,
      `| Al picco: heap JS / Buffer | ${mb(memory.peak.heapUsed)} MB / ${mb(memory.peak.arrayBuffers)} MB |`,
      '',
      `Memoria letta nel processo del server${useS3 ? ' (s3rver gira nel processo del banco di prova e non è contato)' : ''}; MB = MiB.`,
      '',
    ];
    console.log(lines.join('\n'));
    for (const f of failed) console.log(`Risposta ${f.status}: ${f.body}`);
    writeFileSync(
      path.resolve(
        import.meta.dirname,
        'results',
        `uploads-${env.DATABASE_URL ? 'postgres' : 'pglite'}-${useS3 ? 's3' : 'disco'}.md`,
      ),
      lines.join('\n'),
    );
  } finally {
    child.kill();
    await s3server?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--serve')) void serve();
else void main();
