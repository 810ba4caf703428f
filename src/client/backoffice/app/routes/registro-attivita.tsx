import { useState } from 'react';
import { msg } from '#shared/messages.ts';
import type { AuditFilters } from '#client/backoffice/features/privacy/api/privacy.ts';
import { AuditLog, type AuditUserFilter } from '#client/backoffice/features/privacy/components/audit-log.tsx';
import { UserFilter } from '#client/backoffice/features/utenti/components/user-filter.tsx';
import { RegistroLayout } from '#client/backoffice/app/layout/registro-layout.tsx';

const m = msg.audit;
const userFilter: AuditUserFilter = (props) => <UserFilter {...props} />;

/** `/utenti/registro-attivita` (admin only): the audit log. See docs/privacy.md#registro-delle-attività */
export function RegistroAttivitaRoute() {
  const [filters, setFilters] = useState<AuditFilters>({});
  return (
    <RegistroLayout title={m.title} subtitle={m.subtitle} backLabel={m.back}>
      <AuditLog filters={filters} onChange={setFilters} userFilter={userFilter} />
    </RegistroLayout>
  );
}
