import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { msg } from '#shared/messages.ts';
import { impostaPasswordFormSchema, type ImpostaPasswordForm } from '#shared/schemas/utente.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { FieldError, Label } from '#client/components/ui/label.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { api, errorMessage } from '#client/lib/api-client.ts';

const m = msg.invito;

/** The invitation's password, typed twice and sent with the invitation's token. */
export function NewPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const set = useMutation({
    mutationFn: (password: string) => api.post<void>('/api/imposta-password', { token, password }),
  });
  const form = useForm<ImpostaPasswordForm>({
    resolver: zodResolver(impostaPasswordFormSchema),
    defaultValues: { password: '', confirm: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    set.mutateAsync(values.password).then(
      () => onDone(),
      () => undefined,
    ),
  );
  return (
    <form className="grid gap-4" noValidate onSubmit={(e) => void onSubmit(e)}>
      <div className="grid gap-2">
        <Label htmlFor="nuova-password">{m.password}</Label>
        <Input
          id="nuova-password"
          type="password"
          autoComplete="new-password"
          aria-invalid={!!errors.password}
          aria-describedby="nuova-password-error"
          {...form.register('password')}
        />
        <FieldError id="nuova-password-error" message={errors.password?.message} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="ripeti-password">{m.confirm}</Label>
        <Input
          id="ripeti-password"
          type="password"
          autoComplete="new-password"
          aria-invalid={!!errors.confirm}
          aria-describedby="ripeti-password-error"
          {...form.register('confirm')}
        />
        <FieldError id="ripeti-password-error" message={errors.confirm?.message} />
      </div>
      {set.isError && (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(set.error, m.invalid)}
        </p>
      )}
      <Button type="submit" disabled={set.isPending}>
        {set.isPending && <Spinner />}
        {set.isPending ? m.submitting : m.submit}
      </Button>
    </form>
  );
}
