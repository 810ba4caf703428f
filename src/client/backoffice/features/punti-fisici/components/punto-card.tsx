import {
  Copy,
  ExternalLink,
  FileDown,
  FileText,
  MapPin,
  Pencil,
  QrCode,
  Trash2,
  UserSquare2,
} from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { msg } from '#shared/messages.ts';
import { can, paths, type Role } from '#shared/permissions.ts';
import type { Person, PuntoFisico } from '#shared/schemas/punto-fisico.ts';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { EmailText, UrlText } from '#client/components/ui/breakable-text.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { cn } from '#client/lib/cn.ts';
import { formatCount } from '#shared/text-format.ts';
import { formatPhone } from '#shared/phone.ts';
import { TelefonoMancante } from '#client/components/telefono-mancante.tsx';

function PersonLine({ label, person }: { label: string; person: Person | null }) {
  if (!person) return null;
  return (
    <div className="text-sm">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd>
        <span className="font-medium">
          {person.firstName} {person.lastName}
        </span>
        <span className="block text-muted-foreground">
          <EmailText email={person.email} />
        </span>
        {person.phone && (
          <span className="block whitespace-nowrap text-muted-foreground">{formatPhone(person.phone)}</span>
        )}
      </dd>
    </div>
  );
}

async function copyText(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: msg.puntoFisico.urlCopied, description: text });
  } catch {
    toast({ title: msg.common.error, description: msg.puntoFisico.urlCopyError, variant: 'destructive' });
  }
}

/** One point of sale: every field, and the buttons the role may use. See docs/product/screens.md#punti-fisici */
export function PuntoCard(props: {
  punto: PuntoFisico;
  role: Role;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { punto, role, onEdit, onDelete } = props;
  const [qrFailed, setQrFailed] = useState(false);
  const canSeePratiche = can(role, 'pratiche:read');
  const leadsHref = `${paths.leads}?puntoFisicoId=${punto.id}`;
  const praticheHref = `${paths.pratiche}?puntoFisicoId=${punto.id}`;
  return (
    <Card className="flex min-w-0 flex-col" data-testid={`punto-card-${punto.id}`}>
      <CardHeader className="pb-3">
        <CardTitle>{punto.nomeAttivita}</CardTitle>
        <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
          <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden />
          {punto.indirizzo}
        </p>
      </CardHeader>
      <CardContent className="flex min-w-0 flex-1 flex-col gap-4">
        <div className="flex gap-4">
          <div className="flex size-28 shrink-0 items-center justify-center rounded-md border bg-white p-1">
            {punto.qrCode && !qrFailed ? (
              <img
                src={punto.qrCode}
                alt={msg.puntiScreen.qrAlt(punto.nomeAttivita)}
                className="size-full"
                onError={() => setQrFailed(true)}
              />
            ) : (
              <QrCode className="size-10 text-muted-foreground" aria-label={msg.puntiScreen.qrMissing} />
            )}
          </div>
          <dl className="grid min-w-0 content-start gap-2">
            <PersonLine label={msg.puntiScreen.responsabile} person={punto.utenteResponsabile} />
            <PersonLine label={msg.puntiScreen.agente} person={punto.agente} />
            <PersonLine label={msg.puntiScreen.areaManager} person={punto.areaManager} />
          </dl>
        </div>
        {punto.clienteSenzaTelefono && (
          <TelefonoMancante className="rounded-md border border-amber-300 bg-amber-50 p-2" />
        )}

        <div className="grid min-w-0 gap-1">
          <span className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
            {msg.puntiScreen.urlLanding}
          </span>
          <div className="flex min-w-0 items-center gap-1">
            <code className="min-w-0 flex-1 rounded bg-muted px-2 py-1.5 text-xs" data-testid="url-landing">
              <UrlText url={punto.urlLanding} />
            </code>
            <Button
              variant="outline"
              size="icon"
              aria-label={msg.puntiScreen.copyUrl}
              title={msg.puntiScreen.copyUrl}
              onClick={() => void copyText(punto.urlLanding)}
            >
              <Copy aria-hidden />
            </Button>
            <a
              href={punto.urlLanding}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={msg.puntiScreen.openUrlNewTab}
              title={msg.puntiScreen.openUrl}
              className={buttonVariants({ variant: 'outline', size: 'icon' })}
            >
              <ExternalLink aria-hidden />
            </a>
          </div>
        </div>

        <div className="grid grid-cols-2 gap-2 text-sm">
          <Link
            href={leadsHref}
            className="flex items-center gap-2 rounded-md border px-3 py-2 hover:bg-muted"
          >
            <UserSquare2 className="size-4 text-primary" aria-hidden />
            <span>
              <strong data-testid="lead-count">{formatCount(punto.leadCount)}</strong> {msg.puntiScreen.leads}
            </span>
          </Link>
          {canSeePratiche ? (
            <Link
              href={praticheHref}
              className="flex items-center gap-2 rounded-md border px-3 py-2 hover:bg-muted"
            >
              <FileText className="size-4 text-primary" aria-hidden />
              <span>
                <strong data-testid="pratiche-count">{formatCount(punto.praticheCount)}</strong>{' '}
                {msg.puntiScreen.pratiche}
              </span>
            </Link>
          ) : (
            <span className="flex items-center gap-2 rounded-md border px-3 py-2">
              <FileText className="size-4 text-primary" aria-hidden />
              <span>
                <strong data-testid="pratiche-count">{formatCount(punto.praticheCount)}</strong>{' '}
                {msg.puntiScreen.pratiche}
              </span>
            </span>
          )}
        </div>

        <div className="mt-auto flex flex-wrap gap-2 border-t pt-4">
          <a
            href={`/api/punti-fisici/${punto.id}/locandina.pdf`}
            download
            className={cn(buttonVariants({ variant: 'secondary', size: 'sm' }), 'flex-1')}
          >
            <FileDown aria-hidden />
            {msg.puntiScreen.locandina}
          </a>
          {can(role, 'puntiFisici:update') && (
            <Button
              variant="outline"
              size="sm"
              onClick={onEdit}
              aria-label={msg.puntiScreen.editOf(punto.nomeAttivita)}
            >
              <Pencil aria-hidden />
              {msg.puntiScreen.edit}
            </Button>
          )}
          {can(role, 'puntiFisici:delete') && (
            <Button
              variant="outline"
              size="sm"
              className="text-destructive"
              onClick={onDelete}
              aria-label={msg.puntiScreen.removeOf(punto.nomeAttivita)}
            >
              <Trash2 aria-hidden />
              {msg.puntiScreen.remove}
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
