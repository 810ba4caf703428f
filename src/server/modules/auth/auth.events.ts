import type { FastifyRequest } from 'fastify';
import type { AuditTipo } from '#shared/domain.ts';
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import type { Actor } from '#server/lib/actor.ts';
import { recordAudit, type AuditWho } from '#server/modules/audit/audit.service.ts';

/**
 * Every security event of sign-in and credentials, raised in one place: each goes to the request
 * log (no personal data beyond the user id) and the credential changes also to the audit log
 * (docs/privacy.md#registro-delle-attività). Sign-ins, failed sign-ins and sign-outs are audited by
 * recordSignIn, recordSignInFailure and recordSignOut below (the failure with the e-mail typed).
 */
export type AuthEvent =
  | { type: 'login.succeeded'; userId: number; secondFactor: 'none' | 'totp' | 'recovery' | 'enrolled' }
  | { type: 'login.failed'; reason: 'password' | 'totp' | 'recovery' | 'challenge' }
  | { type: 'login.second_factor_required'; userId: number; kind: 'totp' | 'enrol' }
  | { type: 'totp.enrolled'; userId: number; otherSessionsEnded: number }
  | { type: 'totp.disabled'; userId: number; otherSessionsEnded: number }
  | { type: 'totp.reset_by_admin'; userId: number; byUserId: number }
  | { type: 'totp.recovery_codes_regenerated'; userId: number; otherSessionsEnded: number }
  | { type: 'totp.recovery_code_used'; userId: number; left: number }
  | { type: 'password.changed'; userId: number; otherSessionsEnded: number }
  | {
      type: 'role_settings.changed';
      role: string;
      totpRequired: boolean;
      byUserId: number;
      sessionsEnded: number;
    };

/** The audit type of each credential change; sign-in events are not in this table. */
const AUDITED: Partial<Record<AuthEvent['type'], AuditTipo>> = {
  'totp.enrolled': 'secondo_fattore_attivato',
  'totp.disabled': 'secondo_fattore_disattivato',
  'totp.reset_by_admin': 'secondo_fattore_azzerato',
  'totp.recovery_codes_regenerated': 'codici_recupero_rigenerati',
  'totp.recovery_code_used': 'codice_recupero_usato',
  'password.changed': 'password_modificata',
  'role_settings.changed': 'impostazioni_modificate',
};

export async function recordAuthEvent(
  db: DbExecutor,
  request: FastifyRequest,
  event: AuthEvent,
  /** Who acted, when not yet signed in (a recovery code used at sign-in). */
  who: AuditWho = request.actor,
): Promise<void> {
  request.log.info({ authEvent: event, ip: request.ip }, `auth event ${event.type}`);
  const tipo = AUDITED[event.type];
  if (!tipo) return;
  const { type: _type, ...dettagli } = event;
  await recordAudit(db, {
    tipo,
    who,
    ip: request.ip,
    oggetto: 'userId' in event ? { tipo: 'utente', id: event.userId } : { tipo: 'ruolo', id: null },
    dettagli,
  });
}

type SignedIn = Pick<Actor, 'id' | 'email' | 'firstName' | 'lastName'>;

/** A sign-in completed: the log event and the audit entry 'accesso'. */
export async function recordSignIn(
  db: DbExecutor,
  request: FastifyRequest,
  user: SignedIn,
  secondFactor: 'none' | 'totp' | 'recovery' | 'enrolled',
): Promise<void> {
  await recordAuthEvent(db, request, { type: 'login.succeeded', userId: user.id, secondFactor });
  await recordAudit(db, { tipo: 'accesso', who: user, ip: request.ip });
}

/** A wrong password or code at sign-in: the log event and 'accesso_fallito' with the e-mail typed. */
export async function recordSignInFailure(
  db: DbExecutor,
  request: FastifyRequest,
  email: string,
  reason: 'password' | 'totp' | 'recovery',
): Promise<void> {
  await recordAuthEvent(db, request, { type: 'login.failed', reason });
  await recordAudit(db, { tipo: 'accesso_fallito', who: { email }, ip: request.ip });
}

/** A session ended by its user: 'uscita', for the user it belonged to (none: nothing to record). */
export async function recordSignOut(db: DbExecutor, request: FastifyRequest, userId: number | null) {
  const [user] = userId ? await db.select().from(users).where(eq(users.id, userId)) : [];
  if (user) await recordAudit(db, { tipo: 'uscita', who: user, ip: request.ip });
}
