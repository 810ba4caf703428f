import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { msg } from '#shared/messages.ts';
import { ROLE_TITLES, type Role } from '#shared/permissions.ts';
import type { RoleSecurity } from '#shared/schemas/totp.ts';
import { Card, CardContent, CardHeader } from '#client/components/ui/card.tsx';
import { Skeleton } from '#client/components/ui/spinner.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { totpQueries, useSetRoleSecurity } from '#client/backoffice/features/auth/api/totp.ts';

const m = msg.totp;

/** The admin's per-role rule on the Utenti screen: "Richiedi il secondo fattore". */
export function TotpRolesCard() {
  const titleId = useId();
  const roles = useQuery(totpQueries.roles());
  return (
    <Card role="region" aria-labelledby={titleId} className="mb-6">
      <CardHeader>
        <h2 id={titleId} className="text-lg leading-tight font-semibold">
          {m.rolesTitle}
        </h2>
        <p className="text-sm text-muted-foreground">{m.rolesText}</p>
      </CardHeader>
      <CardContent>
        {roles.isPending ? (
          <Skeleton className="h-20" />
        ) : roles.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(roles.error, m.loadError)}
          </p>
        ) : (
          <ul className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
            {roles.data.map((r) => (
              <RoleRow key={r.role} setting={r} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function RoleRow({ setting }: { setting: RoleSecurity }) {
  const labelId = useId();
  const save = useSetRoleSecurity();
  const checked = save.isPending ? !setting.totpRequired : setting.totpRequired;
  const toggle = (role: Role) =>
    save.mutate(
      { role, totpRequired: !setting.totpRequired },
      {
        onSuccess: (r) =>
          toast({
            title: r.totpRequired && r.sessionsEnded > 0 ? m.roleSavedRequired : m.roleSaved,
            description: `${ROLE_TITLES[role]}: ${r.totpRequired ? m.requireFor : m.statusOff}`,
          }),
        onError: (error) =>
          toast({ title: m.roleSaveError, description: errorMessage(error, ''), variant: 'destructive' }),
      },
    );
  return (
    <li className="flex items-center justify-between gap-4 rounded-md border p-3">
      <span id={labelId} className="grid">
        <span className="font-medium">{ROLE_TITLES[setting.role]}</span>
        <span className="text-sm text-muted-foreground">{m.requireFor}</span>
      </span>
      <Switch
        checked={checked}
        aria-labelledby={labelId}
        disabled={save.isPending}
        onClick={() => toggle(setting.role)}
      />
    </li>
  );
}
