import { useQueryClient } from '@tanstack/react-query';
import { DASHBOARD_STATS_KEY } from '#client/backoffice/features/dashboard/api/get-dashboard-stats.ts';
import { COMMISSIONI_KEY } from './get-commissioni';

/** After a payment or a deletion: the list, its summary, and the dashboard's commission figures. */
export function useInvalidateCommissioni() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [COMMISSIONI_KEY] }),
      queryClient.invalidateQueries({ queryKey: [DASHBOARD_STATS_KEY] }),
      // Point stats (Commissioni Totali, Oggi, Questo Mese per point).
      queryClient.invalidateQueries({
        predicate: (q) => /^\/api\/punti-fisici\/\d+\/stats/.test(String(q.queryKey[0])),
      }),
    ]);
}
