import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { msg } from '#shared/messages.ts';
import { changePasswordSchema, type ChangePasswordInput } from '#shared/schemas/auth.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '#client/components/ui/card.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { FieldError, Label } from '#client/components/ui/label.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { useChangePassword } from '#client/backoffice/features/auth/api/totp.ts';

const m = msg.password;
const fields = [
  { name: 'currentPassword', label: m.current, autoComplete: 'current-password' },
  { name: 'newPassword', label: m.next, autoComplete: 'new-password' },
  { name: 'confirmPassword', label: m.confirm, autoComplete: 'new-password' },
] as const;

/** The profile's password change: the current password, the new one twice; other sessions end. */
export function CambiaPassword() {
  const titleId = useId();
  const idPrefix = useId();
  const change = useChangePassword();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: (r) => {
        form.reset();
        toast({
          title: m.changed,
          description: r.otherSessionsEnded > 0 ? msg.totp.otherSessionsEnded : undefined,
        });
      },
      onError: (error) =>
        form.setError('currentPassword', { message: errorMessage(error, msg.totp.genericError) }),
    }),
  );
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <h2 id={titleId} className="text-lg leading-tight font-semibold">
          {m.title}
        </h2>
        <p className="text-sm text-muted-foreground">{m.subtitle}</p>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid max-w-sm gap-4">
          {fields.map((f) => {
            const id = `${idPrefix}-${f.name}`;
            const error = errors[f.name]?.message;
            return (
              <div key={f.name} className="grid gap-2">
                <Label htmlFor={id}>{f.label}</Label>
                <Input
                  id={id}
                  type="password"
                  autoComplete={f.autoComplete}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  {...form.register(f.name)}
                />
                <FieldError id={`${id}-error`} message={error} />
              </div>
            );
          })}
          <div>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? m.submitting : m.submit}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
