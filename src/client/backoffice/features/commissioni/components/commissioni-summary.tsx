import { CheckCircle2, Clock, Euro } from 'lucide-react';
import { fillMessage, msg } from '#shared/messages.ts';
import type { CommissioniList } from '#shared/schemas/commissione.ts';
import { Skeleton } from '#client/components/ui/spinner.tsx';
import { fromCents, toCents } from '#shared/money.ts';
import { formatEuro } from '#client/lib/format.ts';
import { StatCard } from '#client/components/ui/stat-card.tsx';
import { Money } from '#client/components/ui/money.tsx';

const m = msg.commissioniScreen;
const mm = msg.maturazione;

/**
 * The three totals of the filtered list (docs/product/roles-and-scope.md#totali-per-ruolo): the role's own amount; the administration's
 * for admin; the four summed for amministrazione. Computed by the server on every matching row.
 */
export function CommissioniSummary({ summary }: { summary: CommissioniList['summary'] | undefined }) {
  if (!summary) {
    return (
      <div className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-3" aria-hidden>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className={i === 0 ? 'col-span-2 h-24 sm:col-span-1' : 'h-24'} />
        ))}
      </div>
    );
  }
  // Storni (≤ 0) are their own line under each amount, with the gross beside them, so that a
  // negative 'Da Incassare' is never left unexplained (docs/product/commissions.md#storni).
  const netOf = (net: string, storni: string) =>
    toCents(storni) === 0 ? undefined : (
      <span data-testid="storni-detail">
        {/* A line may break between the two parts, never inside an amount ('€' / '24.146.044,50') or its mark. */}
        {m.commissioniLorde}{' '}
        <span className="whitespace-nowrap">{formatEuro(fromCents(toCents(net) - toCents(storni)))}</span> ·{' '}
        <span className="whitespace-nowrap text-red-700">
          {m.storno} {formatEuro(storni)}
        </span>
      </span>
    );
  const daRecuperare = toCents(summary.daIncassare) < 0;
  return (
    // Phones: the total across, the two parts of it side by side below.
    <div className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-3">
      <StatCard
        id="commissioni-totale"
        title={m.totale}
        value={<Money value={summary.totale} />}
        subtitle={
          <>
            {netOf(summary.totale, summary.storni.totale)}
            {summary.maturazione && toCents(summary.maturazione.inMaturazione) !== 0 && (
              <span className="block" data-testid="in-maturazione">
                {mm.totaleInMaturazione}{' '}
                <span className="whitespace-nowrap">{formatEuro(summary.maturazione.inMaturazione)}</span>
                {toCents(summary.maturazione.anticipi) !== 0 &&
                  ` · ${fillMessage(mm.diCuiAnticipi, { importo: formatEuro(summary.maturazione.anticipi) })}`}
              </span>
            )}
          </>
        }
        icon={Euro}
        tone="blue"
        className="col-span-2 sm:col-span-1"
      />
      <StatCard
        id="commissioni-da-incassare"
        title={m.daIncassare}
        value={<Money value={summary.daIncassare} />}
        subtitle={
          daRecuperare ? (
            <>
              {netOf(summary.daIncassare, summary.storni.daIncassare)}
              <span className="block">{m.daRecuperareProssimi}</span>
            </>
          ) : (
            netOf(summary.daIncassare, summary.storni.daIncassare)
          )
        }
        icon={Clock}
        tone="yellow"
      />
      <StatCard
        id="commissioni-incassate"
        title={m.incassate}
        value={<Money value={summary.incassate} />}
        icon={CheckCircle2}
        tone="green"
      />
    </div>
  );
}
