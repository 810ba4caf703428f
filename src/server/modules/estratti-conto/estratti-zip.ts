import { once } from 'node:events';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import yazl from 'yazl';
import { ROLE_TITLES } from '#shared/permissions.ts';
import type { Beneficiario } from '#shared/schemas/estratto-conto.ts';
import type { Database } from '#server/db/client.ts';
import type { Actor } from '#server/lib/actor.ts';
import { buildEstratto, type EstrattoConto } from '#server/modules/estratti-conto/estratti-conto.service.ts';
import { estrattoPdfBuffer } from '#server/modules/estratti-conto/estratto-pdf.ts';
import { estrattoXlsxBuffer, riepilogoXlsxBuffer } from '#server/modules/estratti-conto/estratto-xlsx.ts';

/** Letters, digits and dashes only: a file name every system and mail client keeps as it is. */
const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** 'EC-2026-000123_Rossi-Mario_Punto-Fisico_2026-03.pdf' */
export function estrattoFileName(e: EstrattoConto, formato: 'pdf' | 'xlsx'): string {
  const numero = e.numero.replace('/', '-');
  const who = slug(`${e.beneficiario.lastName} ${e.beneficiario.firstName}`) || `utente-${e.beneficiario.id}`;
  return `EC-${numero}_${who}_${slug(ROLE_TITLES[e.beneficiario.ruolo])}_${e.periodo.key}.${formato}`;
}

/**
 * Every payee's statement of the period as PDF and XLSX, plus a summary sheet, in one ZIP
 * written as it is produced: one statement at a time, waiting while the client is slower than
 * the generation, and stopping when it goes away.
 */
export function streamEstrattiZip(
  db: Database,
  actor: Actor,
  periodo: string,
  beneficiari: Beneficiario[],
  log: FastifyBaseLogger,
): Readable {
  const zip = new yazl.ZipFile();
  const out = zip.outputStream as Readable & { writableNeedDrain?: boolean };
  const run = async () => {
    const now = new Date();
    const estratti: EstrattoConto[] = [];
    for (const b of beneficiari) {
      if (out.destroyed) return;
      const estratto = await buildEstratto(db, actor, b.id, periodo, now);
      estratti.push({ ...estratto, righe: [] });
      const options = { mtime: estratto.prodottoIl };
      zip.addBuffer(await estrattoPdfBuffer(estratto), estrattoFileName(estratto, 'pdf'), options);
      zip.addBuffer(await estrattoXlsxBuffer(estratto), estrattoFileName(estratto, 'xlsx'), options);
      // A client that went away closes the stream: stop waiting then too.
      if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    }
    zip.addBuffer(await riepilogoXlsxBuffer(estratti, now), `riepilogo-${periodo}.xlsx`, { mtime: now });
    zip.end();
  };
  run().catch((error: unknown) => {
    log.error({ err: error }, 'estratti conto: ZIP interrotto');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
