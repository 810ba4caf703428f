import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { changePasswordSchema } from '#shared/schemas/auth.ts';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { hashPassword, verifyPassword } from '#server/lib/password.ts';
import { recordCredentialChange, type SignedIn } from '#server/modules/auth/auth.events.ts';
import { endOtherSessions } from '#server/modules/auth/totp.service.ts';

export async function checkOwnPassword(db: Database, userId: number, password: string): Promise<boolean> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row ? verifyPassword(password, row.hash) : false;
}

/**
 * The user's own new password; every other session of theirs ends (a credential changed), and the
 * audit entry is written with the change. A wrong current password changes and records nothing.
 */
export async function changeOwnPassword(
  db: Database,
  actor: SignedIn,
  input: z.output<typeof changePasswordSchema>,
  keepSession: string | null,
  ip: string,
) {
  const userId = actor.id;
  if (!(await checkOwnPassword(db, userId, input.currentPassword))) return { ok: false } as const;
  const passwordHash = await hashPassword(input.newPassword);
  const event = await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    const otherSessionsEnded = await endOtherSessions(tx, userId, keepSession);
    return recordCredentialChange(
      tx,
      { who: actor, ip },
      { type: 'password.changed', userId, otherSessionsEnded },
    );
  });
  return { ok: true, otherSessionsEnded: event.otherSessionsEnded, event } as const;
}
