import type { Readable } from 'node:stream';
import { and, desc, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PagamentoStato } from '#shared/domain.ts';
import { toCents } from '#shared/money.ts';
import type { CommissioniFilters } from '#shared/schemas/commissione.ts';
import type { ExportFormat } from '#shared/schemas/common.ts';
import { servizioLabel } from '#shared/servizi-catalogo.ts';
import { formatRomeDateTime } from '#shared/time.ts';
import type { Database } from '#server/db/client.ts';
import { commissioni } from '#server/db/schema.ts';
import type { Actor } from '#server/lib/actor.ts';
import {
  EXPORT_BATCH,
  exportHeaders,
  inBatches,
  moneyCell,
  spreadsheetStream,
  type Cell,
} from '#server/lib/tabular-export.ts';
import { auditSource, recordListExport } from '#server/modules/audit/audit.service.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { filterWhere, selectJoined } from '#server/modules/commissioni/commissioni.service.ts';

/**
 * GET /api/commissioni/export: the export recorded in the audit log with its format and filters,
 * then the file streamed as it is written.
 */
export async function sendCommissioniExport(
  db: Database,
  request: FastifyRequest,
  query: CommissioniFilters & { format: ExportFormat },
  reply: FastifyReply,
) {
  const { format, ...filters } = query;
  await recordListExport(db, auditSource(request), 'commissioni', format, filters);
  return reply
    .headers(exportHeaders('commissioni', format))
    .send(exportCommissioni(db, actorOf(request), filters, format));
}

type AmountKey = 'importoPuntoFisico' | 'importoAgente' | 'importoAreaManager' | 'importoAmministrazione';
type BonusKey = 'puntoFisico' | 'agente' | 'areaManager';
const AMOUNT_COLUMNS: Record<AmountKey, { header: string; bonus?: BonusKey }> = {
  importoPuntoFisico: { header: 'Importo Punto Fisico', bonus: 'puntoFisico' },
  importoAgente: { header: 'Importo Agente', bonus: 'agente' },
  importoAreaManager: { header: 'Importo Area Manager', bonus: 'areaManager' },
  importoAmministrazione: { header: 'Importo Struttura' },
};

/** The amounts a role may see are the only amount columns of its export.
 * See docs/product/roles-and-scope.md#importi-delle-commissioni-per-ruolo */
function amountKeysFor(actor: Actor): AmountKey[] {
  switch (actor.role) {
    case 'admin':
    case 'amministrazione':
      return ['importoPuntoFisico', 'importoAgente', 'importoAreaManager', 'importoAmministrazione'];
    case 'area_manager':
      return ['importoAreaManager'];
    case 'agente':
      return ['importoAgente'];
    case 'punto_fisico':
      return ['importoPuntoFisico'];
  }
}

export const STATO_PAGAMENTO_LABELS: Record<PagamentoStato, string> = {
  non_pagato: 'Non pagato',
  pagato: 'Pagato',
};

/**
 * 'Esporta' (docs/product/screens.md#esportazioni): every row the list would show with these filters, newest
 * first, written while it is read in keyset batches (docs/performance.md#esportazioni).
 */
export function exportCommissioni(
  db: Database,
  actor: Actor,
  filters: CommissioniFilters,
  format: 'xlsx' | 'csv',
): Readable {
  const where = filterWhere(actor, filters);
  const rows = inBatches((after: { c: { id: number }; cursor: string } | undefined) =>
    selectJoined(db, { cursor: sql<string>`${commissioni.dataCompletamento}::text` })
      .where(
        after
          ? and(
              where,
              sql`(${commissioni.dataCompletamento}, ${commissioni.id}) < (${after.cursor}::timestamptz, ${after.c.id})`,
            )
          : where,
      )
      .orderBy(desc(commissioni.dataCompletamento), desc(commissioni.id))
      .limit(EXPORT_BATCH),
  );
  const amountKeys = amountKeysFor(actor);
  const bonusKeys = amountKeys.flatMap((k) => AMOUNT_COLUMNS[k].bonus ?? []);
  const bonusHeaders: Record<BonusKey, string> = {
    puntoFisico: 'Bonus Punto Fisico',
    agente: 'Bonus Agente',
    areaManager: 'Bonus Area Manager',
  };
  const header = [
    'ID',
    'Data completamento',
    'Servizio',
    'Cliente',
    'Fornitore',
    'Punto Fisico',
    'Pratica',
    'Stato pagamento',
    'Data pagamento',
    ...amountKeys.map((k) => AMOUNT_COLUMNS[k].header),
    ...bonusKeys.map((k) => bonusHeaders[k]),
    'Storno della commissione',
    'Note pagamento',
  ];
  async function* cells(): AsyncGenerator<Cell[]> {
    for await (const { c, fornitoreNome, puntoFisicoNome } of rows) {
      const bonus = c.bonusApplicati ?? { puntoFisico: '0', agente: '0', areaManager: '0' };
      yield [
        c.id,
        formatRomeDateTime(c.dataCompletamento),
        servizioLabel(c.tipoServizio),
        c.customerName,
        fornitoreNome ?? '',
        puntoFisicoNome ?? '',
        c.praticaId,
        STATO_PAGAMENTO_LABELS[c.statoPagamento],
        c.dataPagamento ? formatRomeDateTime(c.dataPagamento) : '',
        ...amountKeys.map((k) => moneyCell(toCents(c[k]))),
        ...bonusKeys.map((k) => moneyCell(toCents(bonus[k]))),
        c.stornoOfId ?? '',
        c.notePagamento ?? '',
      ];
    }
  }
  return spreadsheetStream(format, 'Commissioni', header, cells());
}
