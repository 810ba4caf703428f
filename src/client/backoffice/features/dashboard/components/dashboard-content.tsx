import type { ReactNode } from 'react';
import {
  Activity,
  CheckCircle2,
  Clock,
  Euro,
  Loader,
  Percent,
  Store,
  TrendingUp,
  Users,
  Wallet,
} from 'lucide-react';
import { fillMessage, msg } from '#shared/messages.ts';
import { toCents } from '#shared/money.ts';
import type { DashboardStats } from '#shared/schemas/dashboard.ts';
import { Skeleton } from '#client/components/ui/spinner.tsx';
import { formatEuro } from '#client/lib/format.ts';
import { DashboardCharts } from '#client/backoffice/features/dashboard/components/dashboard-charts.tsx';
import { PuntoPerformance } from '#client/backoffice/features/dashboard/components/punto-performance.tsx';
import {
  RecentCommissioni,
  RecentPratiche,
} from '#client/backoffice/features/dashboard/components/recent-lists.tsx';
import { BannerCard, StatCard } from '#client/components/ui/stat-card.tsx';
import { Money } from '#client/components/ui/money.tsx';

const m = msg.dashboard;

export function DashboardSkeleton() {
  return (
    <div className="flex flex-col gap-6" data-testid="dashboard-skeleton">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
      <Skeleton className="h-40" />
    </div>
  );
}

/** Every number of the dashboard, from GET /api/dashboard/stats (scoped by the server). */
export function DashboardContent({
  stats,
  isManagement,
  isAdmin,
  daRecuperare,
}: {
  stats: DashboardStats;
  isManagement: boolean;
  isAdmin: boolean;
  /** What suppliers still owe (the reconciliation feature), composed by the screen. */
  daRecuperare: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-6">
      <section
        aria-label={msg.dashboard.riepilogo}
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
          value={<Money value={stats.totalCommissions} />}
          subtitle={
            <>
              {m.commissioniMese(formatEuro(stats.commissionsThisMonth))}
              {/* What is still in its withdrawal window (docs/product/commissions.md#maturazione). */}
              {toCents(stats.commissionsInMaturazione) !== 0 && (
                <span className="block" data-testid="dashboard-in-maturazione">
                  {fillMessage(msg.maturazione.dashboardInMaturazione, {
                    importo: formatEuro(stats.commissionsInMaturazione),
                  })}
                </span>
              )}
            </>
          }
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
          aria-label={msg.dashboard.servizi}
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

      {/* 49c: what suppliers still owe (docs/product/fornitori-riconciliazione.md#da-recuperare-dai-fornitori). */}
      {isManagement && (
        <section
          aria-label={msg.riconciliazione.cardTitolo}
          className="grid gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-4"
        >
          {daRecuperare}
        </section>
      )}

      {/* Side by side from lg: beside the sidebar of a tablet, half the width leaves '€ 19.162.483,00' no room. */}
      <section aria-label={msg.dashboard.commissioniPeriodo} className="grid gap-4 lg:grid-cols-2">
        <BannerCard
          id="oggi"
          title={m.oggi}
          value={<Money value={stats.commissionsToday} onDark />}
          subtitle={m.oggiSub}
          icon={Wallet}
          className="bg-gradient-to-r from-blue-700 to-blue-600"
        />
        <BannerCard
          id="questo-mese"
          title={m.questoMese}
          value={<Money value={stats.commissionsThisMonth} onDark />}
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
