import { useQueryClient } from '@tanstack/react-query';
import { msg } from '#shared/messages.ts';
import { can } from '#shared/permissions.ts';
import { Card } from '#client/components/ui/card.tsx';
import { CollapsibleFilters } from '#client/components/ui/collapsible-filters.tsx';
import { PageHeader } from '#client/components/ui/page-header.tsx';
import { positiveInt, useUrlState } from '#client/lib/use-url-state.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { useChiamate, useConsulente } from '#client/backoffice/features/chiamate/api/chiamate.ts';
import { useAuth } from '#client/backoffice/features/auth/auth-context.tsx';
import { ChiamateResults } from '#client/backoffice/features/chiamate/components/chiamate-results.tsx';
import {
  ConsulenteFilter,
  consulenteName,
} from '#client/backoffice/features/chiamate/components/consulente-filter.tsx';

const c = msg.chiamate;

interface ChiamateUrlState {
  consulenteId?: number;
}
const parse = (p: URLSearchParams): ChiamateUrlState => ({ consulenteId: positiveInt(p.get('consulente')) });
const serialize = (s: ChiamateUrlState) => ({ consulente: s.consulenteId });

/**
 * `/chiamate?consulente=ID`: whom to call now, late, new, and the recalls to come
 * (docs/product/calls.md); the chosen consultant is in the URL, so a reload keeps it.
 */
export function ChiamateRoute() {
  const { user } = useAuth();
  // Admin and amministrazione see everyone's queue, so they may narrow it to one consultant's.
  const canFilter = can(user?.role, 'chiamate:filtroConsulente');
  const queryClient = useQueryClient();
  const [state, setState] = useUrlState(parse, serialize);
  const consulenteId = canFilter ? state.consulenteId : undefined;
  const consulente = useConsulente(consulenteId).data ?? null;
  const query = useChiamate(consulenteId);
  return (
    <>
      <PageHeader title={c.title} subtitle={c.subtitle} />
      {canFilter && (
        <CollapsibleFilters
          chips={
            consulente
              ? [
                  {
                    key: 'consulente',
                    label: c.consulenteChip(consulenteName(consulente)),
                    onRemove: () => setState({ consulenteId: undefined }),
                  },
                ]
              : []
          }
        >
          <Card className="mb-4 p-4 sm:max-w-md">
            <ConsulenteFilter
              selected={consulente}
              onSelect={(picked) => {
                // The chip shows the name at once, without asking the server who it was.
                if (picked) queryClient.setQueryData(queryKeys.chiamate.consulente(picked.id), [picked]);
                setState({ consulenteId: picked?.id });
              }}
            />
          </Card>
        </CollapsibleFilters>
      )}
      <ChiamateResults query={query} />
    </>
  );
}
