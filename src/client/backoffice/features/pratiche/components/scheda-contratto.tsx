import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, type ReactNode } from 'react';
import { useForm, useWatch, type Resolver, type UseFormReturn } from 'react-hook-form';
import { msg } from '#shared/messages.ts';
import { can, type Role } from '#shared/permissions.ts';
import {
  CAMPI_PER_TIPO,
  OPERAZIONI_PER_TIPO,
  campoLabel,
  mancantiText,
  schedaTipoOf,
  type CampoScheda,
} from '#shared/scheda-contratto.ts';
import {
  CANALI,
  DOCUMENTO_TIPI,
  INTESTATARIO_TIPI,
  PAGAMENTI,
  USI,
  schedaSchemaFor,
  type Scheda,
  type SchedaResponse,
} from '#shared/schemas/scheda.ts';
import type { Servizio } from '#shared/schemas/servizio.ts';
import { servizioLabel } from '#shared/servizi-catalogo.ts';
import { romeDateKey } from '#shared/time.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '#client/components/ui/card.tsx';
import { ErrorState } from '#client/components/ui/error-state.tsx';
import { Input, NativeSelect } from '#client/components/ui/input.tsx';
import { FieldError, Label } from '#client/components/ui/label.tsx';
import { Skeleton } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { useSaveScheda, useScheda } from '#client/backoffice/features/pratiche/api/scheda.ts';

type FormValues = Record<Exclude<CampoScheda, 'fornituraUgualeResidenza'>, string> & {
  fornituraUgualeResidenza: boolean;
};
type Form = UseFormReturn<FormValues, unknown, Scheda>;

/**
 * Where the bill's proposals are shown (the ProposteScheda panel, wired where this section is
 * used): `onAccept` puts a proposal in the form; the operator still saves.
 */
export type ProposteSlot = (
  servizioId: number,
  onAccept: (campo: string, valore: string) => void,
) => ReactNode;

/** The 'Scheda contratto' sections of a practice's page, one per service (docs/product/scheda-contratto.md). */
export function SchedeContratto({
  servizi,
  role,
  proposte,
}: {
  servizi: Servizio[];
  role: Role;
  proposte?: ProposteSlot;
}) {
  if (!can(role, 'servizi:readScheda')) return null;
  return (
    <section aria-labelledby="schede-contratto" className="grid gap-4">
      <h2 id="schede-contratto" className="text-lg font-semibold">
        {msg.scheda.titolo}
      </h2>
      {servizi.map((s) => (
        <SchedaServizio
          key={s.id}
          servizio={s}
          canEdit={can(role, 'servizi:updateScheda')}
          proposte={proposte}
        />
      ))}
    </section>
  );
}

function SchedaServizio({
  servizio,
  canEdit,
  proposte,
}: {
  servizio: Servizio;
  canEdit: boolean;
  proposte?: ProposteSlot;
}) {
  const scheda = useScheda(servizio.id);
  const title = `${msg.scheda.titolo} — ${servizioLabel(servizio.tipoServizio)}`;
  return (
    <Card data-testid={`scheda-${servizio.tipoServizio}`}>
      <CardHeader className="gap-2 pb-3">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold">{title}</h3>
          {scheda.data && <SchedaBadge scheda={scheda.data} />}
        </div>
        {scheda.data && !scheda.data.completa && (
          <p className="text-sm text-muted-foreground">{mancantiText(scheda.data.mancanti)}</p>
        )}
      </CardHeader>
      <CardContent>
        {scheda.isError ? (
          <ErrorState
            message={`${msg.scheda.erroreCaricamento}: ${errorMessage(scheda.error, scheda.error.message)}`}
            onRetry={() => void scheda.refetch()}
            isRetrying={scheda.isFetching}
          />
        ) : scheda.data ? (
          <SchedaForm servizio={servizio} initial={scheda.data} canEdit={canEdit} proposte={proposte} />
        ) : (
          <Skeleton className="h-40 w-full" />
        )}
      </CardContent>
    </Card>
  );
}

function SchedaBadge({ scheda }: { scheda: SchedaResponse }) {
  return scheda.completa ? (
    <Badge variant="success">{msg.scheda.completa}</Badge>
  ) : (
    <Badge variant="warning">{msg.scheda.incompleta}</Badge>
  );
}

function formValuesOf(campi: readonly CampoScheda[], scheda: SchedaResponse['scheda']): FormValues {
  const values = { fornituraUgualeResidenza: scheda.fornituraUgualeResidenza === true } as FormValues;
  for (const campo of campi) {
    if (campo === 'fornituraUgualeResidenza') continue;
    const value = scheda[campo];
    values[campo] = typeof value === 'string' ? value : '';
  }
  return values;
}

/**
 * A proposal from the bill as form values: the holder's name is split at its first space, the
 * supply address keeps its CAP and province when it ends with them ("Via Roma 1, 20121 Milano MI").
 */
function valuesOfProposta(campo: string, valore: string): Partial<FormValues> {
  if (campo === 'intestatario') {
    const [nome, ...cognome] = valore.trim().split(/\s+/);
    return cognome.length ? { nome, cognome: cognome.join(' ') } : { cognome: nome };
  }
  if (campo === 'indirizzoFornitura') {
    const parts = /^(.*?)[\s,]+(\d+\w?)[\s,]+(\d{5})\s+(.+?)\s+\(?([A-Za-z]{2})\)?$/.exec(valore.trim());
    if (!parts) return { fornituraUgualeResidenza: false, fornituraVia: valore.trim() };
    const [, via, civico, cap, comune, provincia] = parts;
    return {
      fornituraUgualeResidenza: false,
      fornituraVia: via,
      fornituraCivico: civico,
      fornituraCap: cap,
      fornituraComune: comune,
      fornituraProvincia: provincia.toUpperCase(),
    };
  }
  return { [campo]: valore };
}

function SchedaForm({
  servizio,
  initial,
  canEdit,
  proposte,
}: {
  servizio: Servizio;
  initial: SchedaResponse;
  canEdit: boolean;
  proposte?: ProposteSlot;
}) {
  const tipoServizio = servizio.tipoServizio;
  const tipo = schedaTipoOf(tipoServizio);
  const campi = CAMPI_PER_TIPO[tipo];
  const has = (campo: CampoScheda) => campi.includes(campo);
  // The document's expiry is checked on today's date in Rome, as the server does.
  const resolver = useMemo(
    () =>
      zodResolver(schedaSchemaFor(tipoServizio, romeDateKey(new Date()))) as unknown as Resolver<
        FormValues,
        unknown,
        Scheda
      >,
    [tipoServizio],
  );
  const form: Form = useForm<FormValues, unknown, Scheda>({
    resolver,
    mode: 'onTouched',
    defaultValues: formValuesOf(campi, initial.scheda),
  });
  const [intestatarioTipo, uguale, pagamento] = useWatch({
    control: form.control,
    name: ['intestatarioTipo', 'fornituraUgualeResidenza', 'pagamento'],
  });
  const save = useSaveScheda(servizio.id);

  const onSubmit = form.handleSubmit((values) =>
    save.mutateAsync(values as Record<string, unknown>).then(
      (saved) => {
        form.reset(formValuesOf(campi, saved.scheda));
        toast({ title: msg.scheda.salvata });
      },
      (error: unknown) =>
        toast({
          title: msg.common.error,
          description: errorMessage(error, msg.scheda.erroreSalvataggio),
          variant: 'destructive',
        }),
    ),
  );
  const accept = (campo: string, valore: string) => {
    for (const [key, value] of Object.entries(valuesOfProposta(campo, valore)))
      form.setValue(key as CampoScheda, value, {
        shouldDirty: true,
        shouldValidate: true,
        shouldTouch: true,
      });
  };

  const f = { form, servizioId: servizio.id, tipoServizio, disabled: !canEdit };
  const operazioni: readonly string[] = OPERAZIONI_PER_TIPO[tipo];
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      {proposte?.(servizio.id, accept)}
      {operazioni.length > 0 && (
        <Group title={msg.scheda.sezioni.operazione}>
          <SelectField {...f} name="tipoOperazione" options={operazioni} labels={msg.scheda.operazioni} />
        </Group>
      )}
      <Group title={msg.scheda.sezioni.intestatario}>
        <SelectField
          {...f}
          name="intestatarioTipo"
          options={INTESTATARIO_TIPI}
          labels={msg.scheda.intestatarioTipi}
        />
        {intestatarioTipo === 'impresa' ? (
          <>
            <TextField {...f} name="ragioneSociale" autoComplete="organization" />
            <TextField {...f} name="partitaIva" inputMode="numeric" code />
          </>
        ) : (
          <>
            <TextField {...f} name="nome" autoComplete="given-name" />
            <TextField {...f} name="cognome" autoComplete="family-name" />
          </>
        )}
        <TextField {...f} name="codiceFiscale" code />
        {intestatarioTipo !== 'impresa' && (
          <>
            <TextField {...f} name="dataNascita" type="date" />
            <TextField {...f} name="luogoNascita" />
          </>
        )}
        <TextField {...f} name="telefono" type="tel" autoComplete="tel" />
        <TextField {...f} name="email" type="email" autoComplete="email" />
      </Group>
      <Group title={msg.scheda.sezioni.documento}>
        <SelectField {...f} name="documentoTipo" options={DOCUMENTO_TIPI} labels={msg.scheda.documentoTipi} />
        <TextField {...f} name="documentoNumero" code />
        <TextField {...f} name="documentoRilasciatoDa" />
        <TextField {...f} name="documentoScadenza" type="date" />
      </Group>
      <Group title={msg.scheda.sezioni.residenza}>
        <AddressFields f={f} prefix="residenza" />
      </Group>
      {has('fornituraVia') && (
        <Group title={msg.scheda.sezioni.fornitura}>
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input
              type="checkbox"
              className="size-4"
              disabled={!canEdit}
              {...form.register('fornituraUgualeResidenza')}
            />
            {msg.scheda.campi.fornituraUgualeResidenza}
          </label>
          {!uguale && <AddressFields f={f} prefix="fornitura" />}
        </Group>
      )}
      {(has('pod') || has('pdr') || has('operatoreAttuale') || has('veicolo')) && (
        <Group title={msg.scheda.sezioni.datiFornitura}>
          {has('pod') && <TextField {...f} name="pod" code />}
          {has('pdr') && <TextField {...f} name="pdr" inputMode="numeric" code />}
          {has('potenzaKw') && <TextField {...f} name="potenzaKw" inputMode="decimal" />}
          {has('uso') && <SelectField {...f} name="uso" options={USI} labels={msg.scheda.usi} />}
          {has('consumoAnnuo') && <TextField {...f} name="consumoAnnuo" inputMode="numeric" />}
          {has('fornitoreUscente') && <TextField {...f} name="fornitoreUscente" />}
          {has('codiceOfferta') && <TextField {...f} name="codiceOfferta" />}
          {has('operatoreAttuale') && <TextField {...f} name="operatoreAttuale" />}
          {has('codiceMigrazione') && <TextField {...f} name="codiceMigrazione" code />}
          {has('veicolo') && <TextField {...f} name="veicolo" />}
          {has('durataMesi') && <TextField {...f} name="durataMesi" inputMode="numeric" />}
          {has('kmAnno') && <TextField {...f} name="kmAnno" inputMode="numeric" />}
          {has('anticipo') && <TextField {...f} name="anticipo" inputMode="decimal" />}
        </Group>
      )}
      <Group title={msg.scheda.sezioni.pagamento}>
        <SelectField {...f} name="pagamento" options={PAGAMENTI} labels={msg.scheda.pagamenti} />
        {pagamento === 'sepa' && (
          <>
            <TextField {...f} name="iban" code />
            <TextField {...f} name="ibanIntestatario" />
            <TextField {...f} name="ibanCodiceFiscale" code />
          </>
        )}
      </Group>
      <Group title={msg.scheda.sezioni.origine}>
        <SelectField {...f} name="canale" options={CANALI} labels={msg.scheda.canali} />
        <TextField {...f} name="operatore" />
        <TextField {...f} name="dataFirma" type="date" />
      </Group>
      {canEdit && (
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? msg.scheda.salvataggio : msg.scheda.salva}
          </Button>
        </div>
      )}
    </form>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid min-w-0 grid-cols-1 gap-3 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

interface FieldProps {
  form: Form;
  servizioId: number;
  tipoServizio: string;
  disabled: boolean;
  name: CampoScheda;
}

function useFieldIds({ form, servizioId, name }: FieldProps) {
  const id = `scheda-${servizioId}-${name}`;
  const message = form.formState.errors[name]?.message;
  return {
    id,
    message,
    aria: {
      id,
      'aria-invalid': message ? true : undefined,
      'aria-describedby': message ? `${id}-error` : undefined,
    },
  };
}

function TextField(
  props: FieldProps & {
    type?: string;
    inputMode?: 'numeric' | 'decimal';
    autoComplete?: string;
    /** Codes are shown upper case as typed (the stored form is normalised anyway). */
    code?: boolean;
  },
) {
  const { form, name, tipoServizio, disabled, type = 'text', inputMode, autoComplete, code } = props;
  const { id, message, aria } = useFieldIds(props);
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>{campoLabel(name, tipoServizio)}</Label>
      <Input
        {...aria}
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete ?? 'off'}
        disabled={disabled}
        className={code ? 'uppercase' : undefined}
        spellCheck={code ? false : undefined}
        {...form.register(name)}
      />
      <FieldError id={`${id}-error`} message={message} />
    </div>
  );
}

function SelectField(props: FieldProps & { options: readonly string[]; labels: Record<string, string> }) {
  const { form, name, tipoServizio, disabled, options, labels } = props;
  const { id, message, aria } = useFieldIds(props);
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>{campoLabel(name, tipoServizio)}</Label>
      <NativeSelect {...aria} disabled={disabled} {...form.register(name)}>
        <option value="">{msg.scheda.nessunaScelta}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {labels[o] ?? o}
          </option>
        ))}
      </NativeSelect>
      <FieldError id={`${id}-error`} message={message} />
    </div>
  );
}

function AddressFields({ f, prefix }: { f: Omit<FieldProps, 'name'>; prefix: 'residenza' | 'fornitura' }) {
  const name = (part: string) => `${prefix}${part}` as CampoScheda;
  return (
    <>
      <TextField {...f} name={name('Via')} autoComplete="off" />
      <TextField {...f} name={name('Civico')} />
      <TextField {...f} name={name('Cap')} inputMode="numeric" />
      <TextField {...f} name={name('Comune')} />
      <TextField {...f} name={name('Provincia')} code />
    </>
  );
}
