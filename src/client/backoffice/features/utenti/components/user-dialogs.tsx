import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, type FieldErrors, type UseFormRegisterReturn } from 'react-hook-form';
import type { z } from 'zod';
import { msg } from '#shared/messages.ts';
import { ROLE_TITLES, ROLES, type Role } from '#shared/permissions.ts';
import { createUserSchema, updateUserSchema, type User } from '#shared/schemas/utente.ts';
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
import {
  useCreateUser,
  useResetUserTotp,
  useUpdateUser,
} from '#client/backoffice/features/utenti/api/utenti.ts';

function Field(props: {
  label: string;
  name: string;
  error?: string;
  type?: string;
  autoComplete?: string;
  registration: UseFormRegisterReturn;
  hint?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{props.label}</Label>
      <Input
        id={id}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete ?? 'off'}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        {...props.registration}
      />
      {props.hint && !props.error && <p className="text-xs text-muted-foreground">{props.hint}</p>}
      <FieldError id={errorId} message={props.error} />
    </div>
  );
}

function RoleSelect({
  registration,
  error,
  disabled,
}: {
  registration: UseFormRegisterReturn;
  error?: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{msg.utentiScreen.form.ruolo}</Label>
      <NativeSelect id={id} disabled={disabled} aria-invalid={error ? true : undefined} {...registration}>
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_TITLES[role]}
          </option>
        ))}
      </NativeSelect>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

type CreateValues = z.input<typeof createUserSchema>;

/**
 * 'Crea Utente' (docs/product/screens.md#utenti). Also opened from the point dialog to create the responsible
 * person in place: then the role is fixed and the new user comes back through onCreated.
 */
export function CreateUserDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  fixedRole?: Role;
  initialName?: string;
  onCreated?: (user: User) => void;
}) {
  const { open, onOpenChange, fixedRole, onCreated } = props;
  const create = useCreateUser();
  const [firstName = '', ...rest] = (props.initialName ?? '').trim().split(/\s+/);
  const form = useForm<CreateValues, unknown, z.output<typeof createUserSchema>>({
    resolver: zodResolver(createUserSchema),
    values: {
      firstName,
      lastName: rest.join(' '),
      email: '',
      phone: '',
      password: '',
      role: fixedRole ?? 'punto_fisico',
    },
    resetOptions: { keepDirtyValues: false },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (user) => {
        toast({ title: msg.user.createSuccess });
        form.reset();
        onOpenChange(false);
        onCreated?.(user);
      },
      onError: (error) =>
        toast({
          title: msg.common.error,
          description: errorMessage(error, msg.user.createError),
          variant: 'destructive',
        }),
    }),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {fixedRole ? msg.utentiScreen.form.nuovoUtente(ROLE_TITLES[fixedRole]) : msg.utentiScreen.create}
          </DialogTitle>
          <DialogDescription>
            {fixedRole ? msg.utentiScreen.form.createForPunto : msg.utentiScreen.form.createDescription}
          </DialogDescription>
        </DialogHeader>
        <form
          onSubmit={(e) => {
            // The dialog may sit above the point's form: its submit must not reach that one.
            e.stopPropagation();
            void onSubmit(e);
          }}
          noValidate
          className="grid gap-4"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={msg.utentiScreen.form.nome}
              name="firstName"
              error={errors.firstName?.message}
              registration={form.register('firstName')}
            />
            <Field
              label={msg.utentiScreen.form.cognome}
              name="lastName"
              error={errors.lastName?.message}
              registration={form.register('lastName')}
            />
          </div>
          <Field
            label={msg.utentiScreen.form.email}
            name="email"
            type="email"
            error={errors.email?.message}
            registration={form.register('email')}
          />
          <Field
            label={msg.utentiScreen.form.telefono}
            name="phone"
            type="tel"
            error={errors.phone?.message}
            registration={form.register('phone')}
          />
          <Field
            label={msg.utentiScreen.form.password}
            name="password"
            type="password"
            autoComplete="new-password"
            error={errors.password?.message}
            registration={form.register('password')}
          />
          <RoleSelect
            registration={form.register('role')}
            error={errors.role?.message}
            disabled={Boolean(fixedRole)}
          />
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {msg.utentiScreen.form.annulla}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? msg.utentiScreen.form.creazione : msg.utentiScreen.create}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

type EditValues = z.input<typeof updateUserSchema>;

/** Edit dialog: blank password keeps the current one. */
export function EditUserDialog({
  user,
  onOpenChange,
  meId,
}: {
  user: User | null;
  onOpenChange: (open: boolean) => void;
  meId?: number;
}) {
  const update = useUpdateUser();
  const form = useForm<EditValues, unknown, z.output<typeof updateUserSchema>>({
    resolver: zodResolver(updateUserSchema),
    values: user
      ? {
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          phone: user.phone ?? '',
          role: user.role,
          password: '',
          isActive: user.isActive,
        }
      : undefined,
  });
  const { errors } = form.formState;
  const activeId = useId();

  const onSubmit = form.handleSubmit((values) => {
    if (!user) return;
    update.mutate(
      { id: user.id, input: { ...values, password: values.password ?? '' } },
      {
        onSuccess: () => {
          // A new password (or a deactivation) ends the user's open sessions: say so.
          const ended = Boolean(values.password) || (user.isActive && !values.isActive);
          toast({
            title: 'Utente aggiornato con successo',
            description: ended && user.id !== meId ? msg.user.sessionsEnded : undefined,
          });
          onOpenChange(false);
        },
        onError: (error) =>
          toast({
            title: msg.common.error,
            description: errorMessage(error, msg.user.updateError),
            variant: 'destructive',
          }),
      },
    );
  });

  return (
    <Dialog open={user != null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{msg.utentiScreen.form.editTitle}</DialogTitle>
          <DialogDescription>{msg.utentiScreen.form.editDescription}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={msg.utentiScreen.form.nome}
              name="firstName"
              error={errors.firstName?.message}
              registration={form.register('firstName')}
            />
            <Field
              label={msg.utentiScreen.form.cognome}
              name="lastName"
              error={errors.lastName?.message}
              registration={form.register('lastName')}
            />
          </div>
          <Field
            label={msg.utentiScreen.form.email}
            name="email"
            type="email"
            error={errors.email?.message}
            registration={form.register('email')}
          />
          <Field
            label={msg.utentiScreen.form.telefono}
            name="phone"
            type="tel"
            error={errorText(errors, 'phone')}
            registration={form.register('phone')}
          />
          <Field
            label={msg.utentiScreen.form.nuovaPassword}
            name="password"
            type="password"
            autoComplete="new-password"
            hint={msg.utentiScreen.form.nuovaPasswordHint}
            error={errorText(errors, 'password')}
            registration={form.register('password')}
          />
          <RoleSelect registration={form.register('role')} error={errors.role?.message} />
          <div className="flex items-center gap-3">
            <input
              id={activeId}
              type="checkbox"
              className="size-4 accent-primary"
              {...form.register('isActive')}
            />
            <Label htmlFor={activeId}>{msg.utentiScreen.form.attivo}</Label>
          </div>
          {user && <ResetTotp userId={user.id} />}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {msg.utentiScreen.form.annulla}
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? msg.utentiScreen.form.salvataggio : msg.utentiScreen.form.salva}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function errorText(errors: FieldErrors<EditValues>, key: keyof EditValues): string | undefined {
  const message = errors[key]?.message;
  return typeof message === 'string' ? message : undefined;
}

/** A user who lost phone and recovery codes: the admin turns their second factor off. */
function ResetTotp({ userId }: { userId: number }) {
  const reset = useResetUserTotp();
  const textId = useId();
  return (
    <div className="grid gap-2 rounded-md border p-3">
      <p id={textId} className="text-sm text-muted-foreground">
        {msg.totp.resetForUserText}
      </p>
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-describedby={textId}
          disabled={reset.isPending}
          onClick={() =>
            reset.mutate(userId, {
              onSuccess: () => toast({ title: msg.totp.resetDone }),
              onError: (error) =>
                toast({ title: errorMessage(error, msg.totp.genericError), variant: 'destructive' }),
            })
          }
        >
          {msg.totp.resetForUser}
        </Button>
      </div>
    </div>
  );
}
