/**
 * `npm run seed:demo [-- --leads N] [--workflow N] [--seed N]`: adds demo data to the configured
 * database (DATA_DIR's PGlite, or DATABASE_URL), after migrating and the first-start seed.
 * See scripts/seed-demo/index.ts for what is created and how.
 */
import { openDatabase } from '#server/db/client.ts';
import { DataDirLockedError } from '#server/db/data-dir-lock.ts';
import { prepareDatabase } from '#server/db/prepare.ts';
import { DEFAULT_DEMO_LEADS, seedDemoData, type SeedDemoResult } from '#scripts/seed-demo/index.ts';
import { EnvError, parseEnv } from '#server/env.ts';
import { ROLE_TITLES } from '#shared/permissions.ts';

const USAGE = 'Uso: npm run seed:demo -- [--leads N] [--workflow N] [--seed N]';

/** `--name N` or `--name=N`, a non-negative integer. */
function numberArg(argv: string[], name: string): number | undefined {
  const index = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (index === -1) return undefined;
  const raw = argv[index].includes('=') ? argv[index].split('=')[1] : argv[index + 1];
  const value = Number(raw?.replace(/[_.]/g, ''));
  if (raw == null || !Number.isInteger(value) || value < 0) {
    console.error(`--${name} vuole un numero intero non negativo (ricevuto: ${raw ?? 'niente'}).\n${USAGE}`);
    process.exit(1);
  }
  return value;
}

const int = new Intl.NumberFormat('it-IT');

function printSummary(result: SeedDemoResult) {
  const lines = [
    '',
    `Dati demo aggiunti in ${(result.elapsedMs / 1000).toFixed(1)} s:`,
    `  utenti nuovi:        ${Object.entries(result.users)
      .map(([role, n]) => `${ROLE_TITLES[role as keyof typeof ROLE_TITLES]} ${n}`)
      .join(', ')}`,
    `  punti fisici:        ${int.format(result.puntiFisici)}`,
    `  lead:                ${int.format(result.leads)}`,
    `  pratiche:            ${int.format(result.pratiche)}`,
    `  servizi:             ${Object.entries(result.servizi)
      .map(([s, n]) => `${s} ${int.format(n)}`)
      .join(', ')}`,
    `  cambi di stato reali: ${int.format(result.workflowCalls)} (PUT /api/servizi/{id}/status)`,
    `  configurazioni:      ${result.configurazioniCreate} create (le esistenti restano)`,
    `  commissioni:         ${int.format(result.commissioni)} (pagate ${int.format(result.commissioniPagate)}, storni ${int.format(result.storni)})`,
    `  fasi:                ${result.phases.map((p) => `${p.name} ${(p.ms / 1000).toFixed(1)} s`).join('; ')}`,
    '',
    'Accessi demo (password per tutti gli utenti demo: ' + result.password + '):',
    ...result.accounts.map(
      (a) => `  ${ROLE_TITLES[a.role].padEnd(16)} ${a.email}${a.created ? '' : ' (già esistente)'}`,
    ),
    '',
  ];
  console.log(lines.join('\n'));
}

async function main() {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return;
  }
  let config;
  try {
    config = parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const leads = numberArg(argv, 'leads') ?? DEFAULT_DEMO_LEADS;
  const workflowPratiche = numberArg(argv, 'workflow');
  const seed = numberArg(argv, 'seed');

  let handle;
  try {
    // The same lock as the server: refused while `npm start` runs on this DATA_DIR.
    handle = await openDatabase({ ...config, owner: { purpose: 'seed:demo' } });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  try {
    console.log(
      `Database: ${handle.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}; lead da aggiungere: ${int.format(leads)}`,
    );
    const seeded = await prepareDatabase(handle, config);
    if (seeded.generatedAdmin) {
      console.log(
        `Primo amministratore creato: ${seeded.generatedAdmin.email} / ${seeded.generatedAdmin.password} (mostrata solo ora)`,
      );
    }
    const result = await seedDemoData(handle.db, {
      leads,
      workflowPratiche,
      seed,
      publicBaseUrl: config.publicBaseUrl,
      onProgress: (line) => console.log(`  ${line}`),
    });
    printSummary(result);
  } finally {
    await handle.close();
  }
}

await main();
