import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import {
  FORMATI_DATA,
  SORGENTE_FISSO,
  campiPerServizio,
  campoTracciatoLabel,
  gruppoOf,
  tracciatoPredefinito,
  tipoValore,
  type CampoTracciato,
  type ColonnaTracciato,
  type Gruppo,
} from '#shared/invii-fornitori.ts';
import { fillMessage, msg } from '#shared/messages.ts';
import { ANTEPRIMA_RIGHE, colonneSchema, type Tracciato } from '#shared/schemas/invii-fornitori.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { ErrorState } from '#client/components/ui/error-state.tsx';
import { Input, NativeSelect } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Skeleton } from '#client/components/ui/spinner.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#client/components/ui/table.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { formatDateTime } from '#client/lib/format.ts';
import { useDebouncedValue } from '#client/lib/use-debounced-value.ts';
import { useSaveTracciato } from '#client/backoffice/features/invii-fornitori/api/invii-fornitori.ts';
import { inviiQueries } from '#client/backoffice/features/invii-fornitori/api/queries.ts';

const m = msg.inviiFornitori;
const GRUPPI: Gruppo[] = ['pratica', 'servizio', 'cliente', 'scheda'];

/** The supplier's layout for one service: the column editor and the live preview (docs/product/fornitori-invii.md#tracciato). */
export function TracciatoSection({
  fornitoreId,
  tipoServizio,
}: {
  fornitoreId: number;
  tipoServizio: string;
}) {
  const query = useQuery(inviiQueries.tracciato(fornitoreId, tipoServizio));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.tabs.tracciato}</CardTitle>
        {query.data && (
          <CardDescription data-testid="tracciato-versione">
            {query.data.versione === 0
              ? m.predefinito
              : fillMessage(m.versione, {
                  versione: query.data.versione,
                  quando: formatDateTime(query.data.salvatoIl!),
                  chi: query.data.salvatoDa ?? '—',
                })}
          </CardDescription>
        )}
      </CardHeader>
      <CardContent>
        {query.error ? (
          <ErrorState
            message={m.loadError}
            onRetry={() => void query.refetch()}
            isRetrying={query.isFetching}
          />
        ) : !query.data ? (
          <Skeleton className="h-40" />
        ) : (
          <TracciatoEditor key={query.data.versione} tracciato={query.data} />
        )}
      </CardContent>
    </Card>
  );
}

function TracciatoEditor({ tracciato }: { tracciato: Tracciato }) {
  const { fornitoreId, tipoServizio } = tracciato;
  const [colonne, setColonne] = useState<ColonnaTracciato[]>(tracciato.colonne as ColonnaTracciato[]);
  const save = useSaveTracciato(fornitoreId, tipoServizio);
  // The same checks as the server's, before anything is sent.
  const parsed = colonneSchema.safeParse(colonne);
  const issue = parsed.success ? null : parsed.error.issues[0];
  const valid = useDebouncedValue(parsed.success ? colonne : null, 400);
  const campi = campiPerServizio(tipoServizio);

  const update = (i: number, patch: Partial<ColonnaTracciato>) =>
    setColonne((cs) => cs.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  const move = (i: number, by: number) =>
    setColonne((cs) => {
      const next = [...cs];
      [next[i], next[i + by]] = [next[i + by], next[i]];
      return next;
    });
  const salva = () =>
    save.mutateAsync(colonne).then(
      (saved) => toast({ title: fillMessage(m.tracciatoSalvato, { versione: saved.versione }) }),
      (error: unknown) =>
        toast({
          title: m.salvaTracciato,
          description: errorMessage(error, m.salvaTracciato),
          variant: 'destructive',
        }),
    );

  return (
    <div className="grid gap-6">
      <ol className="grid gap-3">
        {colonne.map((c, i) => {
          const n = i + 1;
          const id = `colonna-${i}`;
          const tipo = c.sorgente === SORGENTE_FISSO ? 'testo' : tipoValore(c.sorgente);
          return (
            <li
              key={i}
              className="grid gap-3 rounded-md border p-3 md:grid-cols-[auto_1fr_1fr_1fr_auto] md:items-end"
            >
              <span className="text-sm font-medium text-muted-foreground md:pb-2">{n}</span>
              <div className="grid gap-1">
                <Label htmlFor={`${id}-intestazione`}>{m.intestazione}</Label>
                <Input
                  id={`${id}-intestazione`}
                  value={c.intestazione}
                  maxLength={80}
                  onChange={(e) => update(i, { intestazione: e.target.value })}
                />
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`${id}-sorgente`}>{m.sorgente}</Label>
                <NativeSelect
                  id={`${id}-sorgente`}
                  value={c.sorgente}
                  onChange={(e) => update(i, { sorgente: e.target.value as ColonnaTracciato['sorgente'] })}
                >
                  {GRUPPI.map((g) => (
                    <optgroup key={g} label={m.gruppi[g]}>
                      {campi
                        .filter((campo) => gruppoOf(campo) === g)
                        .map((campo: CampoTracciato) => (
                          <option key={campo} value={campo}>
                            {campoTracciatoLabel(campo, tipoServizio)}
                          </option>
                        ))}
                    </optgroup>
                  ))}
                  <option value={SORGENTE_FISSO}>{m.fisso}</option>
                </NativeSelect>
              </div>
              <div className="grid gap-1">
                {c.sorgente === SORGENTE_FISSO ? (
                  <>
                    <Label htmlFor={`${id}-valore`}>{m.valore}</Label>
                    <Input
                      id={`${id}-valore`}
                      value={c.valore ?? ''}
                      maxLength={200}
                      onChange={(e) => update(i, { valore: e.target.value })}
                    />
                  </>
                ) : tipo === 'data' ? (
                  <>
                    <Label htmlFor={`${id}-formato`}>{m.formatoData}</Label>
                    <NativeSelect
                      id={`${id}-formato`}
                      value={c.formatoData}
                      onChange={(e) =>
                        update(i, { formatoData: e.target.value as ColonnaTracciato['formatoData'] })
                      }
                    >
                      {FORMATI_DATA.map((f) => (
                        <option key={f} value={f}>
                          {f}
                        </option>
                      ))}
                    </NativeSelect>
                  </>
                ) : tipo === 'numero' ? (
                  <>
                    <Label htmlFor={`${id}-decimali`}>{m.decimali}</Label>
                    <NativeSelect
                      id={`${id}-decimali`}
                      value={c.decimali}
                      onChange={(e) =>
                        update(i, { decimali: e.target.value as ColonnaTracciato['decimali'] })
                      }
                    >
                      <option value="virgola">{m.virgola}</option>
                      <option value="punto">{m.punto}</option>
                    </NativeSelect>
                  </>
                ) : (
                  <label className="flex h-10 items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-4"
                      checked={c.maiuscolo}
                      onChange={(e) => update(i, { maiuscolo: e.target.checked })}
                    />
                    {m.maiuscolo}
                  </label>
                )}
              </div>
              <div className="flex gap-1">
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={fillMessage(m.suColonna, { n })}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  <ArrowUp aria-hidden />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={fillMessage(m.giuColonna, { n })}
                  disabled={i === colonne.length - 1}
                  onClick={() => move(i, 1)}
                >
                  <ArrowDown aria-hidden />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={fillMessage(m.rimuoviColonna, { n })}
                  onClick={() => setColonne((cs) => cs.filter((_, j) => j !== i))}
                >
                  <Trash2 aria-hidden />
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      {issue && (
        <p role="alert" className="text-sm text-destructive">
          {typeof issue.path[0] === 'number' ? `${fillMessage(m.colonna, { n: issue.path[0] + 1 })}: ` : ''}
          {issue.message}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          onClick={() =>
            setColonne((cs) => [
              ...cs,
              {
                intestazione: '',
                sorgente: SORGENTE_FISSO,
                valore: '',
                formatoData: 'dd/MM/yyyy',
                decimali: 'virgola',
                maiuscolo: false,
              },
            ])
          }
        >
          <Plus aria-hidden />
          {m.aggiungiColonna}
        </Button>
        <Button variant="outline" disabled={colonne.length === 0} onClick={() => setColonne([])}>
          {m.svuota}
        </Button>
        <Button variant="outline" onClick={() => setColonne(tracciatoPredefinito(tipoServizio))}>
          {m.ripristina}
        </Button>
        <Button disabled={!parsed.success || save.isPending} onClick={() => void salva()}>
          {save.isPending ? m.salvataggio : m.salvaTracciato}
        </Button>
      </div>
      <Anteprima fornitoreId={fornitoreId} tipoServizio={tipoServizio} colonne={valid} />
    </div>
  );
}

function Anteprima(props: { fornitoreId: number; tipoServizio: string; colonne: ColonnaTracciato[] | null }) {
  const { fornitoreId, tipoServizio, colonne } = props;
  const query = useQuery({
    ...inviiQueries.anteprima(fornitoreId, tipoServizio, colonne ?? []),
    enabled: colonne != null,
  });
  return (
    <section aria-labelledby="anteprima-titolo" className="grid gap-2">
      <h4 id="anteprima-titolo" className="font-semibold">
        {m.anteprima}
      </h4>
      <p className="text-sm text-muted-foreground">{fillMessage(m.anteprimaHint, { n: ANTEPRIMA_RIGHE })}</p>
      {query.error ? (
        <ErrorState
          message={m.loadError}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : !query.data ? (
        <Skeleton className="h-20" />
      ) : query.data.righe.length === 0 ? (
        <p className="text-sm text-muted-foreground">{m.anteprimaVuota}</p>
      ) : (
        <div className="overflow-x-auto rounded-md border">
          <Table aria-label={m.anteprima}>
            <TableHeader>
              <TableRow>
                {query.data.intestazioni.map((h, i) => (
                  <TableHead key={i} className="whitespace-nowrap">
                    {h}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {query.data.righe.map((riga, r) => (
                <TableRow key={r}>
                  {riga.map((cell, i) => (
                    <TableCell key={i} className="whitespace-nowrap">
                      {cell}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
}
