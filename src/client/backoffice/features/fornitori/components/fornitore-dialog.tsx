import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SERVIZI_PRINCIPALI } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import { fornitoreBodySchema, type Fornitore } from '#shared/schemas/fornitore.ts';
import { servizioLabel } from '#shared/servizi-catalogo.ts';
import { ApiError, errorMessage } from '#client/lib/api-client.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { FieldError, Label } from '#client/components/ui/label.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import {
  useCreateFornitore,
  useUpdateFornitore,
} from '#client/backoffice/features/fornitori/api/fornitori.ts';

type FormValues = z.input<typeof fornitoreBodySchema>;
type FormOutput = z.output<typeof fornitoreBodySchema>;

/**
 * 'Nuovo Fornitore' and its edit twin: codice, nome, servizi supportati, attivo, validated by the
 * API's own schema. `fornitore` undefined = closed, null = new.
 */
export function FornitoreDialog({
  fornitore,
  onOpenChange,
}: {
  fornitore: Fornitore | null | undefined;
  onOpenChange: (open: boolean) => void;
}) {
  const isEdit = fornitore != null;
  const create = useCreateFornitore();
  const update = useUpdateFornitore();
  const pending = create.isPending || update.isPending;
  const ids = { codice: useId(), nome: useId(), servizi: useId(), attivo: useId() };
  const values = useMemo<FormValues | undefined>(
    () =>
      fornitore === undefined
        ? undefined
        : {
            codice: fornitore?.codice ?? '',
            nome: fornitore?.nome ?? '',
            serviziSupportati: (fornitore?.serviziSupportati ?? []) as FormValues['serviziSupportati'],
            isActive: fornitore?.isActive ?? true,
          },
    [fornitore],
  );
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(fornitoreBodySchema),
    values,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((input) => {
    const handlers = {
      onSuccess: () => {
        toast({
          title: isEdit ? msg.fornitoreAdmin.updateSuccess : msg.fornitoreAdmin.createSuccess,
          description: `${input.nome} (${input.codice})`,
        });
        onOpenChange(false);
      },
      onError: (error: Error) => {
        if (error instanceof ApiError && error.status === 409)
          form.setError('codice', { type: 'server', message: error.serverMessage });
        const fallback = isEdit ? msg.fornitoreAdmin.updateError : msg.fornitoreAdmin.createError;
        toast({
          title: msg.common.error,
          description: errorMessage(error, fallback),
          variant: 'destructive',
        });
      },
    };
    if (fornitore) update.mutate({ id: fornitore.id, input }, handlers);
    else create.mutate(input, handlers);
  });

  return (
    <Dialog open={fornitore !== undefined} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{isEdit ? msg.fornitoreAdmin.modifica : msg.fornitoreAdmin.nuovo}</DialogTitle>
          <DialogDescription>
            {isEdit ? msg.fornitoreAdmin.editDescription : msg.fornitoreAdmin.createDescription}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-[10rem_minmax(0,1fr)]">
            <div className="grid content-start gap-2">
              <Label htmlFor={ids.codice}>{msg.fornitoreAdmin.codice}</Label>
              <Input
                id={ids.codice}
                autoComplete="off"
                autoCapitalize="characters"
                className="uppercase"
                aria-invalid={errors.codice ? true : undefined}
                aria-describedby={errors.codice ? `${ids.codice}-error` : undefined}
                {...form.register('codice')}
              />
              <FieldError id={`${ids.codice}-error`} message={errors.codice?.message} />
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor={ids.nome}>{msg.fornitoreAdmin.nome}</Label>
              <Input
                id={ids.nome}
                autoComplete="off"
                aria-invalid={errors.nome ? true : undefined}
                aria-describedby={errors.nome ? `${ids.nome}-error` : undefined}
                {...form.register('nome')}
              />
              <FieldError id={`${ids.nome}-error`} message={errors.nome?.message} />
            </div>
          </div>
          <fieldset
            className="grid gap-2"
            aria-describedby={errors.serviziSupportati ? `${ids.servizi}-error` : undefined}
          >
            <legend className="mb-2 text-sm font-medium">{msg.fornitoreAdmin.serviziSupportati}</legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {SERVIZI_PRINCIPALI.map((servizio) => (
                <label
                  key={servizio}
                  className="flex items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5"
                >
                  <input
                    type="checkbox"
                    value={servizio}
                    className="size-4 accent-primary"
                    {...form.register('serviziSupportati')}
                  />
                  {servizioLabel(servizio)}
                </label>
              ))}
            </div>
            <FieldError
              id={`${ids.servizi}-error`}
              message={errors.serviziSupportati?.message ?? errors.serviziSupportati?.root?.message}
            />
          </fieldset>
          <div className="flex items-center gap-3">
            <input
              id={ids.attivo}
              type="checkbox"
              className="size-4 accent-primary"
              {...form.register('isActive')}
            />
            <Label htmlFor={ids.attivo}>{msg.fornitoreAdmin.attivo}</Label>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {msg.fornitoreAdmin.annulla}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending
                ? msg.fornitoreAdmin.salvataggio
                : isEdit
                  ? msg.fornitoreAdmin.salva
                  : msg.fornitoreAdmin.crea}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
