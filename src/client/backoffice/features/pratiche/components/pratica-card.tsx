import { History, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { fillMessage, msg } from '#shared/messages.ts';
import { can, paths, type Role } from '#shared/permissions.ts';
import type { Pratica } from '#shared/schemas/pratica.ts';
import type { Servizio } from '#shared/schemas/servizio.ts';
import { servizioLabel } from '#shared/servizi-catalogo.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { formatDateTime } from '#client/lib/format.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '#client/components/ui/card.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { useDeletePratica } from '#client/backoffice/features/pratiche/api/pratiche.ts';
import { DocumentiList } from '#client/backoffice/features/pratiche/components/documenti-list.tsx';
import { EsitoDialog } from '#client/backoffice/features/pratiche/components/esito-dialog.tsx';
import { ServizioEditDialog } from '#client/backoffice/features/pratiche/components/servizio-edit-dialog.tsx';
import { StatoBadge } from '#client/backoffice/features/pratiche/components/stato-badge.tsx';
import { formatPhone, phoneHref } from '#shared/phone.ts';
import { formatDayKey } from '#shared/periodi.ts';

const statoLabel = (stato: string | null) =>
  stato ? ((msg.servizio.statoLabels as Record<string, string>)[stato] ?? stato) : '—';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

function ServizioRow({ servizio, praticaId }: { servizio: Servizio; praticaId: number }) {
  return (
    <li className="grid gap-2 rounded-md border p-3" data-testid={`servizio-${servizio.tipoServizio}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{servizioLabel(servizio.tipoServizio)}</span>
          <StatoBadge stato={servizio.stato} />
          {servizio.fornitore && (
            <span className="text-xs text-muted-foreground">
              {msg.praticheScreen.card.fornitore} {servizio.fornitoreNome ?? servizio.fornitore}
            </span>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {servizio.stato === 'completato' && !servizio.esito && (
            <EsitoDialog servizio={servizio} praticaId={praticaId} />
          )}
          <ServizioEditDialog servizio={servizio} praticaId={praticaId} />
        </div>
      </div>
      <p className="text-xs text-muted-foreground">
        {msg.praticheScreen.card.ultimoAggiornamento} {formatDateTime(servizio.dataUltimoAggiornamento)}
      </p>
      {servizio.esito && (
        <p className="text-sm font-medium text-amber-800" data-testid="esito">
          {fillMessage(msg.maturazione.esitoRegistrato, {
            esito: msg.maturazione.esitoLabels[servizio.esito.tipo],
            data: formatDayKey(servizio.esito.data),
          })}
        </p>
      )}
      {servizio.stato === 'ko' && servizio.koMotivazione && (
        <p className="text-sm text-red-800">
          {msg.praticheScreen.card.motivazioneKo}{' '}
          {msg.servizio.koLabels[servizio.koMotivazione] ?? servizio.koMotivazione}
        </p>
      )}
      {servizio.storico.length > 0 && (
        <details className="text-sm">
          <summary className="flex cursor-pointer items-center gap-1 text-xs font-medium text-muted-foreground">
            <History className="size-3.5" aria-hidden />{' '}
            {msg.praticheScreen.card.storicoStati(servizio.storico.length)}
          </summary>
          <ol className="mt-2 grid gap-1 border-l pl-3 text-xs">
            {servizio.storico.map((h) => (
              <li key={h.id}>
                <span className="text-muted-foreground">{formatDateTime(h.createdAt)}</span> ·{' '}
                {statoLabel(h.daStato)} → {statoLabel(h.aStato)}
                {h.motivazione &&
                  ` (${msg.servizio.koLabels[h.motivazione] ?? msg.maturazione.esitoLabels[h.motivazione] ?? h.motivazione})`}
                {h.nota && <span className="text-muted-foreground"> · {h.nota}</span>}
                {h.utente && <span className="text-muted-foreground"> · {h.utente}</span>}
              </li>
            ))}
          </ol>
        </details>
      )}
    </li>
  );
}

/** One practice: customer, point, services with their status dialogs, documents, deletion. */
export function PraticaCard({
  pratica,
  role,
  isDetail = false,
  onDeleted,
}: {
  pratica: Pratica;
  role: Role;
  /** On its own page the title is not a link to itself. */
  isDetail?: boolean;
  onDeleted?: () => void;
}) {
  const remove = useDeletePratica();
  const onDelete = () => {
    if (!window.confirm(fillMessage(msg.pratica.deleteConfirm, { id: pratica.id }))) return;
    // mutateAsync, not mutate's callbacks: the refetch that follows removes this card, and
    // callbacks given to mutate() are dropped once their component has unmounted.
    remove.mutateAsync(pratica.id).then(
      () => {
        toast({ title: msg.pratica.deleteSuccess });
        onDeleted?.();
      },
      (error: unknown) =>
        toast({
          title: msg.common.error,
          description: errorMessage(error, msg.pratica.deleteError),
          variant: 'destructive',
        }),
    );
  };

  return (
    <Card data-testid={`pratica-${pratica.id}`}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 pb-3">
        <div className="flex items-center gap-2">
          {isDetail ? (
            <h1 className="text-xl font-bold" tabIndex={-1}>
              {msg.praticheScreen.card.pratica(pratica.id)}
            </h1>
          ) : (
            <h2 className="text-lg font-semibold">
              <Link href={paths.pratica(pratica.id)} className="hover:underline">
                {msg.praticheScreen.card.pratica(pratica.id)}
              </Link>
            </h2>
          )}
          <StatoBadge stato={pratica.statoPratica} />
        </div>
        {can(role, 'pratiche:delete') && (
          <Button
            size="sm"
            variant="ghost"
            className="text-destructive"
            onClick={onDelete}
            disabled={remove.isPending}
            aria-label={msg.praticheScreen.card.eliminaPratica(pratica.id)}
          >
            <Trash2 aria-hidden /> {msg.praticheScreen.card.elimina}
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <Field label={msg.praticheScreen.card.cliente}>
            {pratica.lead.nome} {pratica.lead.cognome}
          </Field>
          <Field label={msg.praticheScreen.card.puntoFisico}>
            {pratica.puntoFisico?.nomeAttivita ?? '—'}
          </Field>
          <Field label={msg.praticheScreen.card.telefono}>
            <a className="hover:underline" href={phoneHref(pratica.lead.telefono)}>
              {formatPhone(pratica.lead.telefono)}
            </a>
          </Field>
          <Field label={msg.praticheScreen.card.email}>
            <a className="hover:underline" href={`mailto:${pratica.lead.email}`}>
              {pratica.lead.email}
            </a>
          </Field>
          <Field label={msg.praticheScreen.card.orarioContatto}>
            {pratica.orarioContatto || msg.praticheScreen.card.nessunaPreferenza}
          </Field>
          <Field label={msg.praticheScreen.card.dataCreazione}>{formatDateTime(pratica.dataCreazione)}</Field>
        </dl>
        <section aria-label={msg.praticheScreen.card.serviziDellaPratica(pratica.id)}>
          <h3 className="mb-2 text-sm font-semibold">{msg.praticheScreen.card.servizi}</h3>
          <ul className="grid gap-2">
            {pratica.servizi.map((s) => (
              <ServizioRow key={s.id} servizio={s} praticaId={pratica.id} />
            ))}
          </ul>
        </section>
        <DocumentiList
          praticaId={pratica.id}
          leadId={pratica.leadId}
          count={pratica.documentiCount}
          role={role}
        />
        {pratica.indirizzoIP && (
          <p className="text-xs text-muted-foreground">
            {msg.praticheScreen.card.indirizzoIP} {pratica.indirizzoIP}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
