import { useId, type ComponentType } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { msg } from '#shared/messages.ts';
import { can, type Role } from '#shared/permissions.ts';
import {
  createPuntoFisicoSchema,
  updatePuntoFisicoSchema,
  type Person,
  type PuntoFisico,
} from '#shared/schemas/punto-fisico.ts';
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
import { Input } from '#client/components/ui/input.tsx';
import { FieldError, Label } from '#client/components/ui/label.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import {
  useCreatePuntoFisico,
  useUpdatePuntoFisico,
} from '#client/backoffice/features/punti-fisici/api/punti-fisici.ts';

interface FormValues {
  nomeAttivita: string;
  indirizzo: string;
  responsabile: Person | null;
  agente: Person | null;
  areaManager: Person | null;
}

/** Create ('Nuovo Punto Fisico') and edit dialog; the same zod schemas as the API validate it. */
/** What the dialog asks of the person search: one role, one person or none. */
export type PersonPickerSlot = ComponentType<{
  label: string;
  role: Extract<Role, 'punto_fisico' | 'agente' | 'area_manager'>;
  value: Person | null;
  onChange: (person: Person | null) => void;
  error?: string;
  optional?: boolean;
  canCreateUser: boolean;
}>;

export function PuntoFormDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  punto: PuntoFisico | null;
  actorRole: Role;
  /** A new point was saved: the screen shows it (it may not be on the page in view). */
  onCreated?: (punto: PuntoFisico) => void;
  /** The person search (the users feature's, which can also create the person), composed by the screen. */
  PersonPicker: PersonPickerSlot;
}) {
  const { open, onOpenChange, punto, actorRole, onCreated, PersonPicker } = props;
  const isEdit = punto != null;
  const schema = isEdit ? updatePuntoFisicoSchema : createPuntoFisicoSchema;
  const create = useCreatePuntoFisico();
  const update = useUpdatePuntoFisico();
  const pending = create.isPending || update.isPending;
  const canCreateUser = can(actorRole, 'users:manage');
  // An area manager's points are always their own: the server sets it, the dialog does not ask.
  const asksAreaManager = actorRole !== 'area_manager';
  const nameId = useId();
  const addressId = useId();

  const form = useForm<FormValues>({
    values: {
      nomeAttivita: punto?.nomeAttivita ?? '',
      indirizzo: punto?.indirizzo ?? '',
      responsabile: punto?.utenteResponsabile ?? null,
      agente: punto?.agente ?? null,
      areaManager: punto?.areaManager ?? null,
    },
    // The people are objects on screen and ids for the API: the API's own schema checks the ids.
    resolver: (values) => {
      const result = schema.safeParse(toPayload(values));
      if (result.success) return { values, errors: {} };
      const found: Record<string, { type: string; message: string }> = {};
      for (const issue of result.error.issues) {
        const key = issue.path[0] === 'utenteResponsabileId' ? 'responsabile' : String(issue.path[0]);
        found[key] ??= { type: issue.code, message: issue.message };
      }
      return { values: {}, errors: found as FieldErrors<FormValues> };
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    const input = toPayload(values);
    const onError = (error: unknown) =>
      toast({
        title: msg.common.error,
        description: isEdit
          ? errorMessage(error, msg.puntoFisico.updateError)
          : errorMessage(error, msg.puntoFisico.createError),
        variant: 'destructive',
      });
    if (isEdit) {
      update.mutate(
        { id: punto.id, input },
        {
          onSuccess: () => {
            toast({ title: msg.puntoFisico.updateSuccess });
            onOpenChange(false);
          },
          onError,
        },
      );
    } else {
      create.mutate(input, {
        onSuccess: (created) => {
          toast({ title: msg.puntoFisico.createSuccess });
          form.reset();
          onOpenChange(false);
          onCreated?.(created);
        },
        onError,
      });
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{isEdit ? msg.puntiScreen.form.editTitle : msg.puntiScreen.create}</DialogTitle>
          <DialogDescription>
            {isEdit ? msg.puntiScreen.form.editDescription : msg.puntiScreen.form.createDescription}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={nameId}>{msg.puntiScreen.form.nomeAttivita}</Label>
            <Input
              id={nameId}
              aria-invalid={errors.nomeAttivita ? true : undefined}
              aria-describedby={errors.nomeAttivita ? `${nameId}-error` : undefined}
              {...form.register('nomeAttivita')}
            />
            <FieldError id={`${nameId}-error`} message={errors.nomeAttivita?.message} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={addressId}>{msg.puntiScreen.form.indirizzo}</Label>
            <Input
              id={addressId}
              aria-invalid={errors.indirizzo ? true : undefined}
              aria-describedby={errors.indirizzo ? `${addressId}-error` : undefined}
              {...form.register('indirizzo')}
            />
            <FieldError id={`${addressId}-error`} message={errors.indirizzo?.message} />
          </div>
          <Controller
            control={form.control}
            name="responsabile"
            render={({ field }) => (
              <PersonPicker
                label={msg.puntiScreen.responsabile}
                role="punto_fisico"
                value={field.value}
                onChange={field.onChange}
                error={errors.responsabile?.message}
                canCreateUser={canCreateUser}
              />
            )}
          />
          <Controller
            control={form.control}
            name="agente"
            render={({ field }) => (
              <PersonPicker
                label={msg.puntiScreen.agente}
                role="agente"
                optional
                value={field.value}
                onChange={field.onChange}
                canCreateUser={canCreateUser}
              />
            )}
          />
          {asksAreaManager && (
            <Controller
              control={form.control}
              name="areaManager"
              render={({ field }) => (
                <PersonPicker
                  label={msg.puntiScreen.areaManager}
                  role="area_manager"
                  optional
                  value={field.value}
                  onChange={field.onChange}
                  canCreateUser={canCreateUser}
                />
              )}
            />
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {msg.puntiScreen.form.annulla}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending
                ? msg.puntiScreen.form.salvataggio
                : isEdit
                  ? msg.puntiScreen.form.salva
                  : msg.puntiScreen.form.crea}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function toPayload(values: FormValues) {
  return {
    nomeAttivita: values.nomeAttivita,
    indirizzo: values.indirizzo,
    utenteResponsabileId: values.responsabile?.id as number,
    agenteId: values.agente?.id ?? null,
    areaManagerId: values.areaManager?.id ?? null,
  };
}
