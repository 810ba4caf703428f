import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { msg } from '#shared/messages.ts';
import { privacySettingsSchema } from '#shared/schemas/audit.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { privacyQueries, useUpdatePrivacySettings } from '#client/backoffice/features/privacy/api/privacy.ts';

const m = msg.privacy.retention;

/** How long unconverted leads are kept, on the admin's configuration page (docs/privacy.md#conservazione). */
export function RetentionCard() {
  const settings = useQuery(privacyQueries.settings());
  const save = useUpdatePrivacySettings();
  const id = useId();
  // null: not edited, the saved value shows.
  const [edited, setEdited] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const value = edited ?? String(settings.data?.conservazioneLeadMesi ?? '');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = privacySettingsSchema.safeParse({ conservazioneLeadMesi: value });
    if (!parsed.success) return setError(m.invalid);
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: (data) => {
        setEdited(null);
        toast({ title: m.success, description: `${data.conservazioneLeadMesi} mesi` });
      },
      onError: (err) => toast({ title: m.error, description: errorMessage(err, ''), variant: 'destructive' }),
    });
  };

  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>{m.title}</CardTitle>
        <CardDescription>{m.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
          <div className="grid gap-1">
            <Label htmlFor={id}>{m.label}</Label>
            <Input
              id={id}
              inputMode="numeric"
              className="sm:w-40"
              value={value}
              onChange={(e) => setEdited(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              disabled={!settings.data}
            />
          </div>
          <Button type="submit" disabled={save.isPending || !settings.data}>
            {m.save}
          </Button>
        </form>
        {error && (
          <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-destructive">
            {error}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
