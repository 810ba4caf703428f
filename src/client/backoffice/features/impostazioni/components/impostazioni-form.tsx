import { useId, useState, type FormEvent } from 'react';
import { fillMessage, msg } from '#shared/messages.ts';
import { paths } from '#shared/permissions.ts';
import { DEMO_LANDING_CODE } from '#shared/domain.ts';
import {
  impostazioniSchema,
  type Impostazioni,
  type ImpostazioniResponse,
} from '#shared/schemas/impostazioni.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { formatDateTime } from '#client/lib/format.ts';
import { useUpdateImpostazioni } from '#client/backoffice/features/impostazioni/api/impostazioni.ts';

const m = msg.impostazioni;

type Field = keyof Impostazioni;

const TITOLARE: Array<{ name: Field; label: string; type?: string; hint?: string }> = [
  { name: 'titolareNome', label: m.titolareNome },
  { name: 'titolareIndirizzo', label: m.titolareIndirizzo },
  { name: 'titolareEmail', label: m.titolareEmail, type: 'email' },
  { name: 'dpo', label: m.dpo, hint: m.dpoHint },
];

function TextField({
  id,
  label,
  hint,
  error,
  ...input
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
} & React.ComponentProps<typeof Input>) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The company phone and the privacy notice's controller (docs/privacy.md#informativa). Checked
 * with the schema the server uses; saving a controller field makes a new version of the notice.
 */
export function ImpostazioniForm({ data }: { data: ImpostazioniResponse }) {
  const id = useId();
  const save = useUpdateImpostazioni();
  const [values, setValues] = useState<Impostazioni>({
    telefonoAziendale: data.telefonoAziendale,
    titolareNome: data.titolareNome,
    titolareIndirizzo: data.titolareIndirizzo,
    titolareEmail: data.titolareEmail,
    dpo: data.dpo,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const isIncomplete = !data.titolareNome || !data.titolareIndirizzo || !data.titolareEmail;

  const field = (name: Field) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = impostazioniSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (saved) =>
        toast({
          title: m.success,
          description: fillMessage(m.versione, { versione: saved.versioneInformativa }),
        }),
      onError: (err) => toast({ title: m.error, description: errorMessage(err, ''), variant: 'destructive' }),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{m.telefonoTitle}</CardTitle>
          <CardDescription>{m.telefonoDescription}</CardDescription>
        </CardHeader>
        <CardContent>
          <TextField
            label={m.telefonoAziendale}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            className="sm:max-w-xs"
            {...field('telefonoAziendale')}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{m.titolareTitle}</CardTitle>
          <CardDescription>{m.titolareDescription}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {isIncomplete && (
            <p
              role="status"
              className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
            >
              {m.incompleto}
            </p>
          )}
          {TITOLARE.map((f) => (
            <TextField
              key={f.name}
              label={f.label}
              type={f.type ?? 'text'}
              hint={f.hint}
              {...field(f.name)}
            />
          ))}
          <p className="text-sm text-muted-foreground" data-testid="versione-informativa">
            {fillMessage(m.versione, { versione: data.versioneInformativa })}
            {data.informativaAggiornataAt ? ` · ${formatDateTime(data.informativaAggiornataAt)}` : ''}
            {' · '}
            <a
              href={paths.informativa(DEMO_LANDING_CODE)}
              target="_blank"
              rel="noreferrer"
              className="text-primary underline underline-offset-4"
            >
              {m.apriInformativa}
            </a>
          </p>
        </CardContent>
      </Card>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {m.salvaTelefonoTitolare}
        </Button>
      </div>
    </form>
  );
}
