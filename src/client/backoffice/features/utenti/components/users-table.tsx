import { Landmark, LockOpen, Pencil, Send, Trash2 } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { BENEFICIARIO_RUOLI } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import { ROLE_TITLES, type Role } from '#shared/permissions.ts';
import type { User, UsersPage } from '#shared/schemas/utente.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { TelefonoMancante } from '#client/components/telefono-mancante.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { ErrorState } from '#client/components/ui/error-state.tsx';
import { CursorPagination } from '#client/components/ui/pagination.tsx';
import { Skeleton } from '#client/components/ui/spinner.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#client/components/ui/table.tsx';
import { displayNameOf, formatDate, initialsOf } from '#client/lib/format.ts';
import { describeTotal, pageCount } from '#client/lib/page-total.ts';
import { useCursorPages } from '#client/lib/cursor-pages.ts';
import { USERS_PAGE_SIZE } from '#client/backoffice/features/utenti/api/queries.ts';
import { useSendInvitation, useUsers } from '#client/backoffice/features/utenti/api/utenti.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { toast } from '#client/components/ui/toast-store.ts';
import { formatPhone } from '#shared/phone.ts';
import { EmailText } from '#client/components/ui/breakable-text.tsx';
import { SignInLockBadge } from '#client/backoffice/features/utenti/components/sign-in-lock.tsx';
import { DatiPersonaliActions } from '#client/backoffice/features/utenti/components/dati-personali-actions.tsx';

type ListedUser = UsersPage['items'][number];
type ProfiloFiscaleSlot = (user: ListedUser, onOpenChange: (open: boolean) => void) => ReactNode;

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
  onUnlock,
  canDelete,
  profiloFiscale,
}: {
  user: ListedUser;
  onEdit: () => void;
  onDelete: () => void;
  onUnlock: () => void;
  canDelete: boolean;
  profiloFiscale: ProfiloFiscaleSlot;
}) {
  const invite = useSendInvitation();
  // The fiscal profile of a payee (docs/product/commissions.md#profilo-fiscale): its dialog lives with the row.
  const [fiscale, setFiscale] = useState(false);
  const isPayee = (BENEFICIARIO_RUOLI as readonly string[]).includes(user.role);
  // A new 'Imposta la tua password' link for a user who lost access (docs/product/importazione.md#inviti).
  const sendInvite = () =>
    invite
      .mutateAsync(user.id)
      .then(() => toast({ title: msg.invito.sent(user.email) }))
      .catch((error: unknown) =>
        toast({ title: errorMessage(error, msg.invito.sendError), variant: 'destructive' }),
      );
  return (
    <div className="flex flex-wrap justify-end gap-1">
      {user.isActive && (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`${msg.invito.send}: ${displayNameOf(user)}`}
          title={msg.invito.send}
          disabled={invite.isPending}
          onClick={() => void sendInvite()}
        >
          <Send aria-hidden />
        </Button>
      )}
      {user.accessoBloccatoFino && (
        <Button
          variant="ghost"
          size="icon"
          aria-label={msg.user.lock.actionFor(displayNameOf(user))}
          title={msg.user.lock.action}
          onClick={onUnlock}
        >
          <LockOpen aria-hidden />
        </Button>
      )}
      {isPayee && (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`${msg.fisco.profilo.pulsante}: ${displayNameOf(user)}`}
          title={msg.fisco.profilo.pulsante}
          onClick={() => setFiscale(true)}
        >
          <Landmark aria-hidden />
        </Button>
      )}
      {fiscale && profiloFiscale(user, setFiscale)}
      <DatiPersonaliActions user={user} canErase={canDelete} />
      <Button
        variant="ghost"
        size="icon"
        aria-label={msg.utentiScreen.edit(displayNameOf(user))}
        onClick={onEdit}
      >
        <Pencil aria-hidden />
      </Button>
      {canDelete && (
        <Button
          variant="ghost"
          size="icon"
          className="text-destructive"
          aria-label={msg.utentiScreen.remove(displayNameOf(user))}
          onClick={onDelete}
        >
          <Trash2 aria-hidden />
        </Button>
      )}
    </div>
  );
}

/**
 * One page of the users of one role (or all) matching the search: the count line, cards on
 * phones, a table from medium screens, the pager. Nobody deletes themselves.
 */
export function UsersTable(props: {
  role: Role | undefined;
  q: string;
  meId: number | undefined;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
  onUnlock: (user: ListedUser) => void;
  /** The fiscal profile's dialog (the fisco feature), composed by the screen. */
  profiloFiscale: ProfiloFiscaleSlot;
}) {
  const { role, q, meId, onEdit, onDelete, onUnlock, profiloFiscale } = props;
  // Pages by cursor (docs/architecture.md#liste-e-paginazione); a new role or search starts again.
  const pager = useCursorPages(JSON.stringify([role, q]));
  const users = useUsers({ role, q, cursor: pager.cursor });
  const { pages, atLeast } = users.data
    ? pageCount(users.data, USERS_PAGE_SIZE, pager.page, users.data.items.length)
    : { pages: 1, atLeast: false };
  // A page emptied (its last user deleted): the one before instead.
  const data = users.isPlaceholderData ? undefined : users.data;
  const emptied = data != null && data.items.length === 0 && pager.page > 1;
  const { previous } = pager;
  useEffect(() => {
    if (emptied) previous();
  }, [emptied, previous]);
  return (
    <>
      <p className="mb-2 text-sm text-muted-foreground" aria-live="polite" data-testid="users-count">
        {users.data ? describeTotal(users.data, msg.user.listCount.one, msg.user.listCount.many) : ''}
      </p>
      <Card aria-busy={users.isPlaceholderData || undefined}>
        {users.isLoading ? (
          <div className="grid gap-3 p-5">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : users.isError ? (
          <ErrorState
            className="m-4"
            message={`${msg.user.loadError}: ${users.error.message}`}
            onRetry={() => void users.refetch()}
            isRetrying={users.isFetching}
          />
        ) : users.data?.total === 0 ? (
          <div className="grid gap-1 p-8 text-center" data-testid="users-empty">
            <p className="font-medium">{msg.user.emptySearch}</p>
            {q && <p className="text-sm text-muted-foreground">{msg.user.emptySearchHint}</p>}
          </div>
        ) : (
          <>
            {/* Phones: one card per user instead of a table to scroll sideways. */}
            <ul className="divide-y md:hidden">
              {users.data?.items.map((u) => (
                <li key={u.id} className="grid gap-2 p-4">
                  <div className="flex items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="font-medium">{displayNameOf(u)}</p>
                      <p className="text-sm text-muted-foreground">
                        <EmailText email={u.email} />
                      </p>
                      {u.clienteSenzaTelefono && <TelefonoMancante className="mt-1" />}
                    </div>
                    <UserActions
                      user={u}
                      canDelete={u.id !== meId}
                      onEdit={() => onEdit(u)}
                      onDelete={() => onDelete(u)}
                      onUnlock={() => onUnlock(u)}
                      profiloFiscale={profiloFiscale}
                    />
                  </div>
                  <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                    <Badge variant={ROLE_BADGE[u.role]}>{ROLE_TITLES[u.role]}</Badge>
                    <Badge variant={u.isActive ? 'success' : 'outline'}>
                      {u.isActive ? msg.utentiScreen.active : msg.utentiScreen.inactive}
                    </Badge>
                    <span>{msg.utentiScreen.joined(formatDate(u.createdAt))}</span>
                    {u.accessoBloccatoFino && <SignInLockBadge until={u.accessoBloccatoFino} />}
                    {u.datiCancellatiAt && (
                      <Badge variant="outline">{msg.user.datiPersonali.cancellatiBadge}</Badge>
                    )}
                  </div>
                </li>
              ))}
            </ul>
            <Table className="hidden md:table">
              <TableHeader>
                <TableRow>
                  <TableHead>{msg.utentiScreen.columns.utente}</TableHead>
                  <TableHead>{msg.utentiScreen.columns.email}</TableHead>
                  <TableHead>{msg.utentiScreen.columns.ruolo}</TableHead>
                  <TableHead>{msg.utentiScreen.columns.stato}</TableHead>
                  <TableHead>{msg.utentiScreen.columns.iscrizione}</TableHead>
                  <TableHead className="text-right">{msg.utentiScreen.columns.azioni}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {users.data?.items.map((u) => (
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
                          {u.phone && <p className="text-xs text-muted-foreground">{formatPhone(u.phone)}</p>}
                          {u.clienteSenzaTelefono && <TelefonoMancante className="mt-0.5" />}
                        </div>
                      </div>
                    </TableCell>
                    <TableCell>
                      <EmailText email={u.email} />
                    </TableCell>
                    <TableCell>
                      <Badge variant={ROLE_BADGE[u.role]}>{ROLE_TITLES[u.role]}</Badge>
                    </TableCell>
                    <TableCell>
                      <div className="flex flex-wrap items-center gap-1">
                        <Badge variant={u.isActive ? 'success' : 'outline'}>
                          {u.isActive ? msg.utentiScreen.active : msg.utentiScreen.inactive}
                        </Badge>
                        {u.accessoBloccatoFino && <SignInLockBadge until={u.accessoBloccatoFino} />}
                        {u.datiCancellatiAt && (
                          <Badge variant="outline">{msg.user.datiPersonali.cancellatiBadge}</Badge>
                        )}
                      </div>
                    </TableCell>
                    <TableCell>{formatDate(u.createdAt)}</TableCell>
                    <TableCell>
                      <UserActions
                        user={u}
                        canDelete={u.id !== meId}
                        onEdit={() => onEdit(u)}
                        onDelete={() => onDelete(u)}
                        onUnlock={() => onUnlock(u)}
                        profiloFiscale={profiloFiscale}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </Card>
      <CursorPagination
        page={pager.page}
        pages={pages}
        atLeast={atLeast}
        nextCursor={data?.nextCursor ?? null}
        onNext={pager.next}
        onPrevious={pager.previous}
        className="mt-4"
      />
    </>
  );
}
