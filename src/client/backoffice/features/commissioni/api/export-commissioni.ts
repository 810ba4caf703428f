import { withQuery } from '#client/lib/api-client.ts';
import { downloadFile } from '#client/lib/download.ts';
import { COMMISSIONI_KEY, filterParams, type CommissioniFilters } from './get-commissioni';

/** 'Esporta': the filtered commissions as XLSX or CSV, with the role's own amounts. See docs/product/screens.md#esportazioni */
export function exportCommissioni(filters: CommissioniFilters, format: 'xlsx' | 'csv') {
  return downloadFile(
    withQuery(`${COMMISSIONI_KEY}/export`, { ...filterParams(filters), format }),
    `commissioni.${format}`,
  );
}
