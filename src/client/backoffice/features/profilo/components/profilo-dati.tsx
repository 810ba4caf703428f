import { useId } from 'react';
import { msg } from '#shared/messages.ts';
import { ROLE_TITLES } from '#shared/permissions.ts';
import type { User } from '#shared/schemas/utente.ts';
import { Card, CardContent, CardHeader } from '#client/components/ui/card.tsx';
import { formatPhone } from '#shared/phone.ts';

const m = msg.profilo;

/** The user's own data, read only: the admin changes them from Utenti. */
export function ProfiloDati({ user }: { user: User }) {
  const titleId = useId();
  const rows: Array<[string, string]> = [
    [m.nome, `${user.firstName} ${user.lastName}`.trim()],
    [m.email, user.email],
    [m.telefono, user.phone ? formatPhone(user.phone) : m.nessunTelefono],
    [m.ruolo, ROLE_TITLES[user.role]],
  ];
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <h2 id={titleId} className="text-lg leading-tight font-semibold">
          {m.datiTitle}
        </h2>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 sm:grid-cols-[10rem_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="grid gap-0.5 sm:contents">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="font-medium break-words">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
