import { msg } from '#shared/messages.ts';
import { RegistroLayout } from '#client/backoffice/app/layout/registro-layout.tsx';
import { RiepiloghiFiscali } from '#client/backoffice/features/fisco/components/riepiloghi-fiscali.tsx';

const m = msg.fisco.riepiloghi;

/** `/utenti/riepiloghi-fiscali` (admin only): Enasarco by quarter, ritenute by month. See docs/product/commissions.md#riepiloghi-per-ladmin */
export function RiepiloghiFiscaliRoute() {
  return (
    <RegistroLayout title={m.pageTitle} subtitle={m.subtitle} backLabel={msg.audit.back}>
      <RiepiloghiFiscali />
    </RegistroLayout>
  );
}
