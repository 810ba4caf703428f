import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useLocation, useSearch } from 'wouter';
import { signInMsg as msg } from '#shared/messages-sign-in.ts';
import { loginSchema, type LoginInput } from '#shared/schemas/login.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { FieldError, Label } from '#client/components/ui/label.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { SecondFactorRequired } from '#shared/schemas/totp.ts';
import { isSecondFactorRequired, useLogin } from '#client/backoffice/features/auth/api/auth.ts';
import { returnPathFrom } from '#client/backoffice/features/auth/return-to.ts';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { takeEarlySubmit } from '#client/lib/early-clicks.ts';
import { useHydrated } from '#client/lib/use-hydrated.ts';

// The second step is loaded when the password step asks for it: the sign-in page starts lighter.
const SecondFactorStep = lazy(() =>
  import('#client/backoffice/features/auth/components/second-factor-steps.tsx').then((m) => ({
    default: m.SecondFactorStep,
  })),
);
const EnrolStep = lazy(() =>
  import('#client/backoffice/features/auth/components/second-factor-steps.tsx').then((m) => ({
    default: m.EnrolStep,
  })),
);

/**
 * The sign-in: the password, then, when the account has a second factor or its role requires
 * one, the code (or a recovery code) or the enrolment. See docs/security.md#verifica-in-due-passaggi
 */
export function LoginForm({ goTo }: { goTo?: (path: string) => void }) {
  const [, navigate] = useLocation();
  const search = useSearch();
  const [pending, setPending] = useState<SecondFactorRequired | null>(null);
  // One toast at a time: a step with news for the user (recovery codes left) says it here.
  const signedIn = (note?: string) => {
    toast({ title: msg.auth.loginSuccessTitle, description: note ?? msg.auth.loginSuccessText });
    // Back to the page that asked for the sign-in, else the dashboard.
    const path = returnPathFrom(search);
    if (goTo) goTo(path);
    else navigate(path, { replace: true });
  };
  // Stable: the enrolment step starts once per challenge, not on every render.
  const back = useCallback(() => setPending(null), []);
  if (pending)
    return (
      <Suspense fallback={<Spinner />}>
        {pending.secondFactor === 'totp' ? (
          <SecondFactorStep challenge={pending.challenge} onSignedIn={signedIn} onRestart={back} />
        ) : (
          <EnrolStep challenge={pending.challenge} onSignedIn={signedIn} onRestart={back} />
        )}
      </Suspense>
    );
  return <PasswordStep onSignedIn={signedIn} onSecondFactor={setPending} />;
}

function PasswordStep(props: {
  onSignedIn: () => void;
  onSecondFactor: (pending: SecondFactorRequired) => void;
}) {
  const login = useLogin();
  // Drawn at build time (auth.html), the form answers only once hydrated: before, the browser
  // would send it itself, the password in the address (docs/primo-caricamento.md).
  const hydrated = useHydrated();
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  const formElement = useRef<HTMLFormElement>(null);
  // An Enter pressed while the form did not answer yet is sent now (src/client/lib/early-clicks.ts).
  useEffect(() => {
    if (hydrated && takeEarlySubmit()) formElement.current?.requestSubmit();
  }, [hydrated]);

  const onSubmit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (result) =>
        isSecondFactorRequired(result) ? props.onSecondFactor(result) : props.onSignedIn(),
      onError: (error) =>
        toast({
          title: msg.auth.loginErrorTitle,
          description: errorMessage(error, msg.auth.invalidCredentials),
          variant: 'destructive',
        }),
    }),
  );

  return (
    <form ref={formElement} onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor="email">{msg.auth.emailLabel}</Label>
        <Input
          id="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'email-error' : undefined}
          {...form.register('email')}
        />
        <FieldError id="email-error" message={errors.email?.message} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="password">{msg.auth.passwordLabel}</Label>
        <Input
          id="password"
          type="password"
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? 'password-error' : undefined}
          {...form.register('password')}
        />
        <FieldError id="password-error" message={errors.password?.message} />
      </div>
      <Button type="submit" disabled={login.isPending || !hydrated} className="w-full">
        {login.isPending ? msg.auth.signingIn : msg.auth.signIn}
      </Button>
    </form>
  );
}
