import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo } from 'react';
import { useForm, useWatch, type Resolver, type UseFormRegisterReturn } from 'react-hook-form';
import type { z } from 'zod';
import { MODI_STORNO } from '#shared/commissioni/maturazione.ts';
import { percentSum, type ConfigField } from '#shared/commissioni/preview.ts';
import { msg } from '#shared/messages.ts';
import { formatAmountInput, parseAmountInput } from '#shared/money.ts';
import { hasPercentCommission, servizioLabel } from '#shared/servizi-catalogo.ts';
import {
  CONFIG_AMOUNT_FIELDS,
  CONFIG_PERCENT_FIELDS,
  commissioneConfigBodySchema,
  type CommissioneConfig,
} from '#shared/schemas/commissione.ts';
import type { Fornitore } from '#shared/schemas/fornitore.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/cn.ts';
import { formatPercent } from '#client/lib/format.ts';
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
import { useSaveCommissioneConfig } from '#client/backoffice/features/config-commissioni/api/commissioni-config.ts';
import { ConfigPreview } from '#client/backoffice/features/config-commissioni/components/config-preview.tsx';

/** The supplier and service a dialog configures; `config` is absent when not configured yet. */
export interface ConfigTarget {
  fornitore: Fornitore;
  servizio: string;
  config: CommissioneConfig | undefined;
}

type FormValues = z.input<typeof commissioneConfigBodySchema>;
type FormOutput = z.output<typeof commissioneConfigBodySchema>;

interface FieldSpec {
  name: ConfigField;
  /** Visible label; `context` completes it for screen readers, the group's legend shows it on screen. */
  label: string;
  context?: string;
}
interface FieldGroup {
  legend: string;
  hint: string;
  fields: FieldSpec[];
}

const roleFields = (
  prefix: 'commissione' | 'commissioneAggiuntiva' | 'commissioneAggiuntivaRid',
  context: string,
): FieldSpec[] => [
  { name: `${prefix}PuntoFisico`, label: 'Punto fisico', context },
  { name: `${prefix}Agente`, label: 'Agente', context },
  { name: `${prefix}AreaManager`, label: 'Area manager', context },
];

/** The fixed-amount fields, in the order docs/product/commissions.md#formule explains them. */
const FIXED_GROUPS: FieldGroup[] = [
  {
    legend: 'Commissioni unità base',
    hint: 'Per la prima unità completata nella pratica.',
    fields: roleFields('commissione', 'commissione unità base'),
  },
  {
    legend: 'Ricavo dal fornitore',
    hint: 'Quanto il fornitore paga alla struttura per ogni unità; il bonus RID si aggiunge se il cliente ha il RID.',
    fields: [
      { name: 'ricavoBase', label: 'Ricavo base' },
      { name: 'bonusRid', label: 'Bonus RID' },
    ],
  },
  {
    legend: 'Unità aggiuntive senza RID',
    hint: 'Per ogni unità successiva della stessa pratica (seconda fornitura o altro servizio), senza RID.',
    fields: roleFields('commissioneAggiuntiva', 'aggiuntiva senza RID'),
  },
  {
    legend: 'Unità aggiuntive con RID',
    hint: 'Come sopra, quando il cliente ha il RID.',
    fields: roleFields('commissioneAggiuntivaRid', 'aggiuntiva con RID'),
  },
];

const PERCENT_GROUP: FieldGroup = {
  legend: 'Percentuali del totale vendita',
  hint: 'Da 0 a 100, al massimo 2 decimali; insieme non possono superare 100.',
  fields: [
    { name: 'percentualePuntoFisico', label: 'Punto fisico', context: 'percentuale' },
    { name: 'percentualeAgente', label: 'Agente', context: 'percentuale' },
    { name: 'percentualeAreaManager', label: 'Area manager', context: 'percentuale' },
    { name: 'percentualeStruttura', label: 'Struttura', context: 'percentuale' },
  ],
};

const NUMBER_FIELDS = [...CONFIG_AMOUNT_FIELDS, ...CONFIG_PERCENT_FIELDS];

/** The fields show it-IT text ('30,00', '1.234,56'); see docs/decisions/021-importi-e-accessibilita.md. */
function initialValues({ fornitore, servizio, config }: ConfigTarget): FormValues {
  const values: Record<string, string | number> = { fornitoreId: fornitore.id, servizio };
  for (const field of NUMBER_FIELDS) values[field] = formatAmountInput(config?.[field] ?? '0.00');
  values.stornoMesi = config?.stornoMesi == null ? '' : String(config.stornoMesi);
  values.stornoModo = config?.stornoModo ?? '';
  return values as FormValues;
}

/**
 * What the fields hold, as the API reads it: '30,5' → '30.50'. Text that is not an amount is
 * passed as typed, so the route's own schema refuses it with its own message.
 */
function toApiValues<T extends Partial<Record<string, unknown>>>(values: T): T {
  const out: Record<string, unknown> = { ...values };
  for (const field of NUMBER_FIELDS) {
    const raw = out[field];
    if (typeof raw === 'string') out[field] = parseAmountInput(raw) ?? raw;
  }
  return out as T;
}

const schemaResolver = zodResolver(commissioneConfigBodySchema);
const resolver: Resolver<FormValues, unknown, FormOutput> = (values, context, options) =>
  schemaResolver(toApiValues(values), context, options);

function NumberField(props: {
  spec: FieldSpec;
  unit: '€' | '%';
  error?: string;
  registration: UseFormRegisterReturn;
  /** Rewrites a valid amount the it-IT way once the field is left ('30,5' → '30,50'). */
  onNormalize: (text: string) => void;
}) {
  const { spec, unit, error, registration, onNormalize } = props;
  const id = useId();
  const errorId = `${id}-error`;
  return (
    // Phones: label and input side by side, one line per field; wider screens: label above, three across.
    <div className="grid grid-cols-[minmax(0,1fr)_9rem] items-center gap-x-3 gap-y-1 sm:grid-cols-1 sm:content-start sm:items-stretch sm:gap-y-1.5">
      <Label htmlFor={id}>
        {spec.label}
        {spec.context && <span className="sr-only"> ({spec.context})</span>}
      </Label>
      <div className="relative">
        <Input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          className="pr-7 tabular-nums"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...registration}
          onBlur={(e) => {
            onNormalize(e.target.value);
            return registration.onBlur(e);
          }}
        />
        <span
          aria-hidden
          className="pointer-events-none absolute top-1/2 right-2.5 -translate-y-1/2 text-sm text-muted-foreground"
        >
          {unit}
        </span>
      </div>
      <div className="col-span-2 sm:col-span-1">
        <FieldError id={errorId} message={error} />
      </div>
    </div>
  );
}

/** The clawback rule beside the amounts (docs/product/commissions.md#regole-di-storno). */
function RegolaStornoFields(props: {
  mesi: UseFormRegisterReturn;
  modo: UseFormRegisterReturn;
  errors: { mesi?: string; modo?: string };
}) {
  const id = useId();
  const mm = msg.maturazione;
  return (
    <fieldset className="grid gap-3 rounded-lg border p-4" data-testid="regola-storno">
      <legend className="px-1 text-sm font-semibold">{mm.regolaTitle}</legend>
      <p className="-mt-1 text-xs text-muted-foreground">{mm.regolaDescription}</p>
      <div className="grid gap-3 sm:grid-cols-[9rem_minmax(0,1fr)]">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-mesi`}>{mm.regolaMesi}</Label>
          <Input
            id={`${id}-mesi`}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="—"
            aria-invalid={props.errors.mesi ? true : undefined}
            aria-describedby={props.errors.mesi ? `${id}-mesi-error` : undefined}
            {...props.mesi}
          />
          <FieldError id={`${id}-mesi-error`} message={props.errors.mesi} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-modo`}>{mm.regolaModo}</Label>
          <NativeSelect
            id={`${id}-modo`}
            aria-invalid={props.errors.modo ? true : undefined}
            aria-describedby={props.errors.modo ? `${id}-modo-error` : undefined}
            {...props.modo}
          >
            <option value="">{mm.regolaNessuna}</option>
            {MODI_STORNO.map((modo) => (
              <option key={modo} value={modo}>
                {mm.modoLabels[modo]}
              </option>
            ))}
          </NativeSelect>
          <FieldError id={`${id}-modo-error`} message={props.errors.modo} />
        </div>
      </div>
    </fieldset>
  );
}

/** 'Configura' / 'Modifica': validated by the route's own zod schema, with a live preview. */
export function ConfigDialog({
  target,
  onOpenChange,
}: {
  target: ConfigTarget | null;
  onOpenChange: (open: boolean) => void;
}) {
  const save = useSaveCommissioneConfig();
  const defaults = useMemo(() => (target ? initialValues(target) : undefined), [target]);
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver,
    values: defaults,
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const watched = useWatch({ control: form.control });
  const parsed = commissioneConfigBodySchema.safeParse(toApiValues(watched));
  const isNoleggio = target ? hasPercentCommission(target.servizio) : false;
  const sum = percentSum(toApiValues(watched));
  const label = target ? servizioLabel(target.servizio) : '';

  const onSubmit = form.handleSubmit((values) => {
    if (!target) return;
    save.mutate(values, {
      onSuccess: () => {
        toast({
          title: msg.configCommissioni.saveSuccess,
          description: `${target.fornitore.nome} · ${label}`,
        });
        onOpenChange(false);
      },
      onError: (error) => {
        // A 400 names its fields: they show under the inputs too.
        if (
          error instanceof ApiError &&
          error.body &&
          typeof error.body === 'object' &&
          'issues' in error.body &&
          Array.isArray(error.body.issues)
        ) {
          for (const issue of error.body.issues as Array<{ path: string; message: string }>) {
            form.setError(issue.path as ConfigField, { type: 'server', message: issue.message });
          }
        }
        toast({
          title: msg.commissione.configSaveError,
          description: error instanceof ApiError ? error.serverMessage : undefined,
          variant: 'destructive',
        });
      },
    });
  });

  const groups = isNoleggio ? [PERCENT_GROUP] : FIXED_GROUPS;

  return (
    <Dialog open={target != null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-5xl">
        <DialogHeader>
          <DialogTitle>
            {msg.configCommissioni.dialog.title(
              target?.config ? msg.configCommissioni.modifica : msg.configCommissioni.configura,
              label,
            )}
          </DialogTitle>
          <DialogDescription>
            {target?.fornitore.nome} ({target?.fornitore.codice}).{' '}
            {isNoleggio
              ? msg.configCommissioni.dialog.percentuali
              : msg.configCommissioni.dialog.importiFissi}{' '}
            {msg.configCommissioni.dialog.nonCambiano}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-5">
          <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_24rem]">
            <div className="grid content-start gap-4">
              {groups.map((group) => (
                <fieldset key={group.legend} className="grid gap-3 rounded-lg border p-4">
                  <legend className="px-1 text-sm font-semibold">{group.legend}</legend>
                  <p className="-mt-1 text-xs text-muted-foreground">{group.hint}</p>
                  <div
                    className={cn(
                      'grid gap-2 sm:gap-3',
                      isNoleggio ? 'sm:grid-cols-2 md:grid-cols-4' : 'sm:grid-cols-3',
                    )}
                  >
                    {group.fields.map((spec) => (
                      <NumberField
                        key={spec.name}
                        spec={spec}
                        unit={isNoleggio ? '%' : '€'}
                        error={errors[spec.name]?.message}
                        registration={form.register(spec.name)}
                        onNormalize={(text) => {
                          const value = parseAmountInput(text);
                          if (value != null && formatAmountInput(value) !== text)
                            form.setValue(spec.name, formatAmountInput(value));
                        }}
                      />
                    ))}
                  </div>
                  {isNoleggio && (
                    <p
                      aria-live="polite"
                      data-testid="percent-sum"
                      className={cn(
                        'text-sm font-medium',
                        sum != null && sum > 10000 ? 'text-destructive' : 'text-muted-foreground',
                      )}
                    >
                      {sum == null
                        ? msg.configCommissioni.dialog.percentSumEmpty
                        : msg.configCommissioni.percentSum(formatPercent(sum))}
                    </p>
                  )}
                </fieldset>
              ))}
              <RegolaStornoFields
                mesi={form.register('stornoMesi')}
                modo={form.register('stornoModo')}
                errors={{ mesi: errors.stornoMesi?.message, modo: errors.stornoModo?.message }}
              />
            </div>
            {target && (
              <ConfigPreview servizio={target.servizio} values={parsed.success ? parsed.data : null} />
            )}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {msg.configCommissioni.dialog.annulla}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? msg.configCommissioni.dialog.salvataggio : msg.configCommissioni.dialog.salva}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
