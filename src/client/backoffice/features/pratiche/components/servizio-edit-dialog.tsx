import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { KO_MOTIVAZIONI_MANUALI, SERVIZIO_STATI } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import { formatAmountInput, parseAmountInput, toCents } from '#shared/money.ts';
import { hasForniture, hasPercentCommission, servizioLabel } from '#shared/servizi-catalogo.ts';
import {
  servizioStatusSchemaFor,
  type Servizio,
  type ServizioStatusBody,
  type ServizioStatusInput,
} from '#shared/schemas/servizio.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Input, NativeSelect } from '#client/components/ui/input.tsx';
import { FieldError, Label } from '#client/components/ui/label.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { useFornitori } from '#client/lib/fornitori-queries.ts';
import { useUpdateServizioStatus } from '#client/backoffice/features/pratiche/api/pratiche.ts';
import { useScheda } from '#client/backoffice/features/pratiche/api/scheda.ts';

/** What the dialog sends: bonuses only when > 0, supplies only for luce and gas, totale only for noleggio. */
export function toRequestBody(tipo: string, values: ServizioStatusBody): ServizioStatusInput {
  if (values.stato === 'ko') return { stato: 'ko', koMotivazione: values.koMotivazione };
  if (values.stato !== 'completato') return { stato: values.stato };
  const body: ServizioStatusInput = { stato: 'completato', fornitore: values.fornitore };
  if (hasPercentCommission(tipo)) body.totaleVendita = values.totaleVendita;
  else body.ridPresente = values.ridPresente ?? false;
  if (hasForniture(tipo)) body.numeroForniture = values.numeroForniture ?? 1;
  for (const key of ['bonusPuntoFisico', 'bonusAgente', 'bonusAreaManager'] as const) {
    const value = values[key];
    if (value !== undefined && toCents(value) > 0) body[key] = value;
  }
  return body;
}

const AMOUNT_FIELDS = ['totaleVendita', 'bonusPuntoFisico', 'bonusAgente', 'bonusAreaManager'] as const;

/** Amounts typed the it-IT way ('1.234,5') as the API reads them; anything else is left to the schema to refuse. */
function withApiAmounts(values: ServizioStatusInput): ServizioStatusInput {
  const out: Record<string, unknown> = { ...values };
  for (const key of AMOUNT_FIELDS) {
    const raw = out[key];
    if (typeof raw === 'string' && raw.trim() !== '') out[key] = parseAmountInput(raw) ?? raw;
  }
  return out as ServizioStatusInput;
}

export function ServizioEditDialog({ servizio, praticaId }: { servizio: Servizio; praticaId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button
        size="sm"
        variant="outline"
        onClick={() => setOpen(true)}
        aria-label={msg.praticheScreen.servizioEdit.modificaDi(
          servizioLabel(servizio.tipoServizio),
          praticaId,
        )}
      >
        <Pencil aria-hidden /> {msg.praticheScreen.servizioEdit.modifica}
      </Button>
      {open && <ServizioEditForm servizio={servizio} praticaId={praticaId} onDone={() => setOpen(false)} />}
    </Dialog>
  );
}

function ServizioEditForm({
  servizio,
  praticaId,
  onDone,
}: {
  servizio: Servizio;
  praticaId: number;
  onDone: () => void;
}) {
  const tipo = servizio.tipoServizio;
  const isEnergy = hasForniture(tipo);
  const isRental = hasPercentCommission(tipo);
  const schema = useMemo(() => servizioStatusSchemaFor(tipo), [tipo]);
  const resolver = useMemo<Resolver<ServizioStatusInput, unknown, ServizioStatusBody>>(() => {
    const base = zodResolver(schema);
    return (values, context, options) => base(withApiAmounts(values), context, options);
  }, [schema]);
  const form = useForm<ServizioStatusInput, unknown, ServizioStatusBody>({
    resolver,
    mode: 'onChange',
    // Fields of the other statuses are dropped when hidden, so they never block the submit.
    shouldUnregister: true,
    defaultValues: {
      stato: servizio.stato,
      koMotivazione: servizio.koMotivazione ?? '',
      fornitore: servizio.fornitore ?? '',
      ridPresente: servizio.ridPresente,
      numeroForniture: String(servizio.numeroForniture || 1),
      bonusPuntoFisico: '',
      bonusAgente: '',
      bonusAreaManager: '',
      totaleVendita: formatAmountInput(servizio.totaleVendita),
    },
  });
  const { errors, isValid } = form.formState;
  const stato = useWatch({ control: form.control, name: 'stato' });
  const fornitori = useFornitori(tipo, stato === 'completato');
  const update = useUpdateServizioStatus();
  // The server sets the RID from the scheda's payment when it names one: shown, not editable.
  const scheda = useScheda(servizio.id);
  const pagamento = scheda.data?.scheda.pagamento;
  const ridDallaScheda = pagamento === 'sepa' || pagamento === 'bollettino' ? pagamento : null;
  const ridSchedaId = `servizio-${servizio.id}-rid-scheda`;

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(
      {
        id: servizio.id,
        body: toRequestBody(
          tipo,
          ridDallaScheda ? { ...values, ridPresente: ridDallaScheda === 'sepa' } : values,
        ),
      },
      {
        onSuccess: () => {
          toast({ title: msg.servizio.updateSuccess });
          onDone();
        },
        onError: (error) =>
          toast({
            title: msg.common.error,
            description: errorMessage(error, msg.servizio.updateError),
            variant: 'destructive',
          }),
      },
    ),
  );

  const field = (name: keyof ServizioStatusInput) => ({
    id: `servizio-${servizio.id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `servizio-${servizio.id}-${name}-error` : undefined,
  });
  const error = (name: keyof ServizioStatusInput) => (
    <FieldError id={`servizio-${servizio.id}-${name}-error`} message={errors[name]?.message} />
  );

  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>{msg.praticheScreen.servizioEdit.title(servizioLabel(tipo), praticaId)}</DialogTitle>
        <DialogDescription>{msg.praticheScreen.servizioEdit.description}</DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={field('stato').id}>{msg.praticheScreen.servizioEdit.stato}</Label>
          <NativeSelect {...field('stato')} {...form.register('stato')}>
            {SERVIZIO_STATI.map((s) => (
              <option key={s} value={s}>
                {msg.servizio.statoLabels[s]}
              </option>
            ))}
          </NativeSelect>
        </div>

        {stato === 'ko' && (
          <div className="grid gap-2">
            <Label htmlFor={field('koMotivazione').id}>{msg.praticheScreen.servizioEdit.motivazioneKo}</Label>
            <NativeSelect {...field('koMotivazione')} {...form.register('koMotivazione')}>
              <option value="">{msg.praticheScreen.servizioEdit.scegliMotivazione}</option>
              {KO_MOTIVAZIONI_MANUALI.map((k) => (
                <option key={k} value={k}>
                  {msg.servizio.koLabels[k]}
                </option>
              ))}
            </NativeSelect>
            {error('koMotivazione')}
          </div>
        )}

        {stato === 'completato' && (
          <>
            <div className="grid gap-2">
              <Label htmlFor={field('fornitore').id}>{msg.praticheScreen.servizioEdit.fornitore}</Label>
              <NativeSelect
                {...field('fornitore')}
                {...form.register('fornitore')}
                disabled={fornitori.isLoading}
              >
                <option value="">
                  {fornitori.isLoading
                    ? msg.praticheScreen.servizioEdit.caricamentoFornitori
                    : msg.praticheScreen.servizioEdit.scegliFornitore}
                </option>
                {fornitori.data?.map((f) => (
                  <option key={f.id} value={f.codice}>
                    {f.nome}
                  </option>
                ))}
              </NativeSelect>
              {fornitori.isError && <p className="text-sm text-destructive">{fornitori.error.message}</p>}
              {error('fornitore')}
            </div>

            {!isRental && ridDallaScheda && (
              <div className="grid gap-1">
                <label className="flex items-center gap-2 text-sm font-medium" htmlFor={ridSchedaId}>
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    id={ridSchedaId}
                    checked={ridDallaScheda === 'sepa'}
                    disabled
                    readOnly
                    aria-describedby={`${ridSchedaId}-nota`}
                  />
                  {msg.praticheScreen.servizioEdit.ridPresente}
                </label>
                <p id={`${ridSchedaId}-nota`} className="text-sm text-muted-foreground">
                  {msg.servizio.ridDallaScheda[ridDallaScheda]}
                </p>
              </div>
            )}

            {!isRental && !ridDallaScheda && (
              <label
                className="flex items-center gap-2 text-sm font-medium"
                htmlFor={field('ridPresente').id}
              >
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  {...field('ridPresente')}
                  {...form.register('ridPresente')}
                />
                {msg.praticheScreen.servizioEdit.ridPresente}
              </label>
            )}

            {isEnergy && (
              <div className="grid gap-2">
                <Label htmlFor={field('numeroForniture').id}>
                  {msg.praticheScreen.servizioEdit.numeroForniture}
                </Label>
                <Input
                  type="number"
                  min={1}
                  max={10}
                  step={1}
                  inputMode="numeric"
                  {...field('numeroForniture')}
                  {...form.register('numeroForniture')}
                />
                {error('numeroForniture')}
              </div>
            )}

            {isRental && (
              <div className="grid gap-2">
                <Label htmlFor={field('totaleVendita').id}>
                  {msg.praticheScreen.servizioEdit.totaleVendita}
                </Label>
                <Input
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="0,00"
                  {...field('totaleVendita')}
                  {...form.register('totaleVendita')}
                />
                {error('totaleVendita')}
              </div>
            )}

            <fieldset className="grid gap-3 rounded-md border p-3">
              <legend className="px-1 text-sm font-medium">{msg.praticheScreen.servizioEdit.bonus}</legend>
              <div className="grid gap-3 sm:grid-cols-3">
                {(
                  [
                    ['bonusPuntoFisico', msg.praticheScreen.servizioEdit.bonusPuntoFisico],
                    ['bonusAgente', msg.praticheScreen.servizioEdit.bonusAgente],
                    ['bonusAreaManager', msg.praticheScreen.servizioEdit.bonusAreaManager],
                  ] as const
                ).map(([name, label]) => (
                  <div key={name} className="grid gap-2">
                    <Label htmlFor={field(name).id}>{label}</Label>
                    <Input
                      type="text"
                      inputMode="decimal"
                      autoComplete="off"
                      placeholder="0,00"
                      {...field(name)}
                      {...form.register(name)}
                    />
                    {error(name)}
                  </div>
                ))}
              </div>
            </fieldset>
          </>
        )}

        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            {msg.praticheScreen.servizioEdit.annulla}
          </Button>
          <Button type="submit" disabled={!isValid || update.isPending}>
            {update.isPending
              ? msg.praticheScreen.servizioEdit.salvataggio
              : msg.praticheScreen.servizioEdit.salva}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
