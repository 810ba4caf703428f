import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { phoneSearchDigits } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import type {
  CreateUserInput,
  ListUsersQuery,
  User,
  UsersPage,
  updateRoleSchema,
  updateUserSchema,
} from '#shared/schemas/utente.ts';
import type { Role } from '#shared/permissions.ts';
import type { z } from 'zod';
import type { Database, DbExecutor } from '#server/db/client.ts';
import { containsPattern, isUniqueViolation, lowerTextContains } from '#server/db/sql-helpers.ts';
import { commissioni, puntiFisici, users, userTotp } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import { hashPassword } from '#server/lib/password.ts';
import type { Actor } from '#server/lib/actor.ts';
import { decodeCursor, keysetPage } from '#server/lib/keyset.ts';
import { boundedTotal } from '#server/modules/punti-fisici/contatori.ts';
import { endSessionsOf } from '#server/plugins/auth.ts';
import { recordAudit } from '#server/modules/audit/audit.service.ts';
import { areaManagerPeople } from '#server/modules/punti-fisici/scope.ts';
import { endOtherSessions, removeTotp } from '#server/modules/auth/totp.service.ts';
import { recordCredentialChange } from '#server/modules/auth/auth.events.ts';
import { liftSignInLock, signInLocks } from '#server/modules/auth/auth.service.ts';
import type { CounterStore } from '#server/plugins/rate-limit.ts';
import { getTelefonoAziendale } from '#server/modules/impostazioni/impostazioni.service.ts';
import {
  consulenteOf,
  selectPuntoConPersone,
  toPuntoConPersone,
} from '#server/modules/punti-fisici/persone.ts';

type UserRow = typeof users.$inferSelect;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    role: row.role,
    isActive: row.isActive,
    areaAssegnata: row.areaAssegnata,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Name and surname (either order), e-mail, or a phone typed with or without spaces. */
function usersSearch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const digits = phoneSearchDigits(q);
  return or(
    lowerTextContains(users.cerca, q),
    ilike(users.phone, containsPattern(q)),
    digits ? ilike(sql`regexp_replace(${users.phone}, '\\D', '', 'g')`, containsPattern(digits)) : undefined,
  );
}

/**
 * 'Gestione Utenti': one page, newest first (created_at, id: a stable order), of one role or all,
 * narrowed by the search box, after the cursor's (created_at, id)
 * (docs/architecture.md#liste-e-paginazione); the total is counted up to TOTAL_BOUND.
 */
export async function listUsers(
  db: Database,
  counters: CounterStore,
  query: ListUsersQuery,
): Promise<UsersPage> {
  const where = and(query.role ? eq(users.role, query.role) : undefined, usersSearch(query.q));
  const after = query.cursor ? decodeCursor(query.cursor, ['text', 'int']) : null;
  const [rows, total] = await Promise.all([
    db
      .select({ user: users, position: sql<string>`${users.createdAt}::text` })
      .from(users)
      .where(
        and(
          where,
          after
            ? sql`(${users.createdAt}, ${users.id}) < (${after[0]}::timestamptz, ${after[1]})`
            : undefined,
        ),
      )
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.pageSize + 1),
    boundedTotal(db, db.select({ id: users.id }).from(users).where(where)),
  ]);
  const page = keysetPage(rows, query.pageSize, (r) => [r.position, r.user.id]);
  const pageUsers = page.items.map((r) => r.user);
  const senzaTelefono = await consulentiSenzaTelefono(
    db,
    pageUsers.filter((r) => !r.phone?.trim()).map((r) => r.id),
  );
  const locks = await signInLocks(
    counters,
    pageUsers.map((r) => r.email),
  );
  return {
    items: pageUsers.map((r) => ({
      ...toUser(r),
      clienteSenzaTelefono: senzaTelefono.has(r.id),
      accessoBloccatoFino: locks.get(r.email.toLowerCase())?.toISOString() ?? null,
      datiCancellatiAt: r.datiCancellatiAt?.toISOString() ?? null,
    })),
    ...total,
    nextCursor: page.nextCursor,
  };
}

/**
 * Of these users (a page's, without a phone), those who are the consultant of an active point that
 * would give its customers no phone at all (docs/product/landing.md#consulente).
 */
async function consulentiSenzaTelefono(db: Database, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0 || (await getTelefonoAziendale(db))) return new Set();
  const rows = await selectPuntoConPersone(db, {}).where(
    and(
      eq(puntiFisici.isActive, true),
      or(
        inArray(puntiFisici.agenteId, ids),
        inArray(puntiFisici.areaManagerId, ids),
        inArray(puntiFisici.utenteResponsabileId, ids),
      ),
    ),
  );
  const out = new Set<number>();
  for (const row of rows) {
    const consulente = consulenteOf(toPuntoConPersone(row), null);
    if (consulente.telefono == null && consulente.persona) out.add(consulente.persona.id);
  }
  return out;
}

/**
 * The admin lifts a user's sign-in lock (docs/security.md#limiti-di-accesso), recorded in the
 * audit log. A user who is not locked stays as they are; the audit line is written all the same.
 */
export async function unlockSignIn(
  db: Database,
  counters: CounterStore,
  actor: Actor,
  id: number,
  ip: string,
): Promise<void> {
  const user = await findUser(db, id);
  await liftSignInLock(counters, user.email);
  await recordAudit(db, {
    tipo: 'accesso_sbloccato',
    who: actor,
    ip,
    oggetto: { tipo: 'utente', id },
    dettagli: { email: user.email },
  });
}

async function findUser(db: Database, id: number): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw AppError.notFound(msg.user.notFound);
  return row;
}

export async function createUser(
  db: Database,
  actor: Actor,
  input: CreateUserInput,
  ip: string,
): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone,
          role: input.role,
          passwordHash,
        })
        .returning();
      await recordAudit(tx, {
        tipo: 'utente_creato',
        who: actor,
        ip,
        oggetto: { tipo: 'utente', id: row.id },
        dettagli: { email: row.email, ruolo: row.role },
      });
      return toUser(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict(msg.user.emailTaken, 'EMAIL_TAKEN');
    throw error;
  }
}

export async function updateUser(
  db: Database,
  actor: Actor,
  id: number,
  input: z.output<typeof updateUserSchema>,
  ip: string,
  /** The session making the change: kept when the admin changes their own password. */
  actorSession: string | null = null,
): Promise<User> {
  const current = await findUser(db, id);
  if (id === actor.id && !input.isActive) throw AppError.conflict(msg.user.cannotDeactivateSelf);
  if (id === actor.id && input.role !== current.role) throw AppError.conflict(msg.user.cannotChangeOwnRole);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone,
          role: input.role,
          isActive: input.isActive,
          ...(passwordHash ? { passwordHash } : {}),
        })
        .where(eq(users.id, id))
        .returning();
      // Deactivation, a new password or a new role end open sessions at once.
      // See docs/product/roles-and-scope.md#utenti-e-sessioni
      // The admin's own password: their other sessions end, the one they are using stays.
      if (!input.isActive || passwordHash || input.role !== current.role)
        await endOtherSessions(tx, id, id === actor.id ? actorSession : null);
      await auditUserChanges(
        tx,
        actor,
        ip,
        current,
        { role: input.role, isActive: input.isActive },
        !!passwordHash,
      );
      return toUser(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict(msg.user.emailTaken, 'EMAIL_TAKEN');
    throw error;
  }
}

export async function updateUserRole(
  db: Database,
  actor: Actor,
  id: number,
  input: z.output<typeof updateRoleSchema>,
  ip: string,
): Promise<User> {
  const current = await findUser(db, id);
  if (id === actor.id && input.role !== current.role) throw AppError.conflict(msg.user.cannotChangeOwnRole);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ role: input.role, areaAssegnata: input.areaAssegnata })
      .where(eq(users.id, id))
      .returning();
    if (input.role !== current.role) await endSessionsOf(tx, id);
    await auditUserChanges(tx, actor, ip, current, { role: input.role, isActive: current.isActive }, false);
    return toUser(row);
  });
}

export async function deleteUser(db: Database, actor: Actor, id: number, ip: string): Promise<void> {
  const current = await findUser(db, id);
  if (id === actor.id) throw AppError.conflict(msg.user.cannotDeleteSelf);
  const [point] = await db
    .select({ id: puntiFisici.id })
    .from(puntiFisici)
    .where(
      or(
        eq(puntiFisici.utenteResponsabileId, id),
        eq(puntiFisici.agenteId, id),
        eq(puntiFisici.areaManagerId, id),
      ),
    )
    .limit(1);
  if (point) throw AppError.conflict(msg.user.referencedByPoint, 'USER_REFERENCED');
  const [payee] = await db
    .select({ id: commissioni.id })
    .from(commissioni)
    .where(
      or(
        eq(commissioni.payeePuntoFisicoId, id),
        eq(commissioni.payeeAgenteId, id),
        eq(commissioni.payeeAreaManagerId, id),
      ),
    )
    .limit(1);
  if (payee) throw AppError.conflict(msg.user.referencedByCommission, 'USER_REFERENCED');
  await db.transaction(async (tx) => {
    await tx.delete(users).where(eq(users.id, id));
    await recordAudit(tx, {
      tipo: 'utente_eliminato',
      who: actor,
      ip,
      oggetto: { tipo: 'utente', id },
      dettagli: { email: current.email, ruolo: current.role },
    });
  });
}

/** The audit events of a change to an account: role, activation, password (docs/privacy.md#registro-delle-attività). */
async function auditUserChanges(
  tx: DbExecutor,
  actor: Actor,
  ip: string,
  before: { id: number; email: string; role: Role; isActive: boolean },
  after: { role: Role; isActive: boolean },
  passwordChanged: boolean,
): Promise<void> {
  const base = { who: actor, ip, oggetto: { tipo: 'utente', id: before.id } };
  if (after.role !== before.role)
    await recordAudit(tx, {
      ...base,
      tipo: 'ruolo_modificato',
      dettagli: { email: before.email, da: before.role, a: after.role },
    });
  if (after.isActive !== before.isActive)
    await recordAudit(tx, {
      ...base,
      tipo: after.isActive ? 'utente_attivato' : 'utente_disattivato',
      dettagli: { email: before.email },
    });
  if (passwordChanged)
    await recordAudit(tx, { ...base, tipo: 'password_modificata', dettagli: { email: before.email } });
}

/** Person search of the point-of-sale dialogs: active people only, by name, surname or e-mail. */
export async function searchUsers(db: Database, actor: Actor, query: { q: string; role?: Role }) {
  if (query.q.length < 2) return [];
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
    })
    .from(users)
    .where(
      and(
        eq(users.isActive, true),
        query.role ? eq(users.role, query.role) : undefined,
        actor.role === 'admin' ? undefined : areaManagerPeople(actor),
        lowerTextContains(users.cerca, query.q),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName))
    .limit(20);
}

/**
 * The admin turns a user's second factor off (a lost phone and lost recovery codes): the user
 * signs in with the password again, or enrols anew if their role requires it. Their sessions end.
 */
/** The admin turns off a user's second factor (lost phone), with its audit entry; returns the event. */
export async function resetUserTotp(db: Database, actor: Actor, id: number, ip: string) {
  await findUser(db, id);
  const [row] = await db.select({ id: userTotp.userId }).from(userTotp).where(eq(userTotp.userId, id));
  if (!row) throw AppError.conflict(msg.totp.resetNotEnabled, 'TOTP_DISABLED');
  return db.transaction(async (tx) => {
    await removeTotp(tx, id, null);
    const event = { type: 'totp.reset_by_admin', userId: id, byUserId: actor.id } as const;
    return recordCredentialChange(tx, { who: actor, ip }, event);
  });
}
