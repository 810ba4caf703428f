import { AlarmClock, Eye, RotateCcw, Search, Trash2 } from 'lucide-react';
import { Pagination } from '#client/components/ui/pagination.tsx';
import { useEffect, useId, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { LEAD_CONTATTO_STATI, type LeadContattoStato } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import { can, paths } from '#shared/permissions.ts';
import { LEAD_CONTATTO_LABELS, type LeadListItem } from '#shared/schemas/lead.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ExportMenu } from '#client/components/ui/export-menu.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { Input, NativeSelect } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { PageHeader } from '#client/components/ui/page-header.tsx';
import { Skeleton } from '#client/components/ui/spinner.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#client/components/ui/table.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/cn.ts';
import { formatDateTime } from '#client/lib/format.ts';
import { useDebouncedValue } from '#client/lib/use-debounced-value.ts';
import { useAuth } from '#client/backoffice/features/auth/auth-context.tsx';
import {
  exportLeads,
  useDeleteLead,
  useLeadDetail,
  useLeads,
  useUpdateLeadStatus,
  type LeadQuery,
} from '#client/backoffice/features/leads/api/leads.ts';
import { LeadDetailDialog } from '#client/backoffice/features/leads/components/lead-detail-dialog.tsx';
import { PuntoFilter } from '#client/backoffice/features/punti-fisici/components/punto-filter.tsx';

const PAGE_SIZE = 25;

function StatusControl(props: {
  lead: LeadListItem;
  disabled: boolean;
  onChange: (next: LeadContattoStato) => void;
}) {
  const { lead } = props;
  return (
    <div className="grid gap-1">
      <NativeSelect
        aria-label={`Stato contatto di ${lead.nome} ${lead.cognome}`}
        value={lead.statoContatto}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.value as LeadContattoStato)}
      >
        {LEAD_CONTATTO_STATI.map((s) => (
          <option key={s} value={s}>
            {LEAD_CONTATTO_LABELS[s]}
          </option>
        ))}
      </NativeSelect>
      {lead.isOverdue && (
        <Badge variant="danger" className="justify-self-start" title="Nuovo da oltre 24 ore: va richiamato">
          <AlarmClock className="mr-1 size-3" aria-hidden />
          Oltre 24 ore
        </Badge>
      )}
    </div>
  );
}

function LeadActions(props: {
  lead: LeadListItem;
  canDelete: boolean;
  onDetail: () => void;
  onDelete: () => void;
}) {
  const { lead } = props;
  return (
    <div className="flex justify-end gap-1">
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Dettagli di ${lead.nome} ${lead.cognome}`}
        onClick={props.onDetail}
      >
        <Eye aria-hidden />
      </Button>
      {props.canDelete && (
        <Button
          variant="ghost"
          size="icon"
          className="text-destructive"
          aria-label={`Elimina ${lead.nome} ${lead.cognome}`}
          onClick={props.onDelete}
        >
          <Trash2 aria-hidden />
        </Button>
      )}
    </div>
  );
}
type StatusFilter = '' | LeadContattoStato | 'overdue';

function readPuntoId(search: string): number | undefined {
  const value = Number(new URLSearchParams(search).get('puntoFisicoId'));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

function readLinkedLeadId(location: string): number | undefined {
  const match = /^\/leads\/(\d+)$/.exec(location);
  const value = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

export function LeadsRoute() {
  const { user } = useAuth();
  const role = user!.role;
  const [location, navigate] = useLocation();
  const puntoFisicoId = readPuntoId(useSearch());
  const [text, setText] = useState('');
  const search = useDebouncedValue(text, 300);
  const [status, setStatus] = useState<StatusFilter>('');
  const [page, setPage] = useState(1);
  const [detail, setDetail] = useState<LeadListItem | null>(null);
  // /leads/{id}, the link of the e-mails: that lead's detail opens over the list.
  const linkedId = readLinkedLeadId(location);
  const linked = useLeadDetail(linkedId ?? null);
  useEffect(() => {
    if (linked.isError) {
      toast({ title: msg.lead.notFound, variant: 'destructive' });
      navigate(paths.leads, { replace: true });
    }
  }, [linked.isError, navigate]);
  const closeDetail = () => {
    setDetail(null);
    if (linkedId != null) navigate(paths.leads, { replace: true });
  };
  const searchId = useId();
  const statusId = useId();

  const filters: Omit<LeadQuery, 'page' | 'pageSize'> = {
    puntoFisicoId,
    search,
    status: status === 'overdue' || status === '' ? undefined : status,
    overdue: status === 'overdue',
  };
  const leads = useLeads({ ...filters, page, pageSize: PAGE_SIZE });
  const overdue = useLeads({ puntoFisicoId, overdue: true, page: 1, pageSize: 1 });
  const updateStatus = useUpdateLeadStatus();
  const remove = useDeleteLead();
  const canDelete = can(role, 'leads:delete');

  const total = leads.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const overdueCount = overdue.data?.total ?? 0;

  const selectPunto = (id: number | null) => {
    setPage(1);
    navigate(id ? `${paths.leads}?puntoFisicoId=${id}` : paths.leads, { replace: true });
  };
  const reset = () => {
    setText('');
    setStatus('');
    setPage(1);
    navigate(paths.leads);
  };

  const onDelete = (lead: LeadListItem) => {
    if (!window.confirm(msg.lead.deleteConfirm)) return;
    remove.mutate(lead.id, {
      onSuccess: () => toast({ title: msg.lead.deleteSuccess }),
      onError: (error) =>
        toast({
          title: msg.common.error,
          description: errorMessage(error, msg.lead.deleteError),
          variant: 'destructive',
        }),
    });
  };

  const onStatus = (lead: LeadListItem, next: LeadContattoStato) =>
    updateStatus.mutate(
      { id: lead.id, status: next },
      {
        onSuccess: () =>
          toast({
            title: msg.lead.statusSuccess,
            description: `${lead.nome} ${lead.cognome}: ${LEAD_CONTATTO_LABELS[next]}`,
          }),
        onError: (error) =>
          toast({
            title: msg.common.error,
            description: errorMessage(error, msg.lead.statusError),
            variant: 'destructive',
          }),
      },
    );

  const isUpdating = (lead: LeadListItem) => updateStatus.isPending && updateStatus.variables?.id === lead.id;

  return (
    <>
      <PageHeader
        title="Gestione Lead"
        subtitle="I clienti arrivati dalle landing dei punti fisici"
        actions={
          <ExportMenu
            description="Esporta i lead filtrati"
            onExport={(format) => exportLeads(filters, format)}
            onError={(error) =>
              toast({
                title: msg.common.error,
                description: errorMessage(error, msg.lead.exportError),
                variant: 'destructive',
              })
            }
          />
        }
      />

      {overdueCount > 0 && status !== 'overdue' && (
        <div
          role="status"
          className="mb-4 flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900 sm:flex-row sm:items-center sm:justify-between"
        >
          <span className="flex items-center gap-2 text-sm">
            <AlarmClock className="size-4 shrink-0" aria-hidden />
            {overdueCount === 1 ? '1 lead nuovo attende' : `${overdueCount} lead nuovi attendono`} da oltre 24
            ore di essere contattato.
          </span>
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setStatus('overdue');
              setPage(1);
            }}
          >
            Mostra
          </Button>
        </div>
      )}

      <Card className="mb-4 grid gap-4 p-4 md:grid-cols-[1fr_1fr_14rem_auto] md:items-end">
        <PuntoFilter selectedId={puntoFisicoId ?? null} onSelect={selectPunto} />
        <div className="grid gap-2">
          <Label htmlFor={searchId}>Cerca</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              id={searchId}
              type="search"
              className="pl-9"
              placeholder="Nome, email o telefono"
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setPage(1);
              }}
            />
          </div>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={statusId}>Stato contatto</Label>
          <NativeSelect
            id={statusId}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as StatusFilter);
              setPage(1);
            }}
          >
            <option value="">Tutti gli stati</option>
            {LEAD_CONTATTO_STATI.map((s) => (
              <option key={s} value={s}>
                {LEAD_CONTATTO_LABELS[s]}
              </option>
            ))}
            <option value="overdue">Nuovi da oltre 24 ore</option>
          </NativeSelect>
        </div>
        <Button variant="ghost" onClick={reset}>
          <RotateCcw aria-hidden />
          Azzera filtri
        </Button>
      </Card>

      <p className="mb-2 text-sm text-muted-foreground" aria-live="polite" data-testid="lead-count">
        {leads.data ? `${total} lead trovati` : ''}
      </p>

      <Card>
        {leads.isLoading ? (
          <div className="grid gap-3 p-5">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : leads.error ? (
          <p role="alert" className="p-5 text-destructive">
            Errore nel caricamento dei lead: {leads.error.message}
          </p>
        ) : total === 0 ? (
          <p className="p-10 text-center text-muted-foreground">{msg.lead.empty}</p>
        ) : (
          <>
            {/* Phones: one card per lead, every control within reach without side scrolling. */}
            <ul className="divide-y md:hidden">
              {leads.data?.items.map((lead) => (
                <li
                  key={lead.id}
                  data-testid={`lead-card-${lead.id}`}
                  className={cn('grid gap-3 p-4', lead.isOverdue && 'bg-amber-50/60')}
                >
                  <div className="flex items-start justify-between gap-2">
                    <div className="min-w-0 text-sm">
                      <p className="font-medium">
                        {lead.nome} {lead.cognome}
                      </p>
                      <p className="[overflow-wrap:anywhere] text-muted-foreground">{lead.email}</p>
                      <p className="text-muted-foreground">{lead.telefono}</p>
                    </div>
                    <LeadActions
                      lead={lead}
                      canDelete={canDelete}
                      onDetail={() => setDetail(lead)}
                      onDelete={() => onDelete(lead)}
                    />
                  </div>
                  <p className="text-xs text-muted-foreground">
                    {lead.puntoFisicoOriginaleDetails?.nomeAttivita ?? '—'} ·{' '}
                    {formatDateTime(lead.dataRegistrazione)}
                  </p>
                  <StatusControl
                    lead={lead}
                    disabled={isUpdating(lead)}
                    onChange={(next) => onStatus(lead, next)}
                  />
                </li>
              ))}
            </ul>
            <Table className="hidden md:table">
              <TableHeader>
                <TableRow>
                  <TableHead>Cliente</TableHead>
                  <TableHead>Punto Fisico</TableHead>
                  <TableHead>Data creazione</TableHead>
                  <TableHead>Stato contatto</TableHead>
                  <TableHead className="text-right">Azioni</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {leads.data?.items.map((lead) => (
                  <TableRow
                    key={lead.id}
                    data-testid={`lead-row-${lead.id}`}
                    className={lead.isOverdue ? 'bg-amber-50/60' : undefined}
                  >
                    <TableCell className="min-w-52">
                      <p className="font-medium">
                        {lead.nome} {lead.cognome}
                      </p>
                      <p className="break-all text-muted-foreground">{lead.email}</p>
                      <p className="text-muted-foreground">{lead.telefono}</p>
                    </TableCell>
                    <TableCell className="min-w-40">
                      {lead.puntoFisicoOriginaleDetails?.nomeAttivita ?? '—'}
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      {formatDateTime(lead.dataRegistrazione)}
                    </TableCell>
                    <TableCell className="min-w-48">
                      <StatusControl
                        lead={lead}
                        disabled={isUpdating(lead)}
                        onChange={(next) => onStatus(lead, next)}
                      />
                    </TableCell>
                    <TableCell>
                      <LeadActions
                        lead={lead}
                        canDelete={canDelete}
                        onDetail={() => setDetail(lead)}
                        onDelete={() => onDelete(lead)}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </Card>

      <Pagination page={page} pages={pages} onPageChange={setPage} className="mt-4" />

      <LeadDetailDialog
        row={detail ?? (linkedId != null ? (linked.data ?? null) : null)}
        onOpenChange={(open) => !open && closeDetail()}
      />
    </>
  );
}
