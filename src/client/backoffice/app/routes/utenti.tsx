import { Mail, Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { msg } from '#shared/messages.ts';
import { isRole, paths, ROLE_TITLES, ROLES, type Role } from '#shared/permissions.ts';
import type { User } from '#shared/schemas/utente.ts';
import { ConfirmDialog } from '#client/components/ui/alert-dialog.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { NativeSelect } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { PageHeader } from '#client/components/ui/page-header.tsx';
import { Skeleton } from '#client/components/ui/spinner.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#client/components/ui/table.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { displayNameOf, formatDate, initialsOf } from '#client/lib/format.ts';
import { useAuth } from '#client/backoffice/features/auth/auth-context.tsx';
import { useDeleteUser, useUsers } from '#client/backoffice/features/utenti/api/utenti.ts';
import {
  CreateUserDialog,
  EditUserDialog,
} from '#client/backoffice/features/utenti/components/user-dialogs.tsx';

const ROLE_BADGE: Record<Role, 'danger' | 'info' | 'warning' | 'success' | 'secondary'> = {
  admin: 'danger',
  amministrazione: 'info',
  area_manager: 'warning',
  agente: 'success',
  punto_fisico: 'secondary',
};

function UserActions({
  user,
  onEdit,
  onDelete,
  canDelete,
}: {
  user: User;
  onEdit: () => void;
  onDelete: () => void;
  canDelete: boolean;
}) {
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="icon" aria-label={`Modifica ${displayNameOf(user)}`} onClick={onEdit}>
        <Pencil aria-hidden />
      </Button>
      {canDelete && (
        <Button
          variant="ghost"
          size="icon"
          className="text-destructive"
          aria-label={`Elimina ${displayNameOf(user)}`}
          onClick={onDelete}
        >
          <Trash2 aria-hidden />
        </Button>
      )}
    </div>
  );
}

export function UtentiRoute() {
  const { user: me } = useAuth();
  const [role, setRole] = useState<Role | undefined>();
  const users = useUsers(role);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const remove = useDeleteUser();
  const filterId = useId();

  const askDelete = (u: User) => {
    setDeleteError(null);
    setDeleting(u);
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: 'Utente eliminato' });
        setDeleting(null);
      },
      onError: (error) => {
        // 409: referenced by a point or a commission. The dialog stays open and says why.
        const text = errorMessage(error, msg.user.deleteError);
        setDeleteError(text);
        toast({ title: msg.common.error, description: text, variant: 'destructive' });
      },
    });
  };

  return (
    <>
      <PageHeader
        title="Gestione Utenti"
        subtitle="Crea e gestisci gli account del sistema"
        actions={
          <>
            <Button variant="outline" asChild>
              <Link href={paths.registroEmail}>
                <Mail aria-hidden />
                {msg.notifiche.registro.button}
              </Link>
            </Button>
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden />
              Crea Utente
            </Button>
          </>
        }
      />
      <div className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-center">
        <Label htmlFor={filterId}>Filtra per ruolo</Label>
        <NativeSelect
          id={filterId}
          className="sm:w-64"
          value={role ?? ''}
          onChange={(e) => setRole(isRole(e.target.value) ? e.target.value : undefined)}
        >
          <option value="">Tutti i ruoli</option>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_TITLES[r]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Card>
        {users.isLoading ? (
          <div className="grid gap-3 p-5">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : users.error ? (
          <p role="alert" className="p-5 text-destructive">
            Errore nel caricamento degli utenti: {users.error.message}
          </p>
        ) : users.data?.length === 0 ? (
          <p className="p-8 text-center text-muted-foreground">Nessun utente trovato</p>
        ) : (
          <>
            {/* Phones: one card per user instead of a table to scroll sideways. */}
            <ul className="divide-y md:hidden">
              {users.data?.map((u) => (
                <li key={u.id} className="grid gap-2 p-4">
                  <div className="flex items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="font-medium">{displayNameOf(u)}</p>
                      <p className="text-sm [overflow-wrap:anywhere] text-muted-foreground">{u.email}</p>
                    </div>
                    <UserActions
                      user={u}
                      canDelete={u.id !== me?.id}
                      onEdit={() => setEditing(u)}
                      onDelete={() => askDelete(u)}
                    />
                  </div>
                  <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                    <Badge variant={ROLE_BADGE[u.role]}>{ROLE_TITLES[u.role]}</Badge>
                    <Badge variant={u.isActive ? 'success' : 'outline'}>
                      {u.isActive ? 'Attivo' : 'Disattivo'}
                    </Badge>
                    <span>Iscritto il {formatDate(u.createdAt)}</span>
                  </div>
                </li>
              ))}
            </ul>
            <Table className="hidden md:table">
              <TableHeader>
                <TableRow>
                  <TableHead>Utente</TableHead>
                  <TableHead>Email</TableHead>
                  <TableHead>Ruolo</TableHead>
                  <TableHead>Stato</TableHead>
                  <TableHead>Data iscrizione</TableHead>
                  <TableHead className="text-right">Azioni</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {users.data?.map((u) => (
                  <TableRow key={u.id} data-testid={`user-row-${u.id}`}>
                    <TableCell>
                      <div className="flex items-center gap-3">
                        <span
                          aria-hidden
                          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary"
                        >
                          {initialsOf(u)}
                        </span>
                        <div className="min-w-0">
                          <p className="font-medium">{displayNameOf(u)}</p>
                          {u.phone && <p className="text-xs text-muted-foreground">{u.phone}</p>}
                        </div>
                      </div>
                    </TableCell>
                    <TableCell className="break-all">{u.email}</TableCell>
                    <TableCell>
                      <Badge variant={ROLE_BADGE[u.role]}>{ROLE_TITLES[u.role]}</Badge>
                    </TableCell>
                    <TableCell>
                      <Badge variant={u.isActive ? 'success' : 'outline'}>
                        {u.isActive ? 'Attivo' : 'Disattivo'}
                      </Badge>
                    </TableCell>
                    <TableCell>{formatDate(u.createdAt)}</TableCell>
                    <TableCell>
                      <UserActions
                        user={u}
                        canDelete={u.id !== me?.id}
                        onEdit={() => setEditing(u)}
                        onDelete={() => askDelete(u)}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </Card>

      <CreateUserDialog open={creating} onOpenChange={setCreating} />
      <EditUserDialog user={editing} onOpenChange={(open) => !open && setEditing(null)} />
      <ConfirmDialog
        open={deleting != null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Eliminare l'utente?"
        description={
          <>
            {deleting
              ? `${displayNameOf(deleting)} (${deleting.email}) verrà eliminato definitivamente.`
              : ''}
            {deleteError && (
              <span
                role="alert"
                className="mt-3 block rounded-md border border-destructive/40 bg-red-50 p-3 text-destructive"
              >
                {deleteError}
              </span>
            )}
          </>
        }
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
