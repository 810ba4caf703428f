import { useState } from 'react';
import { msg } from '#shared/messages.ts';
import type { User } from '#shared/schemas/utente.ts';
import { PageHeader } from '#client/components/ui/page-header.tsx';
import { SearchInput } from '#client/components/ui/search-input.tsx';
import { useAuth } from '#client/backoffice/features/auth/auth-context.tsx';
import {
  CreateUserDialog,
  EditUserDialog,
} from '#client/backoffice/features/utenti/components/user-dialogs.tsx';
import { DeleteUserDialog } from '#client/backoffice/features/utenti/components/delete-user-dialog.tsx';
import { RoleFilter } from '#client/backoffice/features/utenti/components/role-filter.tsx';
import { TotpRolesCard } from '#client/backoffice/features/auth/components/totp-roles-card.tsx';
import { UsersTable } from '#client/backoffice/features/utenti/components/users-table.tsx';
import { ProfiloFiscaleDialog } from '#client/backoffice/features/fisco/components/profilo-fiscale-dialog.tsx';
import { useDeleteUserFlow } from '#client/backoffice/features/utenti/hooks/use-delete-user-flow.ts';
import { UnlockSignInDialog } from '#client/backoffice/features/utenti/components/sign-in-lock.tsx';
import { useUnlockFlow } from '#client/backoffice/features/utenti/hooks/use-unlock-flow.ts';
import { useUtentiUrlFilters } from '#client/backoffice/features/utenti/hooks/use-utenti-url-filters.ts';
import { UtentiHeaderActions } from '#client/backoffice/features/utenti/components/utenti-header-actions.tsx';

/** `/utenti?role=…&search=…` (admin only): role filter and search in the URL, pages by cursor; create, edit, delete. */
export function UtentiRoute() {
  const { user: me } = useAuth();
  const { state, setState, text, setText } = useUtentiUrlFilters();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const del = useDeleteUserFlow();
  const unlock = useUnlockFlow();

  return (
    <>
      <PageHeader
        title={msg.utentiScreen.title}
        subtitle={msg.utentiScreen.subtitle}
        actions={<UtentiHeaderActions onCreate={() => setCreating(true)} />}
      />
      <div className="mb-4 grid gap-4 sm:grid-cols-2 sm:items-end lg:max-w-3xl">
        <SearchInput
          label={msg.user.searchLabel}
          placeholder={msg.user.searchPlaceholder}
          value={text}
          onChange={setText}
        />
        <RoleFilter value={state.role} onChange={(role) => setState({ role })} />
      </div>
      <UsersTable
        role={state.role}
        q={state.q}
        meId={me?.id}
        onEdit={setEditing}
        onDelete={del.ask}
        onUnlock={unlock.ask}
        profiloFiscale={(user, onOpenChange) => (
          <ProfiloFiscaleDialog user={user} onOpenChange={onOpenChange} />
        )}
      />
      {/* The list first, also on a phone; the second-factor settings after it (docs/product/screens.md#utenti). */}
      <div className="mt-8">
        <TotpRolesCard />
      </div>
      <CreateUserDialog open={creating} onOpenChange={setCreating} />
      <EditUserDialog user={editing} meId={me?.id} onOpenChange={(open) => !open && setEditing(null)} />
      <DeleteUserDialog flow={del} />
      <UnlockSignInDialog flow={unlock} />
    </>
  );
}
