import { CopyX, Merge, Split } from 'lucide-react';
import { useState } from 'react';
import { fillMessage, msg } from '#shared/messages.ts';
import { can, type Role } from '#shared/permissions.ts';
import type { LeadDetail } from '#shared/schemas/lead.ts';
import { ConfirmDialog } from '#client/components/ui/alert-dialog.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { formatDateTime } from '#client/lib/format.ts';
import { useDecideDuplicato } from '#client/backoffice/features/leads/api/leads.ts';
import { formatPhone } from '#shared/phone.ts';

const d = msg.lead.duplicati;

/** The list's and the detail's marker of a lead sharing a phone or e-mail with another. */
export function DuplicatoBadge() {
  return (
    <Badge variant="warning" className="gap-1">
      <CopyX aria-hidden className="size-3" />
      {d.badge}
    </Badge>
  );
}

type Altro = LeadDetail['possibiliDuplicati'][number];

/**
 * The other leads with the same phone or e-mail, with 'Unisci in questo lead' and 'Tieni
 * separati' for the roles that may decide. See docs/product/lifecycle.md#doppioni
 */
export function LeadDuplicati({ lead, role }: { lead: LeadDetail; role: Role }) {
  const decide = useDecideDuplicato();
  const [merging, setMerging] = useState<Altro | null>(null);
  const mayDecide = can(role, 'leads:merge');

  const run = (altro: Altro, action: 'unisci' | 'tieni-separati') =>
    decide.mutate(
      { id: lead.id, altroLeadId: altro.id, action },
      {
        onSuccess: () => {
          setMerging(null);
          toast({ title: action === 'unisci' ? d.unito : d.separati });
        },
        onError: (error) =>
          toast({
            title: msg.common.error,
            description: errorMessage(error, d.errore),
            variant: 'destructive',
          }),
      },
    );

  if (lead.possibiliDuplicati.length === 0) return null;
  return (
    <section
      aria-labelledby="lead-duplicati"
      className="grid gap-2 rounded-md border border-yellow-300 bg-yellow-50/60 p-3"
    >
      <h3 id="lead-duplicati" className="flex flex-wrap items-center gap-2 font-semibold">
        <DuplicatoBadge />
      </h3>
      <p className="text-sm">{d.intro}</p>
      <ul className="grid gap-2">
        {lead.possibiliDuplicati.map((altro) => (
          <li
            key={altro.id}
            data-testid={`duplicato-${altro.id}`}
            className="grid gap-2 rounded-md border bg-card p-3 text-sm sm:grid-cols-[1fr_auto] sm:items-center"
          >
            <div className="min-w-0">
              <p className="font-medium">
                #{altro.id} · {altro.nome} {altro.cognome}
              </p>
              <p className="[overflow-wrap:anywhere] text-muted-foreground">
                {formatPhone(altro.telefono)} · {altro.email}
              </p>
              <p className="text-xs text-muted-foreground">
                {formatDateTime(altro.dataRegistrazione)} ·{' '}
                {[
                  altro.stessoTelefono && d.stessoTelefono,
                  altro.stessaEmail && d.stessaEmail,
                  altro.stessoCodiceFiscale && d.stessoCodiceFiscale,
                  altro.stessoPodPdr && d.stessoPodPdr,
                ]
                  .filter(Boolean)
                  .join(', ')}
              </p>
            </div>
            {mayDecide && (
              <div className="flex flex-wrap gap-2">
                <Button size="sm" onClick={() => setMerging(altro)} disabled={decide.isPending}>
                  <Merge aria-hidden />
                  {d.unisci}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => run(altro, 'tieni-separati')}
                  disabled={decide.isPending}
                >
                  <Split aria-hidden />
                  {d.tieniSeparati}
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {!mayDecide && <p className="text-xs text-muted-foreground">{d.soloUfficio}</p>}
      <ConfirmDialog
        open={merging != null}
        onOpenChange={(open) => !open && setMerging(null)}
        title={d.unisci}
        description={
          merging
            ? fillMessage(d.confermaUnione, {
                altroId: merging.id,
                altroNome: `${merging.nome} ${merging.cognome}`,
              })
            : ''
        }
        confirmLabel={d.unisci}
        pending={decide.isPending}
        onConfirm={() => merging && run(merging, 'unisci')}
      />
    </section>
  );
}

/** Duplicates merged into the lead or kept apart from it, newest first. */
export function LeadStorico({ lead }: { lead: LeadDetail }) {
  if (lead.storico.length === 0) return null;
  return (
    <section aria-labelledby="lead-storico" className="grid gap-2">
      <h3 id="lead-storico" className="font-semibold">
        {d.storico}
      </h3>
      <ul className="grid gap-1 text-sm">
        {lead.storico.map((e) => (
          <li key={e.id}>
            <span className="text-muted-foreground">{formatDateTime(e.createdAt)}</span> · {e.descrizione}
            {e.utenteNome ? <span className="text-muted-foreground"> · {e.utenteNome}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
