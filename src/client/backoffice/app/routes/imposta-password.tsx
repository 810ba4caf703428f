import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { msg } from '#shared/messages.ts';
import { paths } from '#shared/permissions.ts';
import { impostaPasswordFormSchema, type ImpostaPasswordForm } from '#shared/schemas/utente.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { FieldError, Label } from '#client/components/ui/label.tsx';
import { Logo } from '#client/components/ui/logo.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { api, errorMessage } from '#client/lib/api-client.ts';

const m = msg.invito;

/**
 * `/imposta-password#token`: the page an invitation opens (docs/product/importazione.md#inviti).
 * The token stays in the fragment, which the browser never sends to a server.
 */
export function ImpostaPasswordRoute() {
  const [token] = useState(() => window.location.hash.slice(1));
  const [done, setDone] = useState(false);
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
      () => setDone(true),
      () => undefined,
    ),
  );
  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-br from-blue-50 to-slate-100 p-4">
      <div className="w-full max-w-sm rounded-xl border bg-card p-8 shadow-lg">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <Logo className="size-14" />
          <h1 className="text-2xl font-bold tracking-tight">{m.title}</h1>
          <p className="text-sm text-muted-foreground">{m.subtitle}</p>
        </div>
        {done ? (
          <div className="grid gap-4 text-center">
            <p role="status">{m.done}</p>
            <Button asChild>
              <Link href={paths.auth}>{m.goToLogin}</Link>
            </Button>
          </div>
        ) : (
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
        )}
      </div>
    </main>
  );
}
