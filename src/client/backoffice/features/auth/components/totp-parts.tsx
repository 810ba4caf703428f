import { Copy, Download } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { msg, fillMessage } from '#shared/messages.ts';
import { totpCodeSchema, type TotpEnrolment } from '#shared/schemas/totp.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { FieldError, Label } from '#client/components/ui/label.tsx';
import { toast } from '#client/components/ui/toast-store.ts';

const m = msg.totp;

/** A six-digit code field as phones expect it: numeric keypad, filled from an SMS-like autofill. */
export function CodeField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  autoFocus?: boolean;
}) {
  const errorId = `${props.id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={props.id}>{props.label}</Label>
      <Input
        id={props.id}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]*"
        maxLength={7}
        autoFocus={props.autoFocus}
        className="font-mono text-lg tracking-[0.3em]"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
      />
      <FieldError id={errorId} message={props.error} />
    </div>
  );
}

/** Checks a typed code on the client with the server's schema; the message when it is malformed. */
export function codeError(code: string): string | undefined {
  const parsed = totpCodeSchema.safeParse(code);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

async function copy(text: string, done: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: done });
  } catch {
    toast({ title: m.genericError, variant: 'destructive' });
  }
}

/**
 * The enrolment: the QR code, the key to type by hand, and the code that confirms it. Used on
 * the profile and at a sign-in whose role requires the second factor.
 */
export function EnrolPanel(props: {
  enrolment: TotpEnrolment;
  isPending: boolean;
  error?: string;
  onConfirm: (code: string) => void;
  onCancel?: () => void;
}) {
  const [code, setCode] = useState('');
  const [localError, setLocalError] = useState<string>();
  const keyId = useId();
  const codeId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = codeError(code);
    setLocalError(problem);
    if (!problem) props.onConfirm(code);
  };
  // The key in groups of four, as authenticator apps show and accept it.
  const grouped = props.enrolment.secret.match(/.{1,4}/g)?.join(' ') ?? props.enrolment.secret;
  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <section className="grid gap-3">
        <h3 className="font-medium">{m.scanTitle}</h3>
        <img
          src={props.enrolment.qrCode}
          alt={m.qrAlt}
          width={200}
          height={200}
          className="size-[200px] rounded-md border bg-white p-2"
        />
        <p id={keyId} className="text-sm text-muted-foreground">
          {m.manualKey}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <code
            aria-describedby={keyId}
            data-testid="totp-secret"
            className="rounded bg-muted px-2 py-1 font-mono text-sm break-all"
          >
            {grouped}
          </code>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => void copy(props.enrolment.secret, m.keyCopied)}
          >
            <Copy aria-hidden />
            {m.copyKey}
          </Button>
        </div>
      </section>
      <section className="grid gap-3">
        <h3 className="font-medium">{m.confirmTitle}</h3>
        <CodeField
          id={codeId}
          label={m.codeLabel}
          value={code}
          onChange={setCode}
          error={localError ?? props.error}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={props.isPending}>
            {props.isPending ? m.confirming : m.confirm}
          </Button>
          {props.onCancel && (
            <Button type="button" variant="outline" onClick={props.onCancel}>
              {m.cancel}
            </Button>
          )}
        </div>
      </section>
    </form>
  );
}

/** The ten recovery codes, shown once, with copy and download. */
export function RecoveryCodesPanel(props: { codes: string[]; onDone: () => void; doneLabel?: string }) {
  const titleId = useId();
  const text = props.codes.join('\n');
  const download = () => {
    const body = `${m.recoveryFileHeader}\n\n${text}\n`;
    const url = URL.createObjectURL(new Blob([body], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'winsolution-codici-di-recupero.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section aria-labelledby={titleId} className="grid gap-3">
      <h3 id={titleId} className="font-semibold">
        {m.recoveryTitle}
      </h3>
      <p className="text-sm text-muted-foreground">{m.recoveryText}</p>
      <ol
        data-testid="recovery-codes"
        className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-md border bg-muted/50 p-3 font-mono text-sm"
      >
        {props.codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void copy(text, m.codesCopied)}>
          <Copy aria-hidden />
          {m.copyCodes}
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          <Download aria-hidden />
          {m.downloadCodes}
        </Button>
        <Button type="button" onClick={props.onDone}>
          {props.doneLabel ?? m.recoveryDone}
        </Button>
      </div>
    </section>
  );
}

export function recoveryLeftText(n: number) {
  return fillMessage(m.recoveryLeft, { n });
}
