import type { ExportFormat } from '#shared/schemas/common.ts';
import { withQuery } from '#client/lib/api-client.ts';
import { downloadFile } from '#client/lib/download.ts';
import { filterParams, PRATICHE_KEY, type PraticheFilters } from './get-pratiche';

/** 'Esporta': the filtered practices as XLSX or CSV, one row per service. See docs/product/screens.md#esportazioni */
export function exportPratiche(filters: Omit<PraticheFilters, 'page' | 'pageSize'>, format: ExportFormat) {
  return downloadFile(
    withQuery(`${PRATICHE_KEY}/export`, { ...filterParams(filters), format }),
    `pratiche.${format}`,
  );
}
