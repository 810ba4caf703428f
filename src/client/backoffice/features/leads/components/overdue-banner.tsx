import { AlarmClock } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { msg } from '#shared/messages.ts';
import { capitalise, formatCount } from '#shared/text-format.ts';
import { describeTotal } from '#client/lib/page-total.ts';
import { useLeads } from '#client/backoffice/features/leads/api/leads.ts';

/** The leads still `nuovo` after the 24 hours the landing promises, in the chosen point's scope. */
export function OverdueBanner(props: { puntoFisicoId?: number; onShow: () => void }) {
  const overdue = useLeads({ puntoFisicoId: props.puntoFisicoId, overdue: true, pageSize: 1 });
  const count = overdue.data?.total ?? 0;
  if (count === 0) return null;
  return (
    <div
      role="status"
      className="mb-4 flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <span className="flex items-center gap-2 text-sm">
        <AlarmClock className="size-4 shrink-0" aria-hidden />
        {count === 1 && !overdue.data?.totalIsLowerBound
          ? msg.leadsScreen.overdueOne
          : msg.leadsScreen.overdueMany(
              capitalise(
                overdue.data
                  ? describeTotal(overdue.data, msg.leadsScreen.leadNuovo, msg.leadsScreen.leadNuovi)
                  : formatCount(count),
              ),
            )}
      </span>
      <Button variant="outline" size="sm" onClick={props.onShow}>
        {msg.leadsScreen.mostra}
      </Button>
    </div>
  );
}
