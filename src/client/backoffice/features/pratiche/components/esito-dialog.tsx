import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarX2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ESITI_POST_ATTIVAZIONE } from '#shared/commissioni/maturazione.ts';
import { fillMessage, msg } from '#shared/messages.ts';
import {
  esitoPostAttivazioneBodySchema,
  type EsitoPostAttivazioneBody,
} from '#shared/schemas/maturazione.ts';
import type { Servizio } from '#shared/schemas/servizio.ts';
import { servizioLabel } from '#shared/servizi-catalogo.ts';
import { romeDateKey } from '#shared/time.ts';
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
import { useRegistraEsito } from '#client/backoffice/features/pratiche/api/esiti.ts';

const m = msg.maturazione;

const EFFETTO_TEXT = {
  annullata: m.esitoAnnullata,
  stornata: m.esitoStornata,
  nessuno_storno: m.esitoNessunoStorno,
} as const;

/**
 * 'Esito dopo l'attivazione' on a completed service: ripensamento, cessato or moroso with its day
 * (docs/product/lifecycle.md#esiti-dopo-lattivazione). The server checks the window and the rule.
 */
export function EsitoDialog({ servizio, praticaId }: { servizio: Servizio; praticaId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button
        size="sm"
        variant="outline"
        onClick={() => setOpen(true)}
        aria-label={fillMessage(m.esitoButtonOf, {
          servizio: servizioLabel(servizio.tipoServizio),
          id: praticaId,
        })}
      >
        <CalendarX2 aria-hidden /> {m.esitoButton}
      </Button>
      {open && <EsitoForm servizio={servizio} praticaId={praticaId} onDone={() => setOpen(false)} />}
    </Dialog>
  );
}

function EsitoForm({
  servizio,
  praticaId,
  onDone,
}: {
  servizio: Servizio;
  praticaId: number;
  onDone: () => void;
}) {
  const form = useForm<EsitoPostAttivazioneBody>({
    resolver: zodResolver(esitoPostAttivazioneBodySchema),
    mode: 'onChange',
    defaultValues: { tipo: 'ripensamento', data: romeDateKey(new Date()) },
  });
  const { errors, isValid } = form.formState;
  const registra = useRegistraEsito();
  const id = (name: string) => `esito-${servizio.id}-${name}`;

  const onSubmit = form.handleSubmit((body) =>
    registra.mutateAsync({ id: servizio.id, body }).then(
      (result) => {
        toast({ title: m.esitoSuccess, description: EFFETTO_TEXT[result.effetto] });
        onDone();
      },
      (error: unknown) =>
        toast({
          title: msg.common.error,
          description: errorMessage(error, m.esitoError),
          variant: 'destructive',
        }),
    ),
  );

  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>
          {fillMessage(m.esitoTitleOf, { servizio: servizioLabel(servizio.tipoServizio), id: praticaId })}
        </DialogTitle>
        <DialogDescription>{m.esitoDescription}</DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={id('tipo')}>{m.esitoTipo}</Label>
          <NativeSelect id={id('tipo')} {...form.register('tipo')}>
            {ESITI_POST_ATTIVAZIONE.map((t) => (
              <option key={t} value={t}>
                {m.esitoLabels[t]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={id('data')}>{m.esitoData}</Label>
          <Input
            id={id('data')}
            type="date"
            aria-invalid={errors.data ? true : undefined}
            aria-describedby={errors.data ? id('data-error') : undefined}
            {...form.register('data')}
          />
          <FieldError id={id('data-error')} message={errors.data?.message} />
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            {m.annulla}
          </Button>
          <Button type="submit" disabled={!isValid || registra.isPending}>
            {registra.isPending ? msg.commissioniScreen.saving : m.esitoSalva}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
