import { FileDown, UserX } from 'lucide-react';
import { useState } from 'react';
import { fillMessage, msg } from '#shared/messages.ts';
import type { UsersPage } from '#shared/schemas/utente.ts';
import { ConfirmDialog } from '#client/components/ui/alert-dialog.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { displayNameOf } from '#client/lib/format.ts';
import { downloadDatiUtente, useEraseDatiUtente } from '#client/backoffice/features/utenti/api/utenti.ts';

const m = msg.user.datiPersonali;

/**
 * 'Esporta dati' and 'Cancella dati personali' of one staff member (docs/privacy.md#dati-dello-staff).
 * The erasure asks first; a refusal (still assigned to a point) stays in the dialog, saying why.
 */
export function DatiPersonaliActions({
  user,
  canErase,
}: {
  user: UsersPage['items'][number];
  canErase: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const erase = useEraseDatiUtente();
  const nome = displayNameOf(user);
  const esporta = () => {
    setExporting(true);
    downloadDatiUtente(user.id)
      .catch((e: unknown) => toast({ title: errorMessage(e, m.esportaError), variant: 'destructive' }))
      .finally(() => setExporting(false));
  };
  const confirm = () =>
    erase.mutate(user.id, {
      onSuccess: () => {
        setAsking(false);
        toast({ title: m.success });
      },
      onError: (e) => setError(errorMessage(e, m.error)),
    });
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={fillMessage(m.esportaOf, { nome })}
        title={m.esporta}
        disabled={exporting}
        onClick={esporta}
      >
        <FileDown aria-hidden />
      </Button>
      {canErase && !user.datiCancellatiAt && (
        <Button
          variant="ghost"
          size="icon"
          className="text-destructive"
          aria-label={fillMessage(m.cancellaOf, { nome })}
          title={m.cancella}
          onClick={() => {
            setError(null);
            setAsking(true);
          }}
        >
          <UserX aria-hidden />
        </Button>
      )}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={fillMessage(m.title, { nome })}
        description={
          <>
            {m.description}
            {error && (
              <span
                role="alert"
                className="mt-3 block rounded-md border border-destructive/40 bg-red-50 p-3 text-destructive"
              >
                {error}
              </span>
            )}
          </>
        }
        confirmLabel={m.confirm}
        cancelLabel={m.cancel}
        pending={erase.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
