import { useState } from 'react';
import { msg } from '#shared/messages.ts';
import { PageHeader } from '#client/components/ui/page-header.tsx';
import { EstrattoWizard } from '#client/backoffice/features/riconciliazioni/components/estratto-wizard.tsx';
import { RiconciliazioneDetail } from '#client/backoffice/features/riconciliazioni/components/riconciliazione-detail.tsx';
import { RiconciliazioniList } from '#client/backoffice/features/riconciliazioni/components/riconciliazioni-list.tsx';

/**
 * `/pagamenti-fornitori` (admin and amministrazione): a supplier's statement checked against what
 * our configuration expects (docs/product/fornitori-riconciliazione.md).
 */
export function PagamentiFornitoriRoute() {
  const [openId, setOpenId] = useState<number | null>(null);
  const [wizardKey, setWizardKey] = useState(0);
  const m = msg.riconciliazione;
  return (
    <>
      <PageHeader title={m.title} subtitle={m.subtitle} />
      {openId != null ? (
        <RiconciliazioneDetail id={openId} onBack={() => setOpenId(null)} />
      ) : (
        <div className="grid gap-4">
          <EstrattoWizard
            key={wizardKey}
            onConfirmed={(rec) => {
              setWizardKey((k) => k + 1);
              setOpenId(rec.id);
            }}
          />
          <RiconciliazioniList onOpen={setOpenId} />
        </div>
      )}
    </>
  );
}
