import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BASI_RITENUTA, REGIMI_FISCALI, TIPI_PROFILO_FISCALE } from '#shared/fisco.ts';
import { fillMessage, msg } from '#shared/messages.ts';
import {
  profiloFiscaleInputSchema,
  type ProfiloFiscale,
  type ProfiloFiscaleInput,
} from '#shared/schemas/profilo-fiscale.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { ErrorState } from '#client/components/ui/error-state.tsx';
import { Input, NativeSelect } from '#client/components/ui/input.tsx';
import { FieldError, Label } from '#client/components/ui/label.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { useProfiloFiscale, useSaveProfiloFiscale } from '#client/backoffice/features/fisco/api/fisco.ts';

const m = msg.fisco.profilo;

const EMPTY: ProfiloFiscaleInput = {
  tipo: 'agente_monomandatario',
  partitaIva: '',
  regime: 'ordinario',
  baseRitenuta: 50,
};

function ProfiloForm({
  userId,
  profilo,
  onDone,
}: {
  userId: number;
  profilo: ProfiloFiscale | null;
  onDone: () => void;
}) {
  const save = useSaveProfiloFiscale(userId);
  const form = useForm<ProfiloFiscaleInput, unknown, z.output<typeof profiloFiscaleInputSchema>>({
    resolver: zodResolver(profiloFiscaleInputSchema),
    defaultValues: profilo
      ? {
          tipo: profilo.tipo,
          partitaIva: profilo.partitaIva,
          regime: profilo.regime,
          baseRitenuta: profilo.baseRitenuta,
        }
      : EMPTY,
  });
  const { errors } = form.formState;
  const id = useId();
  const onSubmit = form.handleSubmit((values) =>
    save
      .mutateAsync(values)
      .then(() => {
        toast({ title: m.salvato });
        onDone();
      })
      .catch((error: unknown) => toast({ title: errorMessage(error, m.saveError), variant: 'destructive' })),
  );
  const field = (name: keyof ProfiloFiscaleInput, label: string, control: React.ReactNode) => (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      {control}
      <FieldError id={`${id}-${name}-error`} message={errors[name]?.message} />
    </div>
  );
  const aria = (name: keyof ProfiloFiscaleInput) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
      {field(
        'tipo',
        m.tipo,
        <NativeSelect {...aria('tipo')} {...form.register('tipo')}>
          {TIPI_PROFILO_FISCALE.map((t) => (
            <option key={t} value={t}>
              {msg.fisco.tipi[t]}
            </option>
          ))}
        </NativeSelect>,
      )}
      {field(
        'partitaIva',
        m.partitaIva,
        <Input
          inputMode="numeric"
          autoComplete="off"
          {...aria('partitaIva')}
          {...form.register('partitaIva')}
        />,
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {field(
          'regime',
          m.regime,
          <NativeSelect {...aria('regime')} {...form.register('regime')}>
            {REGIMI_FISCALI.map((r) => (
              <option key={r} value={r}>
                {msg.fisco.regimi[r]}
              </option>
            ))}
          </NativeSelect>,
        )}
        {field(
          'baseRitenuta',
          m.baseRitenuta,
          <NativeSelect {...aria('baseRitenuta')} {...form.register('baseRitenuta', { setValueAs: Number })}>
            {BASI_RITENUTA.map((b) => (
              <option key={b} value={b}>
                {msg.fisco.basi[b]}
              </option>
            ))}
          </NativeSelect>,
        )}
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {m.annulla}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {m.salva}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The admin sets what a payee's statement withholds (docs/product/commissions.md#profilo-fiscale). */
export function ProfiloFiscaleDialog({
  user,
  onOpenChange,
}: {
  user: { id: number; firstName: string; lastName: string };
  onOpenChange: (open: boolean) => void;
}) {
  const query = useProfiloFiscale(user.id);
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{fillMessage(m.titolo, { nome: `${user.firstName} ${user.lastName}` })}</DialogTitle>
          <DialogDescription>{m.descrizione}</DialogDescription>
        </DialogHeader>
        {query.isPending ? (
          <Spinner />
        ) : query.isError ? (
          <ErrorState
            message={fillMessage(m.loadError, { message: errorMessage(query.error, '') })}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <ProfiloForm userId={user.id} profilo={query.data.profilo} onDone={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}
