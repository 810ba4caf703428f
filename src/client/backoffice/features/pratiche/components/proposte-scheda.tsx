import { Check, ScanText, X } from 'lucide-react';
import { fillMessage, msg } from '#shared/messages.ts';
import type { CampoProposta, LivelloConfidenza, Proposta } from '#shared/schemas/proposte-scheda.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ErrorState } from '#client/components/ui/error-state.tsx';
import { Skeleton, Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { useDecideProposta, useProposte } from '#client/backoffice/features/pratiche/api/proposte.ts';

const m = msg.proposte;

const LIVELLO_VARIANT: Record<LivelloConfidenza, 'success' | 'warning' | 'danger'> = {
  alta: 'success',
  media: 'warning',
  bassa: 'danger',
};

// Grouping always: Italian leaves four-digit figures ungrouped by default (2700), bills print 2.700.
const numero = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2, useGrouping: true });

/** As a person reads it: figures the Italian way with their unit; codes and names as read. */
function shown(p: Proposta): string {
  if (p.unita == null || !/^\d+(\.\d+)?$/.test(p.valore)) return p.valore;
  return `${numero.format(Number(p.valore))} ${p.unita}`;
}

/**
 * What the bill reader proposes for a service's scheda (docs/product/lettura-bolletta.md): each
 * value with the page it was read on and how sure the reader is. 'Usa' records the decision and
 * hands the value to `onAccept` (the scheda form fills it; the operator saves it); 'Scarta'
 * records it was wrong. Nothing is written into the scheda here.
 */
export function ProposteScheda({
  servizioId,
  onAccept,
}: {
  servizioId: number;
  onAccept: (campo: CampoProposta, valore: string) => void;
}) {
  const query = useProposte(servizioId);
  const decide = useDecideProposta(servizioId);
  const titleId = `proposte-${servizioId}-title`;

  if (query.isPending) return <Skeleton className="h-16 w-full" />;
  if (query.isError)
    return (
      <ErrorState
        message={errorMessage(query.error, m.loadError)}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  const { lettura, proposte } = query.data;
  if (lettura === 'nessuna' && proposte.length === 0) return null;

  const onDecide = (p: Proposta, azione: 'accetta' | 'rifiuta') => {
    decide.mutateAsync({ id: p.id, azione }).then(
      () => {
        if (azione === 'accetta') onAccept(p.campo, p.valore);
      },
      (error: unknown) =>
        toast({
          title: msg.common.error,
          description: errorMessage(error, m.decisionError),
          variant: 'destructive',
        }),
    );
  };

  return (
    <section
      aria-labelledby={titleId}
      className="grid gap-2 rounded-md border border-dashed bg-muted/40 p-3"
      data-testid={`proposte-${servizioId}`}
    >
      <h4 id={titleId} className="flex items-center gap-1.5 text-sm font-semibold">
        <ScanText className="size-4" aria-hidden /> {m.title}
      </h4>
      {lettura === 'in_corso' && <Spinner className="size-4" label={m.inCorso} />}
      {lettura === 'illeggibile' && (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {m.illeggibile}
        </p>
      )}
      {lettura === 'fatta' && proposte.length === 0 && (
        <p className="text-sm text-muted-foreground">{m.nessunaProposta}</p>
      )}
      {proposte.length > 0 && (
        <>
          <p className="text-xs text-muted-foreground">{m.hint}</p>
          <ul className="grid gap-2">
            {proposte.map((p) => {
              const campo = m.campi[p.campo];
              const valore = shown(p);
              return (
                <li
                  key={p.id}
                  className="grid gap-2 rounded-md border bg-background p-2 sm:flex sm:items-center sm:justify-between"
                  data-testid={`proposta-${p.campo}`}
                >
                  <div className="min-w-0">
                    <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
                      {campo}
                    </p>
                    <p className="font-mono text-sm [overflow-wrap:anywhere]">{valore}</p>
                    <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                      <span>{fillMessage(m.pagina, { n: p.pagina })}</span>
                      <Badge variant={LIVELLO_VARIANT[p.livello]}>
                        <span className="sr-only">{m.affidabilita} </span>
                        {m.confidenza[p.livello]}
                      </Badge>
                    </p>
                  </div>
                  {p.stato === 'proposta' ? (
                    <div className="flex shrink-0 gap-2">
                      <Button
                        size="sm"
                        onClick={() => onDecide(p, 'accetta')}
                        disabled={decide.isPending}
                        aria-label={fillMessage(m.usaLabel, { campo, valore })}
                      >
                        <Check aria-hidden /> {m.usa}
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => onDecide(p, 'rifiuta')}
                        disabled={decide.isPending}
                        aria-label={fillMessage(m.scartaLabel, { campo, valore })}
                      >
                        <X aria-hidden /> {m.scarta}
                      </Button>
                    </div>
                  ) : (
                    <p className="text-xs text-muted-foreground">
                      {fillMessage(m.decisaDa, {
                        stato: p.stato === 'accettata' ? m.accettata : m.rifiutata,
                        nome: p.decisaDa ?? '—',
                      })}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
