import { CheckCircle2, Trash2, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { fillMessage, msg } from '#shared/messages.ts';
import { toCents } from '#shared/money.ts';
import type { Role } from '#shared/permissions.ts';
import type { Commissione } from '#shared/schemas/commissione.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { cn } from '#client/lib/cn.ts';
import { formatDate, formatEuro } from '#client/lib/format.ts';
import { servizioLabel } from '#shared/servizi-catalogo.ts';
import { addDays } from '#shared/commissioni/maturazione.ts';
import { formatDayKey } from '#shared/periodi.ts';

const m = msg.commissioniScreen;
const mm = msg.maturazione;

type AmountKey = 'importoPuntoFisico' | 'importoAgente' | 'importoAreaManager' | 'importoAmministrazione';
const AMOUNTS: Array<{ key: AmountKey; label: string; bonus?: 'puntoFisico' | 'agente' | 'areaManager' }> = [
  { key: 'importoPuntoFisico', label: m.amountLabels.puntoFisico, bonus: 'puntoFisico' },
  { key: 'importoAgente', label: m.amountLabels.agente, bonus: 'agente' },
  { key: 'importoAreaManager', label: m.amountLabels.areaManager, bonus: 'areaManager' },
  { key: 'importoAmministrazione', label: m.amountLabels.amministrazione },
];

/** The amount a role's totals use: admin the structure's; the payees their own. See docs/product/roles-and-scope.md#totali-per-ruolo */
const OWN_AMOUNT: Partial<Record<Role, AmountKey>> = {
  admin: 'importoAmministrazione',
  punto_fisico: 'importoPuntoFisico',
  agente: 'importoAgente',
  area_manager: 'importoAreaManager',
};

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

const amountClass = (value: string) => (toCents(value) < 0 ? 'text-red-700' : undefined);

/** One commission: what it was earned on, its payment status, the amounts the role may see. */
export function CommissioneCard(props: {
  commissione: Commissione;
  role: Role;
  /** The original of a storno is on this page: the reference becomes a link to it. */
  isOriginalShown: boolean;
  isStornoShown: boolean;
  onPayment?: () => void;
  onDelete?: () => void;
}) {
  const { commissione: c, role, isOriginalShown, isStornoShown, onPayment, onDelete } = props;
  const isStorno = c.stornoOfId != null;
  const isPaid = c.statoPagamento === 'pagato';
  const own = OWN_AMOUNT[role];
  // The API sends only the amounts the role may see: show what is there.
  // See docs/product/roles-and-scope.md#importi-delle-commissioni-per-ruolo
  const visible = AMOUNTS.filter((a) => c[a.key] !== undefined);
  const bonuses = AMOUNTS.flatMap((a) => {
    const value = a.bonus ? c.bonusApplicati[a.bonus] : undefined;
    return value !== undefined && toCents(value) !== 0 ? [{ label: a.label, value }] : [];
  });

  return (
    <Card
      id={`commissione-${c.id}`}
      data-testid={`commissione-${c.id}`}
      className={cn(
        'flex scroll-mt-6 flex-col target:ring-2 target:ring-primary',
        isStorno && 'border-red-300 bg-red-50/50',
      )}
    >
      <div className="grid gap-1 p-4 pb-3">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h3 className="mr-auto text-lg leading-tight font-semibold">{servizioLabel(c.tipoServizio)}</h3>
          {isStorno && <Badge variant="danger">{m.storno}</Badge>}
          {c.maturazione === 'in_maturazione' && (
            <Badge variant="warning" data-testid="maturazione">
              {mm.inMaturazione}
            </Badge>
          )}
          {c.maturazione === 'maturata' && c.fineRipensamento && (
            <Badge variant="success" data-testid="maturazione">
              {mm.maturata}
            </Badge>
          )}
          {c.anticipo && (
            <Badge className="border-transparent bg-sky-100 text-sky-900" data-testid="anticipo">
              {mm.anticipo}
            </Badge>
          )}
          {c.hasBonus && (
            <Badge className="border-transparent bg-purple-100 text-purple-800">{m.bonus}</Badge>
          )}
          <Badge variant={isPaid ? 'success' : 'warning'} data-testid="stato-pagamento">
            {isPaid ? m.pagato : m.nonPagato}
          </Badge>
        </div>
        <p className="text-xs text-muted-foreground">{m.riferimento(c.id, c.praticaId)}</p>
      </div>

      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 px-4">
        <Field label={m.cliente}>{c.customerName || '—'}</Field>
        <Field label={m.fornitore}>{c.fornitoreNome ?? c.fornitore ?? '—'}</Field>
        <Field label={m.puntoFisico}>{c.puntoFisicoNome ?? '—'}</Field>
        <Field label={m.completataIl}>{formatDate(c.dataCompletamento)}</Field>
      </dl>

      <div className="mt-3 px-4">
        {visible.length === 1 ? (
          <div
            className="flex items-baseline justify-between gap-2 rounded-md bg-muted/60 px-3 py-2"
            data-testid="importo"
          >
            <span className="text-sm text-muted-foreground">{m.tuaCommissione}</span>
            <span className={cn('text-xl font-bold tabular-nums', amountClass(c[visible[0].key]!))}>
              {formatEuro(c[visible[0].key]!)}
            </span>
          </div>
        ) : (
          <dl className="grid grid-cols-2 gap-2" data-testid="importi">
            {visible.map((a) => (
              <div
                key={a.key}
                className={cn(
                  'rounded-md bg-muted/60 px-3 py-2',
                  a.key === own && 'bg-primary/10 ring-1 ring-primary/30',
                )}
              >
                <dt className="text-xs text-muted-foreground">{a.label}</dt>
                <dd className={cn('font-semibold tabular-nums', amountClass(c[a.key]!))}>
                  {formatEuro(c[a.key]!)}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </div>

      <div className="grid gap-1 px-4 pt-3 text-sm">
        {bonuses.length > 0 && (
          <p data-testid="bonus">
            <span className="font-medium">{m.bonusRiga}:</span>{' '}
            {bonuses.map((b) => `${b.label} ${formatEuro(b.value)}`).join(' · ')}
          </p>
        )}
        {isStorno && (
          <p className="text-red-800">
            {isOriginalShown ? (
              <a href={`#commissione-${c.stornoOfId}`} className="underline underline-offset-2">
                {fillMessage(m.stornoOf, { id: c.stornoOfId! })}
              </a>
            ) : (
              fillMessage(m.stornoOf, { id: c.stornoOfId! })
            )}
          </p>
        )}
        {c.stornoId != null && (
          <p className="text-muted-foreground">
            {isStornoShown ? (
              <a href={`#commissione-${c.stornoId}`} className="underline underline-offset-2">
                {fillMessage(m.stornataBy, { id: c.stornoId })}
              </a>
            ) : (
              fillMessage(m.stornataBy, { id: c.stornoId })
            )}
          </p>
        )}
        {c.dataContratto && (
          <p className="text-muted-foreground" data-testid="contratto">
            {fillMessage(mm.contratto, {
              data: formatDayKey(c.dataContratto),
              canale: c.canale ? (mm.canaleLabels[c.canale] ?? c.canale) : mm.canaleSconosciuto,
            })}
            {c.fineRipensamento &&
              c.maturazione &&
              ` · ${fillMessage(c.maturazione === 'in_maturazione' ? mm.finoAl : mm.maturataIl, {
                data: formatDayKey(
                  c.maturazione === 'in_maturazione' ? c.fineRipensamento : addDays(c.fineRipensamento, 1),
                ),
              })}`}
          </p>
        )}
        {c.stornoDettaglio && (
          <p className="text-red-800" data-testid="storno-motivo">
            {fillMessage(mm.stornoMotivo, {
              motivo: mm.esitoLabels[c.stornoDettaglio.motivo],
              data: formatDayKey(c.stornoDettaglio.data),
            })}
            {c.stornoDettaglio.regola &&
              c.stornoDettaglio.quota &&
              ` · ${fillMessage(mm.regolaApplicata, {
                regola: fillMessage(
                  c.stornoDettaglio.regola.modo === 'intero' ? mm.regolaIntero : mm.regolaProporzionale,
                  { mesi: c.stornoDettaglio.regola.mesi },
                ),
                num: c.stornoDettaglio.quota.num,
                den: c.stornoDettaglio.quota.den,
              })}`}
          </p>
        )}
        {isPaid && c.dataPagamento && (
          <p className="text-muted-foreground">{m.pagataIl(formatDate(c.dataPagamento))}</p>
        )}
        {/* A storno's own note repeats the reference above: shown only when it says something else. */}
        {c.notePagamento &&
          !(isStorno && c.notePagamento === fillMessage(m.stornoOf, { id: c.stornoOfId! })) &&
          !c.stornoDettaglio && (
            <p data-testid="nota" className="break-words">
              <span className="font-medium">{m.nota}:</span> {c.notePagamento}
            </p>
          )}
      </div>

      {(onPayment || onDelete) && (
        <div className="mt-auto flex items-center justify-end gap-2 p-4 pt-3">
          {onPayment && (
            <Button variant="outline" size="sm" onClick={onPayment}>
              {isPaid ? <Undo2 aria-hidden /> : <CheckCircle2 aria-hidden />}
              {isPaid ? m.markUnpaid : m.markPaid}
            </Button>
          )}
          {onDelete && (
            <Button
              variant="ghost"
              size="icon"
              className="text-destructive"
              aria-label={m.eliminaCommissione(c.id)}
              onClick={onDelete}
            >
              <Trash2 aria-hidden />
            </Button>
          )}
        </div>
      )}
      {!onPayment && !onDelete && <div className="pb-4" />}
    </Card>
  );
}
