import { useQueryClient } from '@tanstack/react-query';
import {
  Activity,
  CheckCircle2,
  Clock,
  Euro,
  Loader,
  Percent,
  RefreshCw,
  Store,
  TrendingUp,
  Users,
  Wallet,
} from 'lucide-react';
import { msg } from '#shared/messages.ts';
import { can, dashboardTitle } from '#shared/permissions.ts';
import type { DashboardStats } from '#shared/schemas/dashboard.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/spinner.tsx';
import { formatEuro, initialsOf } from '#client/lib/format.ts';
import { useAuth } from '#client/backoffice/features/auth/auth-context.tsx';
import {
  DASHBOARD_STATS_KEY,
  useDashboardStats,
} from '#client/backoffice/features/dashboard/api/get-dashboard-stats.ts';
import { DashboardCharts } from '#client/backoffice/features/dashboard/components/dashboard-charts.tsx';
import { PuntoPerformance } from '#client/backoffice/features/dashboard/components/punto-performance.tsx';
import {
  RecentCommissioni,
  RecentPratiche,
} from '#client/backoffice/features/dashboard/components/recent-lists.tsx';
import { BannerCard, StatCard } from '#client/backoffice/features/dashboard/components/stat-card.tsx';

const m = msg.dashboard;

function DashboardSkeleton() {
  return (
    <div className="flex flex-col gap-6" data-testid="dashboard-skeleton">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
      <Skeleton className="h-40" />
    </div>
  );
}

function DashboardContent({
  stats,
  isManagement,
  isAdmin,
}: {
  stats: DashboardStats;
  isManagement: boolean;
  isAdmin: boolean;
}) {
  return (
    <div className="flex flex-col gap-6">
      <section
        aria-label="Riepilogo"
        className={
          isManagement
            ? 'grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4'
            : 'grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3'
        }
      >
        <StatCard
          id="lead-totali"
          title={m.leadTotali}
          value={stats.totalLeads}
          subtitle={m.leadTotaliSub}
          icon={Users}
          tone="blue"
        />
        <StatCard
          id="commissioni-totali"
          title={m.commissioniTotali}
          value={formatEuro(stats.totalCommissions)}
          subtitle={m.commissioniMese(formatEuro(stats.commissionsThisMonth))}
          icon={Euro}
          tone="green"
        />
        {isManagement && (
          <StatCard
            id="servizi-attivi"
            title={m.serviziAttivi}
            value={stats.totalServizi ?? 0}
            subtitle={m.serviziCompletati(stats.serviziCompletati ?? 0)}
            icon={Activity}
            tone="purple"
          />
        )}
        {isManagement ? (
          <StatCard
            id="punti"
            title={m.puntiFisici}
            value={stats.activePoints}
            subtitle={m.puntiFisiciSub}
            icon={Store}
            tone="yellow"
          />
        ) : (
          <StatCard
            id="punti"
            title={m.mieiPunti}
            value={stats.myPoints || stats.activePoints}
            subtitle={m.mieiPuntiSub}
            icon={Store}
            tone="yellow"
            className="col-span-2 lg:col-span-1"
          />
        )}
      </section>

      {isManagement && (
        <section
          aria-label="Servizi"
          className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4"
          data-testid="management-row"
        >
          <StatCard
            id="da-gestire"
            title={m.daGestire}
            value={stats.serviziInseriti ?? 0}
            subtitle={m.daGestireSub}
            icon={Clock}
            tone="blue"
          />
          <StatCard
            id="in-lavorazione"
            title={m.inLavorazione}
            value={stats.serviziInLavorazione ?? 0}
            subtitle={m.inLavorazioneSub}
            icon={Loader}
            tone="yellow"
          />
          <StatCard
            id="completati"
            title={m.completati}
            value={stats.serviziCompletati ?? 0}
            subtitle={m.completatiSub}
            icon={CheckCircle2}
            tone="green"
          />
          <StatCard
            id="tasso-conversione"
            title={m.tassoConversione}
            value={`${(stats.conversionRate ?? 0).toLocaleString('it-IT', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`}
            subtitle={m.tassoConversioneSub}
            icon={Percent}
            tone="slate"
          />
        </section>
      )}

      <section aria-label="Commissioni del periodo" className="grid gap-4 md:grid-cols-2">
        <BannerCard
          id="oggi"
          title={m.oggi}
          value={formatEuro(stats.commissionsToday)}
          subtitle={m.oggiSub}
          icon={Wallet}
          className="bg-gradient-to-r from-blue-700 to-blue-600"
        />
        <BannerCard
          id="questo-mese"
          title={m.questoMese}
          value={formatEuro(stats.commissionsThisMonth)}
          subtitle={m.questoMeseSub}
          icon={TrendingUp}
          className="bg-gradient-to-r from-green-700 to-green-600"
        />
      </section>

      <PuntoPerformance />

      {isAdmin && stats.serviceStats && (
        <DashboardCharts serviceStats={stats.serviceStats} monthlyStats={stats.monthlyStats} />
      )}

      <div className={isManagement ? 'grid gap-4 lg:grid-cols-2' : 'grid gap-4'}>
        {isManagement && <RecentPratiche pratiche={stats.recentPratiche ?? []} />}
        <RecentCommissioni commissioni={stats.recentCommissions} />
      </div>
    </div>
  );
}

/** Every number comes from GET /api/dashboard/stats, scoped by the server. See docs/product/screens.md#dashboard */
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
            onClick={() => void queryClient.invalidateQueries({ queryKey: [DASHBOARD_STATS_KEY] })}
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
      {stats.isLoading ? (
        <DashboardSkeleton />
      ) : stats.data ? (
        <DashboardContent
          stats={stats.data}
          isManagement={can(role, 'dashboard:management')}
          isAdmin={can(role, 'dashboard:charts')}
        />
      ) : null}
    </>
  );
}
