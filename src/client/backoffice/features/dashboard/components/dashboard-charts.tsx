import { msg } from '../../../../../shared/messages';
import { toCents } from '../../../../../shared/money';
import type { MonthlyStat, ServiceStat } from '../../../../../shared/schemas/dashboard';
import { BarChart, ColumnChart } from '../../../../components/ui/bar-chart';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { formatEuro } from '../../../../lib/format';
import { servizioLabel } from './servizio-label';

const m = msg.dashboard;

/** Admin only (SPEC §2): completed services per type and the last 6 months in euros. */
export function DashboardCharts({
  serviceStats,
  monthlyStats,
}: {
  serviceStats: ServiceStat[];
  monthlyStats: MonthlyStat[];
}) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card className="min-w-0" data-testid="chart-servizi">
        <CardHeader>
          <CardTitle>{m.chartServizi}</CardTitle>
        </CardHeader>
        <CardContent>
          {serviceStats.every((s) => s.count === 0) && (
            <p className="mb-3 text-sm text-muted-foreground">{m.nessunServizioCompletato}</p>
          )}
          <BarChart
            label={m.chartServizi}
            bars={serviceStats.map((s) => ({
              key: s.service,
              label: servizioLabel(s.service),
              value: s.count,
            }))}
          />
        </CardContent>
      </Card>
      <Card className="min-w-0" data-testid="chart-trend">
        <CardHeader>
          <CardTitle>{m.chartTrend}</CardTitle>
        </CardHeader>
        <CardContent>
          <ColumnChart
            label={m.chartTrend}
            bars={monthlyStats.map((s) => ({
              key: s.month,
              label: s.label,
              value: toCents(s.commissioni),
              display: formatEuro(s.commissioni),
            }))}
          />
        </CardContent>
      </Card>
    </div>
  );
}
