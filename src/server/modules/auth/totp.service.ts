import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { and, eq, inArray, isNull, lt, ne, notExists, or, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import type QRCodeModule from 'qrcode';
import { msg } from '#shared/messages.ts';
import type { Role } from '#shared/permissions.ts';
import { ROLES } from '#shared/permissions.ts';
import {
  RECOVERY_CODE_COUNT,
  type RoleSecurity,
  type TotpEnrolment,
  type TotpStatus,
} from '#shared/schemas/totp.ts';
import type { Database, DbExecutor } from '#server/db/client.ts';
import {
  loginChallenges,
  roleSettings,
  sessions,
  totpRecoveryCodes,
  userTotp,
  users,
} from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import { lazyRequire } from '#server/lib/lazy-require.ts';
import type { SecretBox } from '#server/lib/secret-box.ts';
import type { Actor } from '#server/lib/actor.ts';
import { recordCredentialChange, type SignedIn } from '#server/modules/auth/auth.events.ts';

// See docs/security.md#verifica-in-due-passaggi for the rules this file implements.

const qrcode = lazyRequire<typeof QRCodeModule>('qrcode');
const ISSUER = 'WINSOLUTION';
const PERIOD_S = 30;
/** One step either side of now: a phone whose clock is up to ~30 s off still works. */
const DRIFT_S = PERIOD_S;
/** How long the second step of a sign-in may wait after the password. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Wrong codes per challenge; then the password must be typed again. */
export const CHALLENGE_MAX_ATTEMPTS = 5;
/** Unambiguous lower-case letters and digits for recovery codes (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export interface TotpDeps {
  db: Database;
  box: SecretBox;
  /** HMAC key of the challenge tokens (the session secret). */
  sessionSecret: string;
}

const nowS = () => Math.floor(Date.now() / 1000);

export function hashRecoveryCode(normalised: string): string {
  return createHash('sha256').update(`totp-recovery:${normalised}`).digest('base64url');
}

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let code = '';
    for (let i = 0; i < 10; i += 1) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** Replaces the user's recovery codes with ten new ones; returns them in clear, the only time they exist so. */
async function replaceRecoveryCodes(tx: DbExecutor, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  await tx
    .insert(totpRecoveryCodes)
    .values(codes.map((c) => ({ userId, codeHash: hashRecoveryCode(c.replace('-', '')) })));
  return codes;
}

/** Ends every session of the user but `keep` (the one making the change); returns how many ended. */
export async function endOtherSessions(tx: DbExecutor, userId: number, keep: string | null): Promise<number> {
  const ended = await tx
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keep ? ne(sessions.id, keep) : undefined))
    .returning({ id: sessions.id });
  return ended.length;
}

export async function isTotpRequired(db: DbExecutor, role: Role): Promise<boolean> {
  const [row] = await db
    .select({ required: roleSettings.totpRequired })
    .from(roleSettings)
    .where(eq(roleSettings.role, role));
  return row?.required ?? false;
}

async function confirmedTotp(db: DbExecutor, userId: number) {
  const [row] = await db
    .select()
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), sql`${userTotp.confirmedAt} is not null`));
  return row ?? null;
}

/** Which second step a user whose password was right still owes: none, a code, or an enrolment. */
export async function secondFactorDue(db: Database, user: { id: number; role: Role }) {
  if (await confirmedTotp(db, user.id)) return 'totp' as const;
  if (await isTotpRequired(db, user.role)) return 'enrol' as const;
  return null;
}

/**
 * Checks a six-digit code against the user's secret at now ± one step and, when right, records
 * its step in the same statement that checks it was not used: a code (or an older one) is
 * accepted once, even by two requests at the same moment.
 */
async function acceptCode(
  db: DbExecutor,
  box: SecretBox,
  row: { userId: number; secretEncrypted: string; lastStep: number | null },
  code: string,
): Promise<boolean> {
  const secret = box.open(row.secretEncrypted);
  if (!secret) return false;
  const result = await verify({
    secret,
    token: code,
    period: PERIOD_S,
    epoch: nowS(),
    epochTolerance: DRIFT_S,
    ...(row.lastStep != null ? { afterTimeStep: row.lastStep } : {}),
  });
  if (!result.valid || !('timeStep' in result)) return false;
  const step = result.timeStep;
  const updated = await db
    .update(userTotp)
    .set({ lastStep: step })
    .where(and(eq(userTotp.userId, row.userId), or(isNull(userTotp.lastStep), lt(userTotp.lastStep, step))))
    .returning({ userId: userTotp.userId });
  return updated.length === 1;
}

/** Spends one unused recovery code; returns how many are left, or null when it was not valid. */
async function spendRecoveryCode(db: DbExecutor, userId: number, normalised: string): Promise<number | null> {
  const spent = await db
    .update(totpRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(totpRecoveryCodes.userId, userId),
        eq(totpRecoveryCodes.codeHash, hashRecoveryCode(normalised)),
        isNull(totpRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: totpRecoveryCodes.id });
  if (spent.length !== 1) return null;
  return recoveryCodesLeft(db, userId);
}

async function recoveryCodesLeft(db: DbExecutor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(totpRecoveryCodes)
    .where(and(eq(totpRecoveryCodes.userId, userId), isNull(totpRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** A TOTP code or a recovery code told apart by their shapes (6 digits / 10 letters and digits). */
export async function verifyCodeOrRecovery(
  db: Database,
  box: SecretBox,
  userId: number,
  raw: string,
): Promise<{ ok: false } | { ok: true; method: 'totp' } | { ok: true; method: 'recovery'; left: number }> {
  const compact = raw.replace(/[\s-]+/g, '').toLowerCase();
  const row = await confirmedTotp(db, userId);
  if (!row) return { ok: false };
  if (/^\d{6}$/.test(compact))
    return (await acceptCode(db, box, row, compact)) ? { ok: true, method: 'totp' } : { ok: false };
  if (/^[a-z0-9]{10}$/.test(compact)) {
    const left = await spendRecoveryCode(db, userId, compact);
    return left == null ? { ok: false } : { ok: true, method: 'recovery', left };
  }
  return { ok: false };
}

export async function verifyTotpCode(
  db: Database,
  box: SecretBox,
  userId: number,
  code: string,
): Promise<boolean> {
  const row = await confirmedTotp(db, userId);
  return row ? acceptCode(db, box, row, code) : false;
}

/** A recovery code spent at sign-in, with its audit entry: how many are left, or null when it was not valid. */
export async function useRecoveryCode(db: Database, user: SignedIn, normalised: string, ip: string) {
  if (!(await confirmedTotp(db, user.id))) return null;
  return db.transaction(async (tx) => {
    const left = await spendRecoveryCode(tx, user.id, normalised);
    if (left == null) return null;
    const event = { type: 'totp.recovery_code_used', userId: user.id, left } as const;
    return recordCredentialChange(tx, { who: user, ip }, event);
  });
}

// ---------------------------------------------------------------------------------------------
// Enrolment

/**
 * Starts (or restarts) an enrolment: a fresh secret, stored sealed and unconfirmed. Refused when
 * the second factor is already on: turning it off first takes the password and a code.
 */
export async function startEnrolment(
  deps: TotpDeps,
  user: { id: number; email: string },
): Promise<TotpEnrolment> {
  if (await confirmedTotp(deps.db, user.id)) throw AppError.conflict(msg.totp.alreadyEnabled, 'TOTP_ENABLED');
  const secret = generateSecret();
  const secretEncrypted = deps.box.seal(secret);
  await deps.db
    .insert(userTotp)
    .values({ userId: user.id, secretEncrypted })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secretEncrypted, confirmedAt: null, lastStep: null, createdAt: new Date() },
    });
  const otpauthUri = generateURI({ issuer: ISSUER, label: user.email, secret, period: PERIOD_S });
  const svg = await qrcode().toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return {
    otpauthUri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    secret,
  };
}

/**
 * Confirms an enrolment with a code of the app: the second factor is on from now, ten recovery
 * codes are made, and every other session of the user ends (a credential changed). The user is
 * who acts, signed in or at the sign-in that requires it.
 */
export async function confirmEnrolment(
  deps: TotpDeps,
  user: SignedIn,
  code: string,
  keepSession: string | null,
  ip: string,
) {
  const userId = user.id;
  const [pending] = await deps.db
    .select()
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), isNull(userTotp.confirmedAt)));
  if (!pending) {
    if (await confirmedTotp(deps.db, userId))
      throw AppError.conflict(msg.totp.alreadyEnabled, 'TOTP_ENABLED');
    throw AppError.conflict(msg.totp.noEnrolment, 'TOTP_NO_ENROLMENT');
  }
  return deps.db.transaction(async (tx) => {
    if (!(await acceptCode(tx, deps.box, pending, code)))
      throw AppError.badRequest(msg.totp.invalidCode, 'INVALID_CODE');
    await tx.update(userTotp).set({ confirmedAt: new Date() }).where(eq(userTotp.userId, userId));
    const recoveryCodes = await replaceRecoveryCodes(tx, userId);
    const otherSessionsEnded = await endOtherSessions(tx, userId, keepSession);
    const event = await recordCredentialChange(
      tx,
      { who: user, ip },
      { type: 'totp.enrolled', userId, otherSessionsEnded },
    );
    return { recoveryCodes, otherSessionsEnded, event };
  });
}

/** Turns the second factor off (the caller checked the password and a code) and ends other sessions. */
export async function removeTotp(
  tx: DbExecutor,
  userId: number,
  keepSession: string | null,
): Promise<number> {
  await tx.delete(userTotp).where(eq(userTotp.userId, userId));
  await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  return endOtherSessions(tx, userId, keepSession);
}

/** One's own second factor off (the caller checked the password and a code), with its audit entry. */
export async function disableOwnTotp(db: Database, actor: SignedIn, keepSession: string | null, ip: string) {
  return db.transaction(async (tx) => {
    const otherSessionsEnded = await removeTotp(tx, actor.id, keepSession);
    const event = { type: 'totp.disabled', userId: actor.id, otherSessionsEnded } as const;
    return recordCredentialChange(tx, { who: actor, ip }, event);
  });
}

/** Ten new recovery codes (the old ones stop working), with its audit entry. */
export async function regenerateRecoveryCodes(
  db: Database,
  actor: SignedIn,
  keepSession: string | null,
  ip: string,
) {
  return db.transaction(async (tx) => {
    const recoveryCodes = await replaceRecoveryCodes(tx, actor.id);
    const otherSessionsEnded = await endOtherSessions(tx, actor.id, keepSession);
    const event = await recordCredentialChange(
      tx,
      { who: actor, ip },
      { type: 'totp.recovery_codes_regenerated', userId: actor.id, otherSessionsEnded },
    );
    return { recoveryCodes, otherSessionsEnded, event };
  });
}

export async function totpStatus(db: Database, user: { id: number; role: Role }): Promise<TotpStatus> {
  const row = await confirmedTotp(db, user.id);
  return {
    enabled: row != null,
    enabledAt: row?.confirmedAt?.toISOString() ?? null,
    recoveryCodesLeft: row ? await recoveryCodesLeft(db, user.id) : 0,
    required: await isTotpRequired(db, user.role),
  };
}

// ---------------------------------------------------------------------------------------------
// Sign-in challenges

const challengeIdFor = (token: string, secret: string) =>
  createHmac('sha256', secret).update(`login-challenge:${token}`).digest('base64url');

export async function createChallenge(
  deps: TotpDeps,
  userId: number,
  kind: 'totp' | 'enrol',
  ip: string,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
  // One pending sign-in per user is enough; expired ones of anybody go at the same time.
  await deps.db
    .delete(loginChallenges)
    .where(or(eq(loginChallenges.userId, userId), lt(loginChallenges.expiresAt, new Date())));
  await deps.db
    .insert(loginChallenges)
    .values({ id: challengeIdFor(token, deps.sessionSecret), userId, kind, expiresAt, ip });
  return { token, expiresAt };
}

/** The live challenge of this token and its (active) user, or a 401 asking for the password again. */
export async function openChallenge(deps: TotpDeps, token: string, kind: 'totp' | 'enrol') {
  const id = challengeIdFor(token, deps.sessionSecret);
  const [row] = await deps.db
    .select({
      id: loginChallenges.id,
      kind: loginChallenges.kind,
      attempts: loginChallenges.attempts,
      expiresAt: loginChallenges.expiresAt,
      user: users,
    })
    .from(loginChallenges)
    .innerJoin(users, eq(users.id, loginChallenges.userId))
    .where(eq(loginChallenges.id, id));
  if (
    !row ||
    row.kind !== kind ||
    row.expiresAt.getTime() <= Date.now() ||
    row.attempts >= CHALLENGE_MAX_ATTEMPTS ||
    !row.user.isActive
  ) {
    if (row) await deps.db.delete(loginChallenges).where(eq(loginChallenges.id, id));
    throw new AppError(401, 'CHALLENGE_EXPIRED', msg.totp.challengeExpired);
  }
  return { id, user: row.user };
}

/** A wrong code on this challenge; past the maximum it is gone. */
export async function countChallengeFailure(db: Database, id: string): Promise<void> {
  await db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(eq(loginChallenges.id, id));
}

export async function closeChallenge(db: DbExecutor, id: string): Promise<void> {
  await db.delete(loginChallenges).where(eq(loginChallenges.id, id));
}

// ---------------------------------------------------------------------------------------------
// The admin's per-role rule

export async function listRoleSecurity(db: Database): Promise<RoleSecurity[]> {
  const rows = await db.select().from(roleSettings);
  return ROLES.map((role) => ({
    role,
    totpRequired: rows.find((r) => r.role === role)?.totpRequired ?? false,
  }));
}

/**
 * Sets whether a role requires the second factor. Turning it on ends the sessions of that role's
 * users who have not enrolled: at their next sign-in they enrol right after the password.
 */
export async function setRoleSecurity(
  db: Database,
  actor: Actor,
  role: Role,
  totpRequired: boolean,
  ip: string,
) {
  // The admin would end their own session and have to enrol at once: they enrol first, knowingly.
  if (totpRequired && role === actor.role && !(await confirmedTotp(db, actor.id)))
    throw AppError.conflict(msg.totp.enableOwnFirst, 'TOTP_ENABLE_OWN_FIRST');
  const actorId = actor.id;
  return db.transaction(async (tx) => {
    await tx
      .insert(roleSettings)
      .values({ role, totpRequired, updatedBy: actorId })
      .onConflictDoUpdate({
        target: roleSettings.role,
        set: { totpRequired, updatedBy: actorId, updatedAt: new Date() },
      });
    let sessionsEnded = 0;
    if (totpRequired) {
      const withoutTotp = tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.role, role),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(userTotp)
                .where(and(eq(userTotp.userId, users.id), sql`${userTotp.confirmedAt} is not null`)),
            ),
          ),
        );
      const ended = await tx
        .delete(sessions)
        .where(inArray(sessions.userId, withoutTotp))
        .returning({ id: sessions.id });
      sessionsEnded = ended.length;
    }
    const event = await recordCredentialChange(
      tx,
      { who: actor, ip },
      { type: 'role_settings.changed', role, totpRequired, byUserId: actorId, sessionsEnded },
    );
    const setting: RoleSecurity = { role, totpRequired };
    return { setting, sessionsEnded, event };
  });
}
