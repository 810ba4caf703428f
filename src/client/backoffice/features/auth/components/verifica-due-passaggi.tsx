import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { fillMessage, msg } from '#shared/messages.ts';
import type { TotpEnrolment } from '#shared/schemas/totp.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '#client/components/ui/card.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { FieldError, Label } from '#client/components/ui/label.tsx';
import { Skeleton } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { formatDate } from '#client/lib/format.ts';
import {
  useConfirmEnrolment,
  useDisableTotp,
  useRegenerateRecoveryCodes,
  useStartEnrolment,
  useTotpStatus,
} from '#client/backoffice/features/auth/api/totp.ts';
import {
  codeError,
  CodeField,
  EnrolPanel,
  RecoveryCodesPanel,
  recoveryLeftText,
} from '#client/backoffice/features/auth/components/totp-parts.tsx';

const m = msg.totp;

type Mode =
  | { kind: 'idle' }
  | { kind: 'enrolling'; enrolment: TotpEnrolment }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'disabling' }
  | { kind: 'regenerating' };

/** Tells the user that a credential change closed their other sessions, when it did. */
function credentialToast(title: string, otherSessionsEnded: number) {
  toast({ title, description: otherSessionsEnded > 0 ? m.otherSessionsEnded : undefined });
}

/** The profile's "Verifica in due passaggi": enrol, recovery codes, turn off. */
export function VerificaDuePassaggi() {
  const titleId = useId();
  const status = useTotpStatus();
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  const idle = () => setMode({ kind: 'idle' });

  const body = () => {
    if (status.isPending)
      return (
        <div aria-busy="true">
          <Skeleton className="h-16" />
        </div>
      );
    if (status.isError)
      return (
        <p role="alert" className="text-sm text-destructive">
          {m.loadError}
        </p>
      );
    const s = status.data;
    if (mode.kind === 'enrolling')
      return (
        <EnrolPanel
          enrolment={mode.enrolment}
          isPending={confirm.isPending}
          error={confirm.error ? errorMessage(confirm.error, m.invalidCode) : undefined}
          onConfirm={(code) =>
            confirm.mutate(code, {
              onSuccess: (r) => {
                credentialToast(m.enabledToast, r.otherSessionsEnded);
                setMode({ kind: 'codes', codes: r.recoveryCodes });
              },
            })
          }
          onCancel={idle}
        />
      );
    if (mode.kind === 'codes') return <RecoveryCodesPanel codes={mode.codes} onDone={idle} />;
    return (
      <div className="grid gap-4">
        <div className="flex flex-wrap items-center gap-2">
          {s.enabled ? (
            <Badge variant="success">
              <ShieldCheck aria-hidden className="size-3.5" />
              {m.statusOn}
            </Badge>
          ) : (
            <Badge variant="secondary">
              <ShieldOff aria-hidden className="size-3.5" />
              {m.statusOff}
            </Badge>
          )}
          {s.enabledAt && (
            <span className="text-sm text-muted-foreground">
              {fillMessage(m.enabledSince, { data: formatDate(s.enabledAt) })}
            </span>
          )}
        </div>
        {s.required && <p className="text-sm font-medium">{m.requiredForRole}</p>}
        {s.enabled ? (
          <>
            <p className="text-sm">
              {recoveryLeftText(s.recoveryCodesLeft)}
              {s.recoveryCodesLeft <= 3 && <span className="block text-destructive">{m.recoveryLow}</span>}
            </p>
            {mode.kind === 'regenerating' ? (
              <RegenerateForm onCancel={idle} onDone={(codes) => setMode({ kind: 'codes', codes })} />
            ) : mode.kind === 'disabling' ? (
              <DisableForm onCancel={idle} onDone={idle} />
            ) : (
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" onClick={() => setMode({ kind: 'regenerating' })}>
                  {m.regenerate}
                </Button>
                {!s.required && (
                  <Button variant="outline" onClick={() => setMode({ kind: 'disabling' })}>
                    {m.disable}
                  </Button>
                )}
              </div>
            )}
          </>
        ) : (
          <div>
            <Button
              disabled={start.isPending}
              onClick={() =>
                start.mutate(undefined, {
                  onSuccess: (enrolment) => {
                    confirm.reset();
                    setMode({ kind: 'enrolling', enrolment });
                  },
                  onError: (e) => toast({ title: errorMessage(e, m.genericError), variant: 'destructive' }),
                })
              }
            >
              <ShieldCheck aria-hidden />
              {m.start}
            </Button>
          </div>
        )}
      </div>
    );
  };

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <h2 id={titleId} className="text-lg leading-tight font-semibold">
          {m.title}
        </h2>
        <p className="text-sm text-muted-foreground">{m.subtitle}</p>
      </CardHeader>
      <CardContent>{body()}</CardContent>
    </Card>
  );
}

function RegenerateForm(props: { onCancel: () => void; onDone: (codes: string[]) => void }) {
  const regenerate = useRegenerateRecoveryCodes();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = codeError(code);
    setError(problem);
    if (problem) return;
    regenerate.mutate(code, {
      onSuccess: (r) => {
        credentialToast(m.regeneratedToast, r.otherSessionsEnded);
        props.onDone(r.recoveryCodes);
      },
      onError: (err) => setError(errorMessage(err, m.invalidCode)),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 rounded-md border p-4">
      <p className="text-sm">{m.regenerateText}</p>
      <CodeField id={id} label={m.codeLabel} value={code} onChange={setCode} error={error} autoFocus />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={regenerate.isPending}>
          {m.regenerateConfirm}
        </Button>
        <Button type="button" variant="outline" onClick={props.onCancel}>
          {m.cancel}
        </Button>
      </div>
    </form>
  );
}

function DisableForm(props: { onCancel: () => void; onDone: () => void }) {
  const disable = useDisableTotp();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const passwordId = useId();
  const codeId = useId();
  const errorId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!password || !code.trim()) {
      setError(!password ? msg.password.currentRequired : m.codeRequired);
      return;
    }
    disable.mutate(
      { password, code },
      {
        onSuccess: (r) => {
          credentialToast(m.disabledToast, r.otherSessionsEnded);
          props.onDone();
        },
        onError: (err) => setError(errorMessage(err, m.genericError)),
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-3 rounded-md border p-4"
      aria-describedby={errorId}
    >
      <h3 className="font-medium">{m.disableTitle}</h3>
      <p className="text-sm text-muted-foreground">{m.disableText}</p>
      <div className="grid gap-2">
        <Label htmlFor={passwordId}>{m.passwordLabel}</Label>
        <Input
          id={passwordId}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={codeId}>{m.codeOrRecoveryLabel}</Label>
        <Input
          id={codeId}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          className="font-mono"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </div>
      <FieldError id={errorId} message={error} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="destructive" disabled={disable.isPending}>
          {m.disableConfirm}
        </Button>
        <Button type="button" variant="outline" onClick={props.onCancel}>
          {m.cancel}
        </Button>
      </div>
    </form>
  );
}
