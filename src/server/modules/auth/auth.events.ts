import type { FastifyRequest } from 'fastify';

/**
 * Every security event of sign-in and credentials, raised in one place. Today they go to the
 * request log (no personal data beyond the user id); the audit log hooks in here, in
 * `recordAuthEvent`, without touching the routes.
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

export function recordAuthEvent(request: FastifyRequest, event: AuthEvent): void {
  request.log.info({ authEvent: event, ip: request.ip }, `auth event ${event.type}`);
}
