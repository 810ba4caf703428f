import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { msg } from '#shared/messages.ts';
import { can, dashboardTitle } from '#shared/permissions.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ErrorState } from '#client/components/ui/error-state.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { initialsOf } from '#client/lib/format.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { useAuth } from '#client/backoffice/features/auth/auth-context.tsx';
import { useDashboardStats } from '#client/backoffice/features/dashboard/api/queries.ts';
import {
  DashboardContent,
  DashboardSkeleton,
} from '#client/backoffice/features/dashboard/components/dashboard-content.tsx';

import { ChiamateCards } from '#client/backoffice/features/chiamate/components/chiamate-cards.tsx';
import { DaRecuperareCard } from '#client/backoffice/features/riconciliazioni/components/da-recuperare-card.tsx';

const m = msg.dashboard;

/** `/`: the role's dashboard; a failed read says so with 'Riprova' instead of an empty page. See docs/product/screens.md#dashboard */
export function DashboardRoute() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const stats = useDashboardStats();
  const role = user?.role;
  return (
    <>
      <header className="mb-6 flex items-center justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight">{dashboardTitle(role)}</h1>
          <p className="text-muted-foreground">{m.subtitle}</p>
        </div>
        <div className="flex shrink-0 items-center gap-3">
          <Button
            variant="outline"
            size="sm"
            onClick={() => void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all })}
            disabled={stats.isFetching}
            aria-label={m.refresh}
          >
            <RefreshCw aria-hidden className={stats.isFetching ? 'animate-spin' : undefined} />
            <span className="hidden sm:inline">{m.refresh}</span>
          </Button>
          <span
            aria-hidden
            className="hidden size-10 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground sm:flex"
          >
            {initialsOf(user)}
          </span>
        </div>
      </header>
      <ChiamateCards />
      {stats.isError ? (
        <ErrorState
          message={msg.dashboard.loadError(errorMessage(stats.error, stats.error.message))}
          onRetry={() => void stats.refetch()}
          isRetrying={stats.isFetching}
        />
      ) : stats.data ? (
        <DashboardContent
          stats={stats.data}
          isManagement={can(role, 'dashboard:management')}
          isAdmin={can(role, 'dashboard:charts')}
          daRecuperare={<DaRecuperareCard />}
        />
      ) : (
        <DashboardSkeleton />
      )}
    </>
  );
}
