import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { fillMessage, msg } from '#shared/messages.ts';
import { CANALI } from '#shared/schemas/scheda.ts';
import { periodiRipensamentoSchema, type PeriodiRipensamentoResponse } from '#shared/schemas/maturazione.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { ErrorState } from '#client/components/ui/error-state.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { FieldError, Label } from '#client/components/ui/label.tsx';
import { Skeleton } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import {
  periodiRipensamentoQueries,
  useSavePeriodiRipensamento,
} from '#client/backoffice/features/impostazioni/api/periodi-ripensamento.ts';

const m = msg.maturazione;

/** Impostazioni → 'Periodi di ripensamento' (docs/product/commissions.md#periodi-di-ripensamento-per-canale). */
export function PeriodiRipensamentoCard() {
  const query = useQuery(periodiRipensamentoQueries.detail());
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{m.periodiTitle}</CardTitle>
        <CardDescription>{m.periodiDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.error ? (
          <ErrorState
            message={msg.impostazioni.loadError}
            onRetry={() => void query.refetch()}
            isRetrying={query.isFetching}
          />
        ) : query.data ? (
          <PeriodiForm data={query.data} />
        ) : (
          <Skeleton className="h-24" />
        )}
      </CardContent>
    </Card>
  );
}

function PeriodiForm({ data }: { data: PeriodiRipensamentoResponse }) {
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(CANALI.map((c) => [c, String(data.periodi[c])])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSavePeriodiRipensamento();
  const fonte = (canale: string) => data.predefiniti.find((p) => p.canale === canale);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = periodiRipensamentoSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => toast({ title: m.periodiSuccess }),
      onError: (error) =>
        toast({
          title: m.periodiError,
          description: errorMessage(error, m.periodiError),
          variant: 'destructive',
        }),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {CANALI.map((canale) => {
          const predefinito = fonte(canale);
          return (
            <div key={canale} className="grid gap-1">
              <Label htmlFor={`${id}-${canale}`}>
                {fillMessage(m.giorniLabel, { canale: m.canaleLabels[canale] })}
              </Label>
              <Input
                id={`${id}-${canale}`}
                inputMode="numeric"
                autoComplete="off"
                value={values[canale]}
                aria-invalid={errors[canale] ? true : undefined}
                aria-describedby={`${id}-${canale}-fonte${errors[canale] ? ` ${id}-${canale}-error` : ''}`}
                onChange={(e) => setValues((v) => ({ ...v, [canale]: e.target.value }))}
              />
              {predefinito && (
                <p id={`${id}-${canale}-fonte`} className="text-xs text-muted-foreground">
                  {fillMessage(m.predefinito, { giorni: predefinito.giorni, fonte: predefinito.fonte })}
                </p>
              )}
              <FieldError id={`${id}-${canale}-error`} message={errors[canale]} />
            </div>
          );
        })}
      </div>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? msg.commissioniScreen.saving : m.periodiSalva}
        </Button>
      </div>
    </form>
  );
}
