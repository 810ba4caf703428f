import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { msg } from '#shared/messages.ts';
import { paths, ROLE_TITLES, type Role } from '#shared/permissions.ts';
import type { Database, DbExecutor } from '#server/db/client.ts';
import { invitiPassword, users } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Actor } from '#server/lib/actor.ts';
import { hashPassword } from '#server/lib/password.ts';
import { endSessionsOf } from '#server/plugins/auth.ts';
import { recordAudit } from '#server/modules/audit/audit.service.ts';
import { enqueueEmails } from '#server/modules/notifiche/outbox.ts';
import { renderEmail } from '#server/modules/notifiche/templates.ts';

/**
 * Password invitations (docs/product/importazione.md#inviti): an imported user has no password
 * and gets an e-mail with a link to set one; an admin sends a new one to a user who lost access.
 * The link carries a random token in its fragment (never sent to a server log); the database keeps
 * only its SHA-256. Valid 72 hours, used once; a new invitation voids the earlier ones.
 */

const m = msg.invito;
export const INVITO_VALIDITA_MS = 72 * 60 * 60 * 1000;

/**
 * The stored "hash" of a user who has not chosen a password yet: not an scrypt hash, so no
 * password ever matches it (verifyPassword refuses anything but scrypt).
 */
export const NESSUNA_PASSWORD = 'invito$';

const sha256 = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface InvitoContext {
  publicBaseUrl: string;
  now: Date;
}

export function invitoLink(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}${paths.impostaPassword}#${token}`;
}

/** Writes the invitations and their e-mails on the caller's transaction (the user's own). */
export async function createInvitations(
  tx: DbExecutor,
  people: { id: number; email: string; firstName: string; role: Role }[],
  ctx: InvitoContext,
): Promise<void> {
  if (people.length === 0) return;
  const issued = people.map((p) => ({ person: p, token: randomBytes(32).toString('base64url') }));
  await tx.insert(invitiPassword).values(
    issued.map(({ person, token }) => ({
      tokenHash: sha256(token),
      userId: person.id,
      createdAt: ctx.now,
      expiresAt: new Date(ctx.now.getTime() + INVITO_VALIDITA_MS),
    })),
  );
  await enqueueEmails(
    tx,
    issued.map(({ person, token }) => ({
      tipo: 'utente_invito' as const,
      destinatario: person.email,
      userId: person.id,
      dedupeKey: `utente_invito:${sha256(token)}`,
      ...renderEmail({
        oggetto: m.emailOggetto,
        anteprima: m.emailAnteprima,
        blocks: [
          { kind: 'p', text: [m.emailSaluto(person.firstName)] },
          { kind: 'p', text: [m.emailTesto(ROLE_TITLES[person.role])] },
          { kind: 'button', text: m.emailPulsante, href: invitoLink(ctx.publicBaseUrl, token) },
          { kind: 'p', text: [m.emailScadenza] },
        ],
        footer: [m.emailFooter],
      }),
    })),
    ctx.now,
  );
}

/** 'Invia invito' in Utenti: a new link for a user who lost access; the earlier links stop working. */
export async function sendInvitation(
  db: Database,
  actor: Actor,
  userId: number,
  ctx: InvitoContext,
  ip: string,
): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw AppError.notFound(msg.user.notFound);
  if (!user.isActive) throw AppError.conflict(m.inactive);
  await db.transaction(async (tx) => {
    await voidInvitations(tx, userId, ctx.now);
    await createInvitations(tx, [user], ctx);
    await recordAudit(tx, {
      tipo: 'invito_inviato',
      who: actor,
      ip,
      oggetto: { tipo: 'utente', id: userId },
      dettagli: { email: user.email },
    });
  });
}

async function voidInvitations(tx: DbExecutor, userId: number, now: Date) {
  await tx
    .update(invitiPassword)
    .set({ usedAt: now })
    .where(and(eq(invitiPassword.userId, userId), isNull(invitiPassword.usedAt)));
}

/** The set-password page: a valid token sets the password once; the user's sessions end. */
export async function setPasswordWithInvitation(
  db: Database,
  input: { token: string; password: string },
  now: Date,
  ip: string,
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const [invito] = await tx
      .select({ userId: invitiPassword.userId, email: users.email, isActive: users.isActive })
      .from(invitiPassword)
      .innerJoin(users, eq(users.id, invitiPassword.userId))
      .where(
        and(
          eq(invitiPassword.tokenHash, sha256(input.token)),
          isNull(invitiPassword.usedAt),
          gt(invitiPassword.expiresAt, now),
        ),
      )
      .for('update');
    if (!invito?.isActive) throw AppError.badRequest(m.invalid, 'INVALID_CODE');
    await tx.update(users).set({ passwordHash }).where(eq(users.id, invito.userId));
    await voidInvitations(tx, invito.userId, now);
    await endSessionsOf(tx, invito.userId);
    await recordAudit(tx, {
      tipo: 'password_impostata',
      who: { email: invito.email },
      ip,
      oggetto: { tipo: 'utente', id: invito.userId },
    });
  });
}
