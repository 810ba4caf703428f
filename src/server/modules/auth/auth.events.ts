import type { FastifyRequest } from 'fastify';
import type { AuditTipo } from '#shared/domain.ts';
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import type { Actor } from '#server/lib/actor.ts';
import { recordAudit, type AuditWho } from '#server/modules/audit/audit.service.ts';

/**
 * Every security event of sign-in and credentials, in one place: each goes to the request log
 * (logAuthEvent: no personal data beyond the user id) and the credential changes also to the audit
 * log (docs/privacy.md#registro-delle-attività), by the service that makes them, inside its
 * transaction (recordCredentialChange). Sign-ins, failed sign-ins and sign-outs are audited by
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
const AUDITED = {
  'totp.enrolled': 'secondo_fattore_attivato',
  'totp.disabled': 'secondo_fattore_disattivato',
  'totp.reset_by_admin': 'secondo_fattore_azzerato',
  'totp.recovery_codes_regenerated': 'codici_recupero_rigenerati',
  'totp.recovery_code_used': 'codice_recupero_usato',
  'password.changed': 'password_modificata',
  'role_settings.changed': 'impostazioni_modificate',
} as const satisfies Partial<Record<AuthEvent['type'], AuditTipo>>;

/** A change of credentials or of the rule about them: each has its audit entry. */
type CredentialChange = Extract<AuthEvent, { type: keyof typeof AUDITED }>;

/** The request log line of an event (the user id, never a password or a code). */
export function logAuthEvent(request: FastifyRequest, event: AuthEvent): void {
  request.log.info({ authEvent: event, ip: request.ip }, `auth event ${event.type}`);
}

/**
 * The audit entry of a credential change, written by the service that makes the change with its
 * transaction (docs/architecture.md#strati): the change and its entry commit or fail together.
 * Returns the event, for the route's log line (logAuthEvent).
 */
export async function recordCredentialChange<E extends CredentialChange>(
  tx: DbExecutor,
  source: { who: AuditWho; ip: string },
  event: E,
): Promise<E> {
  const { type, ...dettagli } = event;
  await recordAudit(tx, {
    tipo: AUDITED[type],
    who: source.who,
    ip: source.ip,
    oggetto: 'userId' in event ? { tipo: 'utente', id: event.userId } : { tipo: 'ruolo', id: null },
    dettagli,
  });
  return event;
}

export type SignedIn = Pick<Actor, 'id' | 'email' | 'firstName' | 'lastName'>;

/** A sign-in completed: the log event and the audit entry 'accesso'. */
export async function recordSignIn(
  db: DbExecutor,
  request: FastifyRequest,
  user: SignedIn,
  secondFactor: 'none' | 'totp' | 'recovery' | 'enrolled',
): Promise<void> {
  logAuthEvent(request, { type: 'login.succeeded', userId: user.id, secondFactor });
  await recordAudit(db, { tipo: 'accesso', who: user, ip: request.ip });
}

/** A wrong password or code at sign-in: the log event and 'accesso_fallito' with the e-mail typed. */
export async function recordSignInFailure(
  db: DbExecutor,
  request: FastifyRequest,
  email: string,
  reason: 'password' | 'totp' | 'recovery',
): Promise<void> {
  logAuthEvent(request, { type: 'login.failed', reason });
  await recordAudit(db, { tipo: 'accesso_fallito', who: { email }, ip: request.ip });
}

/** A session ended by its user: 'uscita', for the user it belonged to (none: nothing to record). */
export async function recordSignOut(db: DbExecutor, request: FastifyRequest, userId: number | null) {
  const [user] = userId ? await db.select().from(users).where(eq(users.id, userId)) : [];
  if (user) await recordAudit(db, { tipo: 'uscita', who: user, ip: request.ip });
}
