import { Download } from 'lucide-react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { fillMessage, msg } from '#shared/messages.ts';
import { formatDayKey, periodiEstrattoRecenti } from '#shared/periodi.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { ErrorState } from '#client/components/ui/error-state.tsx';
import { NativeSelect } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Money } from '#client/components/ui/money.tsx';
import { Skeleton } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { downloadFile } from '#client/lib/download.ts';
import { withQuery } from '#client/lib/api-client.ts';
import { useRiepilogoEnasarco, useRiepilogoRitenute } from '#client/backoffice/features/fisco/api/fisco.ts';
import { RiepilogoTabella } from '#client/backoffice/features/fisco/components/riepilogo-tabella.tsx';

const m = msg.fisco.riepiloghi;

function Panel(props: {
  title: string;
  periodLabel: string;
  periodi: Array<{ key: string; label: string }>;
  periodo: string;
  onPeriodo: (key: string) => void;
  xlsxUrl: string;
  children: ReactNode;
}) {
  const id = useId();
  const [downloading, setDownloading] = useState(false);
  const download = () => {
    setDownloading(true);
    downloadFile(props.xlsxUrl, 'riepilogo.xlsx')
      .catch((error: unknown) => toast({ title: errorMessage(error, m.loadError), variant: 'destructive' }))
      .finally(() => setDownloading(false));
  };
  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-end sm:justify-between">
        <CardTitle>{props.title}</CardTitle>
        <div className="flex items-end gap-2">
          <div className="grid gap-1">
            <Label htmlFor={id}>{props.periodLabel}</Label>
            <NativeSelect id={id} value={props.periodo} onChange={(e) => props.onPeriodo(e.target.value)}>
              {props.periodi.map((p) => (
                <option key={p.key} value={p.key}>
                  {p.label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button variant="outline" onClick={download} disabled={downloading}>
            <Download aria-hidden />
            {m.scaricaXlsx}
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-3">{props.children}</CardContent>
    </Card>
  );
}

function EnasarcoPanel({ periodi }: { periodi: Array<{ key: string; label: string }> }) {
  const [periodo, setPeriodo] = useState(periodi[0].key);
  const query = useRiepilogoEnasarco(periodo);
  const r = query.data;
  return (
    <Panel
      title={m.enasarcoTitolo}
      periodLabel={m.trimestre}
      periodi={periodi}
      periodo={periodo}
      onPeriodo={setPeriodo}
      xlsxUrl={withQuery('/api/fisco/enasarco/xlsx', { periodo })}
    >
      {query.isError ? (
        <ErrorState
          message={fillMessage(m.loadError, { message: errorMessage(query.error, '') })}
          onRetry={() => void query.refetch()}
        />
      ) : !r ? (
        <Skeleton className="h-24" />
      ) : (
        <>
          <p className="text-sm font-medium">{fillMessage(m.scadenza, { data: formatDayKey(r.scadenza) })}</p>
          {r.righe.length === 0 ? (
            <p className="text-sm text-muted-foreground">{m.nessunAgente}</p>
          ) : (
            <RiepilogoTabella
              label={m.enasarcoTitolo}
              personaHeader={m.agente}
              righe={r.righe}
              colonne={[
                { header: m.imponibileEnasarco, cell: (x) => <Money value={x.imponibileEnasarco} /> },
                {
                  header: m.quotaAgente,
                  cell: (x) => <Money value={x.quotaAgente} />,
                  totale: <Money value={r.totali.quotaAgente} />,
                },
                {
                  header: m.quotaPreponente,
                  cell: (x) => <Money value={x.quotaPreponente} />,
                  totale: <Money value={r.totali.quotaPreponente} />,
                },
                {
                  header: m.integrazioneMinimale,
                  cell: (x) => <Money value={x.integrazioneMinimale} />,
                  totale: <Money value={r.totali.integrazioneMinimale} />,
                },
                {
                  header: m.totale,
                  cell: (x) => <Money value={x.totale} />,
                  totale: <Money value={r.totali.totale} />,
                },
              ]}
            />
          )}
        </>
      )}
    </Panel>
  );
}

function RitenutePanel({ periodi }: { periodi: Array<{ key: string; label: string }> }) {
  const [periodo, setPeriodo] = useState(periodi[0].key);
  const query = useRiepilogoRitenute(periodo);
  const r = query.data;
  return (
    <Panel
      title={m.ritenuteTitolo}
      periodLabel={m.mese}
      periodi={periodi}
      periodo={periodo}
      onPeriodo={setPeriodo}
      xlsxUrl={withQuery('/api/fisco/ritenute/xlsx', { periodo })}
    >
      {query.isError ? (
        <ErrorState
          message={fillMessage(m.loadError, { message: errorMessage(query.error, '') })}
          onRetry={() => void query.refetch()}
        />
      ) : !r ? (
        <Skeleton className="h-24" />
      ) : (
        <>
          <p className="text-sm font-medium">
            {fillMessage(m.scadenzaF24, { codice: r.codiceTributo, data: formatDayKey(r.scadenza) })}
          </p>
          {r.righe.length === 0 ? (
            <p className="text-sm text-muted-foreground">{m.nessunaRitenuta}</p>
          ) : (
            <RiepilogoTabella
              label={m.ritenuteTitolo}
              personaHeader={m.beneficiario}
              righe={r.righe}
              colonne={[
                {
                  header: m.pagato,
                  cell: (x) => <Money value={x.pagato} />,
                  totale: <Money value={r.totali.pagato} />,
                },
                {
                  header: m.baseRitenuta,
                  cell: (x) => (
                    <>
                      <Money value={x.imponibile} />{' '}
                      <span className="text-xs text-muted-foreground">({x.base}%)</span>
                    </>
                  ),
                },
                {
                  header: m.ritenuta,
                  cell: (x) => <Money value={x.ritenuta} />,
                  totale: <Money value={r.totali.ritenuta} />,
                },
              ]}
            />
          )}
        </>
      )}
    </Panel>
  );
}

/**
 * The admin's two summaries to pay (docs/product/commissions.md#riepiloghi-per-ladmin): Enasarco
 * per agent for a quarter, ritenute for a month.
 */
export function RiepiloghiFiscali() {
  const { mesi, trimestri } = useMemo(() => periodiEstrattoRecenti(new Date(), 12, 8), []);
  return (
    <div className="grid gap-6">
      <EnasarcoPanel periodi={trimestri} />
      <RitenutePanel periodi={mesi} />
      <p className="text-xs text-muted-foreground">{m.festivo}</p>
    </div>
  );
}
