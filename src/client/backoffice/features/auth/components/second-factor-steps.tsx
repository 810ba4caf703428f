import { useEffect, useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { fillMessage, msg } from '#shared/messages.ts';
import { recoveryCodeSchema } from '#shared/schemas/totp.ts';
import type { User } from '#shared/schemas/utente.ts';
import { ApiError, errorMessage } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { FieldError, Label } from '#client/components/ui/label.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import {
  useLoginEnrolConfirm,
  useLoginEnrolment,
  useLoginSecondFactor,
} from '#client/backoffice/features/auth/api/totp.ts';
import {
  codeError,
  CodeField,
  EnrolPanel,
  RecoveryCodesPanel,
} from '#client/backoffice/features/auth/components/totp-parts.tsx';

const m = msg.totp;

interface StepProps {
  challenge: string;
  /** Signed in; `note` replaces the welcome text of the toast. */
  onSignedIn: (note?: string) => void;
  /** Back to the password (the challenge expired or the user chose so). */
  onRestart: () => void;
}

/** A spent or expired challenge sends the user back to the password, saying why. */
function restartIfExpired(error: unknown, onRestart: () => void): boolean {
  if (
    error instanceof ApiError &&
    error.status === 401 &&
    (error.body as { code?: string })?.code === 'CHALLENGE_EXPIRED'
  ) {
    toast({ title: msg.auth.loginErrorTitle, description: m.challengeExpired, variant: 'destructive' });
    onRestart();
    return true;
  }
  return false;
}

/** The second step: the app's code, or one recovery code. */
export function SecondFactorStep({ challenge, onSignedIn, onRestart }: StepProps) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const verify = useLoginSecondFactor();
  const codeId = useId();
  const titleId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    let problem: string | undefined;
    if (useRecovery) {
      const parsed = recoveryCodeSchema.safeParse(code);
      problem = parsed.success ? undefined : parsed.error.issues[0]?.message;
    } else problem = codeError(code);
    setError(problem);
    if (problem) return;
    verify.mutate(
      { challenge, method: useRecovery ? 'recovery' : 'totp', code },
      {
        onSuccess: (result) =>
          onSignedIn(
            result.recoveryCodesLeft != null
              ? fillMessage(m.recoveryUsedToast, { n: result.recoveryCodesLeft })
              : undefined,
          ),
        onError: (err) => {
          if (restartIfExpired(err, onRestart)) return;
          setCode('');
          setError(errorMessage(err, m.invalidCode));
        },
      },
    );
  };
  const switchMode = () => {
    setUseRecovery((v) => !v);
    setCode('');
    setError(undefined);
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-labelledby={titleId}>
      <div className="grid gap-1">
        <h2 id={titleId} className="text-lg font-semibold">
          {m.loginTitle}
        </h2>
        <p className="text-sm text-muted-foreground">{useRecovery ? m.loginRecoveryText : m.loginText}</p>
      </div>
      {useRecovery ? (
        <div className="grid gap-2">
          <Label htmlFor={codeId}>{m.recoveryCodeLabel}</Label>
          <Input
            id={codeId}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            className="font-mono"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${codeId}-error` : undefined}
          />
          <FieldError id={`${codeId}-error`} message={error} />
        </div>
      ) : (
        <CodeField id={codeId} label={m.codeLabel} value={code} onChange={setCode} error={error} autoFocus />
      )}
      <Button type="submit" disabled={verify.isPending} className="w-full">
        {verify.isPending ? m.confirming : m.verify}
      </Button>
      <div className="flex flex-col items-center gap-2 text-sm">
        <button
          type="button"
          className="text-primary underline-offset-4 hover:underline"
          onClick={switchMode}
        >
          {useRecovery ? m.useApp : m.useRecovery}
        </button>
        <button
          type="button"
          className="text-muted-foreground underline-offset-4 hover:underline"
          onClick={onRestart}
        >
          {m.backToLogin}
        </button>
      </div>
    </form>
  );
}

/** A role that requires the second factor: the user enrols now, sees the recovery codes, then enters. */
export function EnrolStep({ challenge, onSignedIn, onRestart }: StepProps) {
  const queryClient = useQueryClient();
  const start = useLoginEnrolment();
  const confirm = useLoginEnrolConfirm();
  const [done, setDone] = useState<{ user: User; recoveryCodes: string[] } | null>(null);
  const titleId = useId();
  const { mutate: startMutate } = start;
  useEffect(() => {
    startMutate(challenge, { onError: (err) => restartIfExpired(err, onRestart) });
  }, [challenge, startMutate, onRestart]);

  const finish = () => {
    if (!done) return;
    queryClient.setQueryData(queryKeys.auth.user(), done.user);
    onSignedIn();
  };
  return (
    <div className="grid gap-4" aria-labelledby={titleId} role="group">
      <div className="grid gap-1">
        <h2 id={titleId} className="text-lg font-semibold">
          {m.enrolRequiredTitle}
        </h2>
        {!done && <p className="text-sm text-muted-foreground">{m.enrolRequiredText}</p>}
      </div>
      {done ? (
        <RecoveryCodesPanel codes={done.recoveryCodes} onDone={finish} />
      ) : start.data ? (
        <EnrolPanel
          enrolment={start.data}
          isPending={confirm.isPending}
          error={confirm.error ? errorMessage(confirm.error, m.invalidCode) : undefined}
          onConfirm={(code) =>
            confirm.mutate(
              { challenge, code },
              { onSuccess: setDone, onError: (err) => restartIfExpired(err, onRestart) },
            )
          }
          onCancel={onRestart}
        />
      ) : start.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(start.error, m.genericError)}
        </p>
      ) : (
        <Spinner label={msg.common.loading} />
      )}
    </div>
  );
}
