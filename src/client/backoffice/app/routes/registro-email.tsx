import { ArrowLeft, RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { EMAIL_STATI, type EmailStato } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import { paths } from '#shared/permissions.ts';
import type { RegistroItem } from '#shared/schemas/notifiche.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { NativeSelect } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { PageHeader } from '#client/components/ui/page-header.tsx';
import { Pagination } from '#client/components/ui/pagination.tsx';
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
import { ApiError } from '#client/lib/api-client.ts';
import { formatDateTime } from '#client/lib/format.ts';
import { useRegistro, useRiprovaEmail } from '#client/backoffice/features/notifiche/api/notifiche.ts';

const m = msg.notifiche.registro;
const PAGE_SIZE = 25;

const STATO_VARIANT = {
  in_coda: 'info',
  in_invio: 'info',
  inviato: 'success',
  fallito: 'danger',
  scaduto: 'warning',
} as const satisfies Record<EmailStato, string>;

const isStato = (v: string): v is EmailStato => (EMAIL_STATI as readonly string[]).includes(v);

/** The admin's log of every e-mail the system sent or tried to send. See docs/product/notifications.md#registro */
export function RegistroEmailRoute() {
  const [stato, setStato] = useState<EmailStato | undefined>();
  const [page, setPage] = useState(1);
  const filterId = useId();
  const registro = useRegistro({ stato, page, pageSize: PAGE_SIZE });
  const riprova = useRiprovaEmail();
  const data = registro.data;
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));

  const statoText = (item: RegistroItem) =>
    item.stato === 'in_coda' && data && !data.mailConfigured ? m.nonConfigurata : m.statoLabels[item.stato];

  const retry = (item: RegistroItem) =>
    riprova.mutate(item.id, {
      onSuccess: () => toast({ title: m.riprovaSuccess, description: item.destinatario }),
      onError: (error) =>
        toast({
          title: m.riprovaError,
          description: error instanceof ApiError ? error.serverMessage : undefined,
          variant: 'destructive',
        }),
    });

  return (
    <>
      <PageHeader
        title={m.title}
        subtitle={m.subtitle}
        actions={
          <Button variant="outline" asChild>
            <Link href={paths.utenti}>
              <ArrowLeft aria-hidden />
              {m.back}
            </Link>
          </Button>
        }
      />
      {data && !data.mailConfigured && (
        <p
          role="status"
          className="mb-4 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900"
        >
          {m.nonConfigurataBanner}
        </p>
      )}
      <div className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-center">
        <Label htmlFor={filterId}>{m.filtroStato}</Label>
        <NativeSelect
          id={filterId}
          className="sm:w-64"
          value={stato ?? ''}
          onChange={(e) => {
            setStato(isStato(e.target.value) ? e.target.value : undefined);
            setPage(1);
          }}
        >
          <option value="">{m.allStati}</option>
          {EMAIL_STATI.map((s) => (
            <option key={s} value={s}>
              {m.statoLabels[s]} ({data?.conteggi[s] ?? 0})
            </option>
          ))}
        </NativeSelect>
        {data && <span className="text-sm text-muted-foreground sm:ml-auto">{m.count(data.total)}</span>}
      </div>
      <Card>
        {!data ? (
          registro.isError ? (
            <p role="alert" className="p-5 text-destructive">
              {m.loadError}
            </p>
          ) : (
            <div className="grid gap-3 p-5" aria-busy="true">
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
            </div>
          )
        ) : data.items.length === 0 ? (
          <p className="p-5 text-muted-foreground">{m.empty}</p>
        ) : (
          <Table aria-label={m.title}>
            <TableHeader>
              <TableRow>
                <TableHead>{m.date}</TableHead>
                <TableHead>{m.destinatario}</TableHead>
                <TableHead>{m.oggetto}</TableHead>
                <TableHead>{m.stato}</TableHead>
                <TableHead className="text-right">{m.tentativi}</TableHead>
                <TableHead>
                  <span className="sr-only">{m.riprova}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.items.map((item) => (
                <TableRow key={item.id}>
                  <TableCell className="text-sm whitespace-nowrap">
                    <div>
                      {m.creata} {formatDateTime(item.createdAt)}
                    </div>
                    {item.inviatoAt && (
                      <div className="text-muted-foreground">
                        {m.inviata} {formatDateTime(item.inviatoAt)}
                      </div>
                    )}
                  </TableCell>
                  <TableCell className="break-all">{item.destinatario}</TableCell>
                  <TableCell className="min-w-56">
                    <div className="font-medium">{item.oggetto}</div>
                    <div className="text-sm text-muted-foreground">{m.tipoLabels[item.tipo]}</div>
                  </TableCell>
                  <TableCell className="min-w-40">
                    <Badge
                      variant={
                        !data.mailConfigured && item.stato === 'in_coda'
                          ? 'warning'
                          : STATO_VARIANT[item.stato]
                      }
                    >
                      {statoText(item)}
                    </Badge>
                    {item.ultimoErrore && (
                      <div className="mt-1 text-xs break-words text-muted-foreground">
                        {m.ultimoErrore}: {item.ultimoErrore}
                      </div>
                    )}
                    {item.prossimoTentativoAt && data.mailConfigured && item.tentativi > 0 && (
                      <div className="mt-1 text-xs text-muted-foreground">
                        {m.prossimoTentativo}: {formatDateTime(item.prossimoTentativoAt)}
                      </div>
                    )}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{item.tentativi}</TableCell>
                  <TableCell className="text-right">
                    {(item.stato === 'fallito' || item.stato === 'scaduto') && (
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={riprova.isPending}
                        onClick={() => retry(item)}
                        aria-label={`${m.riprova}: ${item.destinatario}`}
                      >
                        <RotateCcw aria-hidden />
                        {m.riprova}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Card>
      <Pagination page={page} pages={pages} onPageChange={setPage} className="mt-4" />
    </>
  );
}
