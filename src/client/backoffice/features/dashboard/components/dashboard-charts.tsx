import { msg } from '#shared/messages.ts';
import { toCents } from '#shared/money.ts';
import type { MonthlyStat, ServiceStat } from '#shared/schemas/dashboard.ts';
import { BarChart, ColumnChart } from '#client/components/ui/bar-chart.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Money } from '#client/components/ui/money.tsx';
import { servizioLabel } from '#shared/servizi-catalogo.ts';

const m = msg.dashboard;

/** Admin only: completed services per type and the last 6 months in euros. See docs/product/screens.md#dashboard */
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
              // A month outweighed by storni reads red with 'Storno', never a bare minus.
              display: <Money value={s.commissioni} />,
              // Millions do not fit a column: '19,2 Mln €' on screen, the exact amount for screen readers.
              short: <Money value={s.commissioni} compact />,
            }))}
          />
        </CardContent>
      </Card>
    </div>
  );
}
