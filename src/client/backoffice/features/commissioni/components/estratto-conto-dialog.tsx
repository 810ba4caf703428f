import { FileArchive, FileSpreadsheet, FileText } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { BENEFICIARIO_RUOLI } from '#shared/domain.ts';
import { fillMessage, msg } from '#shared/messages.ts';
import { formatEuro } from '#shared/money.ts';
import { periodiEstrattoRecenti } from '#shared/periodi.ts';
import { can, ROLE_TITLES, type Role } from '#shared/permissions.ts';
import type { EstrattoFormato } from '#shared/schemas/estratto-conto.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import {
  downloadEstrattiZip,
  downloadEstratto,
  useBeneficiari,
} from '#client/backoffice/features/commissioni/api/estratti-conto.ts';

const m = msg.estrattoConto;
const SELECT =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/** Whether this role sees the 'Estratto conto' button: a payee its own, the office anyone's. */
export function canDownloadEstratti(role: Role): boolean {
  return can(role, 'estrattiConto:readAll') || (BENEFICIARIO_RUOLI as readonly string[]).includes(role);
}

type Pending = EstrattoFormato | 'zip' | null;

/**
 * 'Estratto conto' on the Commissioni screen (docs/product/commissions.md#estratto-conto): a
 * month or quarter, then PDF or Excel. A payee downloads its own; admin and amministrazione pick
 * the payee among those with movements in the period, or take them all as a ZIP.
 */
export function EstrattoContoButton({ role, userId }: { role: Role; userId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <FileText aria-hidden />
        {m.pulsante}
      </Button>
      {open && <EstrattoContoDialog role={role} userId={userId} onClose={() => setOpen(false)} />}
    </>
  );
}

function EstrattoContoDialog({ role, userId, onClose }: { role: Role; userId: number; onClose: () => void }) {
  const office = can(role, 'estrattiConto:readAll');
  const periodi = useMemo(() => periodiEstrattoRecenti(new Date()), []);
  const [periodo, setPeriodo] = useState(periodi.trimestri[0].key);
  const [scelto, setScelto] = useState<number | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const beneficiari = useBeneficiari(periodo, office);
  const ids = { periodo: useId(), beneficiario: useId() };

  const lista = beneficiari.data?.beneficiari ?? [];
  const beneficiarioId = office
    ? lista.some((b) => b.id === scelto)
      ? scelto
      : (lista[0]?.id ?? null)
    : userId;
  const selezionato = lista.find((b) => b.id === beneficiarioId);

  const run = async (what: Exclude<Pending, null>) => {
    if (pending != null) return;
    setPending(what);
    try {
      if (what === 'zip') await downloadEstrattiZip(periodo);
      else if (beneficiarioId != null) await downloadEstratto(beneficiarioId, periodo, what);
    } catch (error) {
      toast({
        title: m.downloadError,
        description: errorMessage(error, m.downloadError),
        variant: 'destructive',
      });
    } finally {
      setPending(null);
    }
  };

  // While a file is on its way the buttons say so and ignore presses, but stay enabled: a
  // disabled button would drop the keyboard's focus out of the dialog.
  const busy = pending != null ? { 'aria-disabled': true, className: 'opacity-50' } : {};

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{m.dialogTitle}</DialogTitle>
          <DialogDescription>{m.dialogDescription}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={ids.periodo}>{m.periodo}</Label>
            <select
              id={ids.periodo}
              className={SELECT}
              value={periodo}
              onChange={(e) => setPeriodo(e.target.value)}
            >
              <optgroup label={m.trimestri}>
                {periodi.trimestri.map((p) => (
                  <option key={p.key} value={p.key}>
                    {p.label}
                  </option>
                ))}
              </optgroup>
              <optgroup label={m.mesi}>
                {periodi.mesi.map((p) => (
                  <option key={p.key} value={p.key}>
                    {p.label}
                  </option>
                ))}
              </optgroup>
            </select>
          </div>
          {office && (
            <div className="grid gap-2">
              <Label htmlFor={ids.beneficiario}>{m.beneficiario}</Label>
              {beneficiari.isLoading ? (
                <Spinner />
              ) : beneficiari.isError ? (
                <p role="alert" className="text-sm text-destructive">
                  {fillMessage(m.loadError, { message: beneficiari.error.message })}
                </p>
              ) : lista.length === 0 ? (
                <p className="text-sm text-muted-foreground">{m.nessunBeneficiario}</p>
              ) : (
                <select
                  id={ids.beneficiario}
                  className={SELECT}
                  value={beneficiarioId ?? ''}
                  onChange={(e) => setScelto(Number(e.target.value))}
                >
                  {lista.map((b) => (
                    <option key={b.id} value={b.id}>
                      {`${b.lastName} ${b.firstName}`.trim()} · {ROLE_TITLES[b.ruolo]} ·{' '}
                      {formatEuro(b.totale)}
                    </option>
                  ))}
                </select>
              )}
              {selezionato && (
                <p className="text-sm text-muted-foreground" data-testid="estratto-totale">
                  {m.totali.totale}:{' '}
                  <strong className="tabular-nums">{formatEuro(selezionato.totale)}</strong> ·{' '}
                  {m.movimenti(selezionato.righe)}
                </p>
              )}
            </div>
          )}
        </div>
        <DialogFooter className="flex-wrap gap-2">
          {office && (
            <Button variant="outline" onClick={() => void run('zip')} {...busy}>
              <FileArchive aria-hidden />
              {pending === 'zip' ? m.scaricamento : m.scaricaTutti}
            </Button>
          )}
          <Button
            variant="outline"
            onClick={() => void run('xlsx')}
            disabled={beneficiarioId == null}
            {...busy}
          >
            <FileSpreadsheet aria-hidden />
            {pending === 'xlsx' ? m.scaricamento : m.scaricaXlsx}
          </Button>
          <Button onClick={() => void run('pdf')} disabled={beneficiarioId == null} {...busy}>
            <FileText aria-hidden />
            {pending === 'pdf' ? m.scaricamento : m.scaricaPdf}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
