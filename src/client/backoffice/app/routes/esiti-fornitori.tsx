import { msg } from '#shared/messages.ts';
import { PageHeader } from '#client/components/ui/page-header.tsx';
import { EsitiWizard } from '#client/backoffice/features/esiti-fornitori/components/esiti-wizard.tsx';

/** `/esiti-fornitori` (admin and amministrazione): a supplier's outcome file (docs/product/fornitori-esiti.md). */
export function EsitiFornitoriRoute() {
  return (
    <>
      <PageHeader title={msg.esitiFornitori.title} subtitle={msg.esitiFornitori.subtitle} />
      <EsitiWizard />
    </>
  );
}
