import { withQuery } from '../../../../lib/api-client';
import { downloadFile } from '../../../../lib/download';
import { COMMISSIONI_KEY, filterParams, type CommissioniFilters } from './get-commissioni';

/** 'Esporta' (DECISIONS §7): the filtered commissions as XLSX or CSV, with the role's own amounts. */
export function exportCommissioni(filters: CommissioniFilters, format: 'xlsx' | 'csv') {
  return downloadFile(
    withQuery(`${COMMISSIONI_KEY}/export`, { ...filterParams(filters), format }),
    `commissioni.${format}`,
  );
}
