import { useQuery } from '@tanstack/react-query';
import { Calendar, CalendarDays, Euro, Users } from 'lucide-react';
import { useState } from 'react';
import { msg } from '#shared/messages.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { dashboardQueries } from '#client/backoffice/features/dashboard/api/queries.ts';
import { PuntoFilter } from '#client/components/punto-filter.tsx';
import { StatCard } from '#client/components/ui/stat-card.tsx';
import { Money } from '#client/components/ui/money.tsx';

const m = msg.dashboard;

/**
 * 'Performance Punti Fisici': choose one point in scope by name or address (the point search,
 * any number of points), see its numbers (GET /api/punti-fisici/{id}/stats).
 */
export function PuntoPerformance() {
  const [puntoId, setPuntoId] = useState<number | null>(null);
  const stats = useQuery({ ...dashboardQueries.puntoStats(puntoId ?? 0), enabled: puntoId != null });

  return (
    <Card className="min-w-0" data-testid="punto-performance">
      <CardHeader className="gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <CardTitle>{m.performance}</CardTitle>
          <CardDescription>{m.performanceSub}</CardDescription>
        </div>
        <div className="flex w-full items-end gap-2 sm:w-auto">
          <div className="min-w-0 flex-1 sm:w-72">
            <PuntoFilter selectedId={puntoId} onSelect={setPuntoId} placeholder={m.puntoPlaceholder} />
          </div>
          <Button variant="outline" onClick={() => setPuntoId(null)} disabled={puntoId == null}>
            {m.azzera}
          </Button>
        </div>
      </CardHeader>
      {puntoId != null && (
        <CardContent>
          {stats.isLoading ? (
            <div className="flex justify-center py-8">
              <Spinner />
            </div>
          ) : stats.data ? (
            <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
              <StatCard
                id="punto-lead"
                title={m.leadGenerati}
                value={stats.data.totalLeads}
                icon={Users}
                tone="blue"
                level="h4"
              />
              <StatCard
                id="punto-commissioni"
                title={m.commissioniTotali}
                value={<Money value={stats.data.totalCommissions} />}
                icon={Euro}
                tone="green"
                level="h4"
              />
              <StatCard
                id="punto-oggi"
                title={m.oggi}
                value={<Money value={stats.data.commissionsToday} />}
                icon={Calendar}
                tone="purple"
                level="h4"
              />
              <StatCard
                id="punto-mese"
                title={m.questoMese}
                value={<Money value={stats.data.commissionsThisMonth} />}
                icon={CalendarDays}
                tone="yellow"
                level="h4"
              />
            </div>
          ) : null}
        </CardContent>
      )}
    </Card>
  );
}
