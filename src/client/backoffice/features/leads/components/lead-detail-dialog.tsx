import { ExternalLink } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { withQuery } from '#client/lib/api-client.ts';
import { servizioLabel } from '#shared/servizi-catalogo.ts';
import { can, paths, type Role } from '#shared/permissions.ts';
import { LEAD_CONTATTO_LABELS, type LeadList, type LeadListItem } from '#shared/schemas/lead.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { buttonVariants } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { ErrorState } from '#client/components/ui/error-state.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { formatDateTime } from '#client/lib/format.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { msg } from '#shared/messages.ts';
import { useLeadDetail } from '#client/backoffice/features/leads/api/leads.ts';
import {
  DuplicatoBadge,
  LeadDuplicati,
  LeadStorico,
} from '#client/backoffice/features/leads/components/lead-duplicati.tsx';
import { formatPhone } from '#shared/phone.ts';

const STATO_LABELS: Record<string, string> = {
  inserito: 'Inserito',
  in_lavorazione: 'In lavorazione',
  completato: 'Completato',
  ko: 'KO',
  inserita: 'Inserita',
  completata: 'Completata',
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

/** The lead's row in a list already on screen, if any: what the dialog shows when its own read fails. */
function useCachedRow(id: number): LeadListItem | null {
  const queryClient = useQueryClient();
  for (const [, list] of queryClient.getQueriesData<LeadList>({ queryKey: queryKeys.leads.lists() })) {
    const row = list?.items.find((l) => l.id === id);
    if (row) return row;
  }
  return null;
}

/**
 * The detail of one lead, at its own address (`/leads/{id}`), over the list. A failed read falls
 * back to the list's row when there is one, else says so with 'Riprova'.
 */
/** What other features add to the dialog, composed by the screen (docs/architecture.md#funzionalità). */
export interface LeadDetailSlots {
  /** Adding documents to the lead's practice (pratiche). */
  addDocumenti: (leadId: number) => ReactNode;
  /** Export and erasure of the lead's personal data (privacy). */
  privacyActions: (leadId: number, erasedAt: string | null) => ReactNode;
}

export function LeadDetailDialog({
  id,
  role,
  onClose,
  slots,
}: {
  id: number;
  role: Role;
  onClose: () => void;
  slots: LeadDetailSlots;
}) {
  const detail = useLeadDetail(id);
  const row = useCachedRow(id);
  const lead: (LeadListItem & { indirizzoIP?: string | null }) | null = detail.data ?? row;
  const punto = detail.data?.puntoFisicoOriginaleDetails ?? row?.puntoFisicoOriginaleDetails ?? null;
  const responsabile = detail.data?.puntoFisicoOriginaleDetails?.utenteResponsabile;
  const canUpload = can(role, 'pratiche:uploadDocumenti');
  // A scoped role is not told whether the first point is another shop's or gone: one text for
  // both (docs/decisions/020-doppioni-unisci-o-separa.md).
  const scoped = role !== 'admin' && role !== 'amministrazione';
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{msg.leadsScreen.detailTitle}</DialogTitle>
          <DialogDescription className="flex flex-wrap items-center gap-2">
            {lead ? `${lead.nome} ${lead.cognome}` : ''}
            {lead?.possibileDuplicato && <DuplicatoBadge />}
            {detail.data?.nonChiamare && <Badge variant="danger">{msg.chiamate.nonChiamareBadge}</Badge>}
          </DialogDescription>
        </DialogHeader>
        {!lead && detail.isPending && (
          <div className="flex justify-center py-8" aria-busy="true">
            <Spinner label={msg.leadsScreen.loadingDetail} />
          </div>
        )}
        {detail.isError && !row && (
          <ErrorState
            message={msg.leadsScreen.detailError(detail.error.message)}
            onRetry={() => void detail.refetch()}
            isRetrying={detail.isFetching}
          />
        )}
        {lead && (
          <div className="grid gap-5">
            <section aria-labelledby="lead-cliente" className="grid gap-2">
              <h3 id="lead-cliente" className="font-semibold">
                {msg.leadsScreen.cliente}
              </h3>
              <dl className="grid gap-2">
                <Row label={msg.leadsScreen.nome}>
                  {lead.nome} {lead.cognome}
                </Row>
                <Row label={msg.leadsScreen.email}>{lead.email}</Row>
                <Row label={msg.leadsScreen.telefono}>{formatPhone(lead.telefono)}</Row>
                <Row label={msg.leadsScreen.dataRegistrazione}>{formatDateTime(lead.dataRegistrazione)}</Row>
                <Row label={msg.leadsScreen.statoContatto}>
                  {LEAD_CONTATTO_LABELS[lead.statoContatto]}
                  {lead.isOverdue && (
                    <Badge variant="danger" className="ml-2">
                      {msg.leadsScreen.oltre24Ore}
                    </Badge>
                  )}
                </Row>
                {lead.indirizzoIP && <Row label={msg.leadsScreen.indirizzoIP}>{lead.indirizzoIP}</Row>}
              </dl>
            </section>
            <section aria-labelledby="lead-punto" className="grid gap-2">
              <h3 id="lead-punto" className="font-semibold">
                {msg.leadsScreen.puntoFisico}
              </h3>
              {punto ? (
                <dl className="grid gap-2">
                  <Row label={msg.leadsScreen.nomeAttivita}>{punto.nomeAttivita}</Row>
                  <Row label={msg.leadsScreen.indirizzo}>{punto.indirizzo}</Row>
                  {responsabile && (
                    <Row label={msg.leadsScreen.responsabile}>
                      {responsabile.firstName} {responsabile.lastName} · {responsabile.email}
                      {responsabile.phone ? ` · ${formatPhone(responsabile.phone)}` : ''}
                    </Row>
                  )}
                </dl>
              ) : (
                <p className="text-sm text-muted-foreground">
                  {scoped ? msg.lead.puntoNonVisibile : msg.lead.noPunto}
                </p>
              )}
            </section>
            {detail.data && <LeadDuplicati lead={detail.data} role={role} />}
            {detail.isLoading && <Spinner label={msg.leadsScreen.loadingDetail} />}
            {detail.data?.praticheSummary && (
              <section aria-labelledby="lead-pratiche" className="grid gap-2">
                <h3 id="lead-pratiche" className="font-semibold">
                  {msg.leadsScreen.riepilogoPratiche}
                </h3>
                <p className="text-sm">
                  {msg.leadsScreen.praticheCount}{' '}
                  <strong data-testid="pratiche-summary-count">{detail.data.praticheSummary.count}</strong>
                </p>
                {detail.data.praticheSummary.perServizioStato.length > 0 && (
                  <ul className="flex flex-wrap gap-2">
                    {detail.data.praticheSummary.perServizioStato.map((s) => (
                      <li key={`${s.tipoServizio}-${s.stato}`}>
                        <Badge variant="outline">
                          {servizioLabel(s.tipoServizio)} · {STATO_LABELS[s.stato] ?? s.stato}: {s.count}
                        </Badge>
                      </li>
                    ))}
                  </ul>
                )}
                <Link
                  href={withQuery(paths.pratiche, { search: lead.telefono })}
                  className={buttonVariants({
                    variant: 'outline',
                    size: 'sm',
                    className: 'justify-self-start',
                  })}
                >
                  <ExternalLink aria-hidden />
                  {msg.leadsScreen.vediPratiche}
                </Link>
                {canUpload && detail.data.praticheSummary.count > 0 && (
                  <div className="grid gap-2 border-t pt-3">
                    <h4 className="text-sm font-semibold">{msg.leadsScreen.documenti}</h4>
                    {slots.addDocumenti(lead.id)}
                  </div>
                )}
              </section>
            )}
            {detail.data && !detail.data.praticheSummary && detail.data.pratiche.length > 0 && (
              <section aria-labelledby="lead-pratiche-list" className="grid gap-2">
                <h3 id="lead-pratiche-list" className="font-semibold">
                  {msg.leadsScreen.pratiche}
                </h3>
                <ul className="grid gap-1 text-sm">
                  {detail.data.pratiche.map((p) => (
                    <li key={p.id}>
                      {can(role, 'pratiche:read') ? (
                        <Link href={paths.pratica(p.id)} className="font-medium text-primary underline">
                          {msg.leadsScreen.pratica(p.id)}
                        </Link>
                      ) : (
                        msg.leadsScreen.pratica(p.id)
                      )}{' '}
                      · {STATO_LABELS[p.statoPratica] ?? p.statoPratica} ·{' '}
                      {p.servizi.map((s) => servizioLabel(s.tipoServizio)).join(', ')}
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {detail.data && <LeadStorico lead={detail.data} />}
            {detail.data &&
              can(role, 'leads:erase') &&
              slots.privacyActions(lead.id, detail.data.datiCancellatiAt)}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
