import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { msg } from '#shared/messages.ts';
import { paths } from '#shared/permissions.ts';
import { Button } from '#client/components/ui/button.tsx';
import { PageHeader } from '#client/components/ui/page-header.tsx';
import type { AuditFilters } from '#client/backoffice/features/privacy/api/privacy.ts';
import { AuditLog } from '#client/backoffice/features/privacy/components/audit-log.tsx';

const m = msg.audit;

/** `/utenti/registro-attivita` (admin only): the audit log. See docs/privacy.md#registro-delle-attività */
export function RegistroAttivitaRoute() {
  const [filters, setFilters] = useState<AuditFilters>({});
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
      <AuditLog filters={filters} onChange={setFilters} />
    </>
  );
}
