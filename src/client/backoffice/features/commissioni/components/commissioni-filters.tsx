import { RotateCcw } from 'lucide-react';
import { useId } from 'react';
import type { StatoMaturazione } from '#shared/commissioni/maturazione.ts';
import type { PagamentoStato } from '#shared/domain.ts';
import { fillMessage, msg } from '#shared/messages.ts';
import { formatDayKey, PERIODI, PERIODO_LABELS, type DateRange, type Periodo } from '#shared/periodi.ts';
import { Button } from '#client/components/ui/button.tsx';
import { CollapsibleFilters, type FilterChip } from '#client/components/ui/collapsible-filters.tsx';
import { Input, NativeSelect } from '#client/components/ui/input.tsx';
import { FieldError, Label } from '#client/components/ui/label.tsx';
import { cn } from '#client/lib/cn.ts';

const m = msg.commissioniScreen;
const mm = msg.maturazione;

export interface CommissioniFilterState {
  status: PagamentoStato | '';
  /** In maturazione or matured today (docs/product/commissions.md#maturazione). */
  maturazione: StatoMaturazione | '';
  periodo: Periodo;
  /** The two dates of 'Personalizzato', yyyy-MM-dd or empty. */
  custom: { dataInizio: string; dataFine: string };
}

export const EMPTY_COMMISSIONI_FILTERS: CommissioniFilterState = {
  status: '',
  maturazione: '',
  periodo: 'tutti',
  custom: { dataInizio: '', dataFine: '' },
};

const STATUS_BUTTONS: Array<{ value: PagamentoStato | ''; label: string; pressed: string }> = [
  {
    value: '',
    label: m.tutti,
    pressed: 'aria-pressed:bg-primary aria-pressed:text-primary-foreground aria-pressed:border-primary',
  },
  {
    value: 'non_pagato',
    label: m.nonPagato,
    pressed: 'aria-pressed:bg-yellow-500 aria-pressed:text-black aria-pressed:border-yellow-500',
  },
  {
    value: 'pagato',
    label: m.pagato,
    pressed: 'aria-pressed:bg-green-700 aria-pressed:text-white aria-pressed:border-green-700',
  },
];

/** Status buttons, the period selector (two dates when 'Personalizzato'), reset. See docs/product/screens.md#commissioni */
export function CommissioniFilters(props: {
  value: CommissioniFilterState;
  range: DateRange;
  rangeError?: string;
  onChange: (next: Partial<CommissioniFilterState>) => void;
  onReset: () => void;
}) {
  const { value, range, rangeError, onChange, onReset } = props;
  const periodoId = useId();
  const errorId = useId();
  const isCustom = value.periodo === 'personalizzato';
  const isDirty = value.status !== '' || value.maturazione !== '' || value.periodo !== 'tutti';

  const chips: FilterChip[] = [];
  if (value.status)
    chips.push({
      key: 'status',
      label: STATUS_BUTTONS.find((b) => b.value === value.status)?.label ?? value.status,
      onRemove: () => onChange({ status: '' }),
    });
  if (value.maturazione)
    chips.push({
      key: 'maturazione',
      label: value.maturazione === 'in_maturazione' ? mm.inMaturazione : mm.maturata,
      onRemove: () => onChange({ maturazione: '' }),
    });
  if (value.periodo !== 'tutti')
    chips.push({
      key: 'periodo',
      label: PERIODO_LABELS[value.periodo],
      onRemove: () => onChange({ periodo: 'tutti' }),
    });

  return (
    <CollapsibleFilters chips={chips}>
      <section
        aria-label={m.filtri}
        className="mb-6 grid gap-4 rounded-lg border bg-card p-4 lg:grid-cols-[auto_auto_1fr_auto] lg:items-end"
      >
        <div className="grid gap-2">
          <span className="text-sm font-medium" id={`${periodoId}-stato`}>
            {m.statoPagamento}
          </span>
          <div role="group" aria-labelledby={`${periodoId}-stato`} className="grid grid-cols-3 gap-2 sm:flex">
            {STATUS_BUTTONS.map((b) => (
              <Button
                key={b.value || 'tutti'}
                variant="outline"
                aria-pressed={value.status === b.value}
                className={cn(b.pressed)}
                onClick={() => onChange({ status: b.value })}
              >
                {b.label}
              </Button>
            ))}
          </div>
        </div>

        <div className="grid gap-2">
          <Label htmlFor={`${periodoId}-maturazione`}>{mm.filtro}</Label>
          <NativeSelect
            id={`${periodoId}-maturazione`}
            value={value.maturazione}
            onChange={(e) => onChange({ maturazione: e.target.value as StatoMaturazione | '' })}
          >
            <option value="">{mm.filtroTutte}</option>
            <option value="in_maturazione">{mm.inMaturazione}</option>
            <option value="maturata">{mm.maturata}</option>
          </NativeSelect>
        </div>

        <div className="grid gap-3 sm:grid-cols-[minmax(12rem,16rem)_1fr] sm:items-end">
          <div className="grid gap-2">
            <Label htmlFor={periodoId}>{m.periodo}</Label>
            <NativeSelect
              id={periodoId}
              value={value.periodo}
              onChange={(e) => onChange({ periodo: e.target.value as Periodo })}
            >
              {PERIODI.map((p) => (
                <option key={p} value={p}>
                  {PERIODO_LABELS[p]}
                </option>
              ))}
            </NativeSelect>
          </div>
          {isCustom ? (
            <div className="grid grid-cols-2 gap-3">
              <DateField
                label={m.dal}
                value={value.custom.dataInizio}
                max={value.custom.dataFine}
                error={rangeError ? errorId : undefined}
                onChange={(dataInizio) => onChange({ custom: { ...value.custom, dataInizio } })}
              />
              <DateField
                label={m.al}
                value={value.custom.dataFine}
                min={value.custom.dataInizio}
                error={rangeError ? errorId : undefined}
                onChange={(dataFine) => onChange({ custom: { ...value.custom, dataFine } })}
              />
            </div>
          ) : (
            <p
              className="text-sm text-muted-foreground sm:pb-2.5"
              data-testid="periodo-range"
              aria-live="polite"
            >
              {range.dataInizio && range.dataFine
                ? range.dataInizio === range.dataFine
                  ? formatDayKey(range.dataInizio)
                  : fillMessage(m.intervallo, {
                      dal: formatDayKey(range.dataInizio),
                      al: formatDayKey(range.dataFine),
                    })
                : m.tutteLeDate}
            </p>
          )}
          {isCustom && (
            <div className="sm:col-span-2">
              <FieldError id={errorId} message={rangeError} />
            </div>
          )}
        </div>

        <Button
          variant="ghost"
          className="justify-self-start lg:justify-self-auto"
          onClick={onReset}
          disabled={!isDirty}
        >
          <RotateCcw aria-hidden />
          {m.reset}
        </Button>
      </section>
    </CollapsibleFilters>
  );
}

/** One date of the 'Personalizzato' range; `error` is the id of the range's error, when there is one. */
function DateField(props: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{props.label}</Label>
      <Input
        id={id}
        type="date"
        className="min-w-0"
        value={props.value}
        min={props.min || undefined}
        max={props.max || undefined}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}
