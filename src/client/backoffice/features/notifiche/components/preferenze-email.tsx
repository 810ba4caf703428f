import { useId } from 'react';
import { msg } from '#shared/messages.ts';
import type { Role } from '#shared/permissions.ts';
import type { Preferenza } from '#shared/schemas/notifiche.ts';
import { Card, CardContent, CardHeader } from '#client/components/ui/card.tsx';
import { Skeleton } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/cn.ts';
import { usePreferenze, useSetPreferenza } from '#client/backoffice/features/notifiche/api/notifiche.ts';

const m = msg.notifiche;

/** The profile's section of e-mail notices: one switch per kind the user's role may receive. */
export function PreferenzeEmail({ role }: { role: Role }) {
  const titleId = useId();
  const preferenze = usePreferenze();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <h2 id={titleId} className="text-lg leading-tight font-semibold">
          {m.preferenzeTitle}
        </h2>
        <p className="text-sm text-muted-foreground">{m.preferenzeSubtitle}</p>
      </CardHeader>
      <CardContent>
        {preferenze.isPending ? (
          <div className="grid gap-3" aria-busy="true">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : preferenze.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {m.preferenzeLoadError}
          </p>
        ) : preferenze.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{m.nessunaPreferenza}</p>
        ) : (
          <ul className="grid divide-y">
            {preferenze.data.map((p) => (
              <PreferenzaRow key={p.tipo} preferenza={p} role={role} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function PreferenzaRow({ preferenza, role }: { preferenza: Preferenza; role: Role }) {
  const labelId = useId();
  const descriptionId = useId();
  const save = useSetPreferenza();
  const tipo = m.tipi[preferenza.tipo];
  const descrizioni = tipo.descrizione as Partial<Record<Role, string>>;
  // Optimistic: the switch shows the new state while it is saved, and goes back on failure.
  const attiva = save.isPending ? !preferenza.attiva : preferenza.attiva;
  const toggle = () =>
    save.mutate(
      { tipo: preferenza.tipo, attiva: !preferenza.attiva },
      {
        onSuccess: () => toast({ title: m.saved, description: tipo.label }),
        onError: (error) =>
          toast({
            title: m.saveError,
            description: error instanceof ApiError ? error.serverMessage : undefined,
            variant: 'destructive',
          }),
      },
    );
  return (
    <li className="flex items-start justify-between gap-4 py-3 first:pt-0 last:pb-0">
      <div className="grid gap-0.5">
        <span id={labelId} className="font-medium">
          {tipo.label}
        </span>
        <span id={descriptionId} className="text-sm text-muted-foreground">
          {descrizioni[role]}
          {!preferenza.personalizzata && ` ${m.predefinita}.`}
        </span>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={attiva}
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        disabled={save.isPending}
        onClick={toggle}
        className={cn(
          'relative mt-0.5 inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-70',
          attiva ? 'bg-primary' : 'bg-input',
        )}
      >
        <span
          aria-hidden
          className={cn(
            'pointer-events-none block size-6 rounded-full bg-background shadow transition-transform',
            attiva ? 'translate-x-5' : 'translate-x-0',
          )}
        />
      </button>
    </li>
  );
}
