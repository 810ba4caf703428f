import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { changePasswordSchema } from '#shared/schemas/auth.ts';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { hashPassword, verifyPassword } from '#server/lib/password.ts';
import { endOtherSessions } from '#server/modules/auth/totp.service.ts';

export async function checkOwnPassword(db: Database, userId: number, password: string): Promise<boolean> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row ? verifyPassword(password, row.hash) : false;
}

/** The user's own new password; every other session of theirs ends (a credential changed). */
export async function changeOwnPassword(
  db: Database,
  userId: number,
  input: z.output<typeof changePasswordSchema>,
  keepSession: string | null,
): Promise<{ ok: false } | { ok: true; otherSessionsEnded: number }> {
  if (!(await checkOwnPassword(db, userId, input.currentPassword))) return { ok: false };
  const passwordHash = await hashPassword(input.newPassword);
  const otherSessionsEnded = await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    return endOtherSessions(tx, userId, keepSession);
  });
  return { ok: true, otherSessionsEnded };
}
