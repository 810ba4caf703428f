import { Download, ShieldX } from 'lucide-react';
import { useState } from 'react';
import { fillMessage, msg } from '#shared/messages.ts';
import { ConfirmDialog } from '#client/components/ui/alert-dialog.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { formatDateTime } from '#client/lib/format.ts';
import { exportPersona, useEraseLead } from '#client/backoffice/features/privacy/api/privacy.ts';

const m = msg.privacy;

/**
 * The admin's privacy actions in the lead detail (docs/privacy.md): export everything held about
 * the person, erase it after a confirmation. An erased lead says when.
 */
export function LeadPrivacyActions({ leadId, erasedAt }: { leadId: number; erasedAt: string | null }) {
  const [confirming, setConfirming] = useState(false);
  const [exporting, setExporting] = useState(false);
  const erase = useEraseLead();

  const download = () => {
    setExporting(true);
    exportPersona(leadId)
      .catch((error: unknown) =>
        toast({ title: m.export.error, description: errorMessage(error, ''), variant: 'destructive' }),
      )
      .finally(() => setExporting(false));
  };

  const confirm = () =>
    erase.mutate(leadId, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: m.erase.success });
      },
      onError: (error) => {
        setConfirming(false);
        toast({ title: m.erase.error, description: errorMessage(error, ''), variant: 'destructive' });
      },
    });

  return (
    <section aria-labelledby="lead-privacy" className="grid gap-2 border-t pt-4">
      <h3 id="lead-privacy" className="font-semibold">
        {m.title}
      </h3>
      {erasedAt && (
        <p className="text-sm text-muted-foreground">
          {fillMessage(m.erase.erasedOn, { data: formatDateTime(erasedAt) })}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="outline" size="sm" onClick={download} disabled={exporting}>
          <Download aria-hidden />
          {m.export.button}
        </Button>
        {!erasedAt && (
          <Button variant="destructive" size="sm" onClick={() => setConfirming(true)}>
            <ShieldX aria-hidden />
            {m.erase.button}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={m.erase.title}
        description={m.erase.description}
        confirmLabel={m.erase.confirm}
        cancelLabel={m.erase.cancel}
        pending={erase.isPending}
        onConfirm={confirm}
      />
    </section>
  );
}
