import { msg } from '#shared/messages.ts';
import { PageHeader } from '#client/components/ui/page-header.tsx';
import { ImportWizard } from '#client/backoffice/features/importazioni/components/import-wizard.tsx';

/** `/importa` (admin only): points and users from a spreadsheet (docs/product/importazione.md). */
export function ImportaRoute() {
  return (
    <>
      <PageHeader title={msg.importazione.title} subtitle={msg.importazione.subtitle} />
      <ImportWizard />
    </>
  );
}
