/** Phase 1 of the demo data: the five named sign-ins and the rest of the staff. */
import { eq, like } from 'drizzle-orm';
import type { Role } from '#shared/permissions.ts';
import type { Actor } from '#server/lib/actor.ts';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { DEMO_CONSULTANT_EMAIL } from '#server/db/seed.ts';
import { COGNOMI, NOMI, REGIONI } from '#scripts/seed-demo/data.ts';
import { randomPhone, slug, type Tools } from '#scripts/seed-demo/random.ts';

export const DEMO_PASSWORD = 'demo-password';
export const DEMO_EMAIL_DOMAIN = 'demo.winsolution.it';
/** Customers' e-mails: a subdomain of the demo one, so no real mailbox is ever named. */
export const DEMO_LEAD_EMAIL_DOMAIN = `clienti.${DEMO_EMAIL_DOMAIN}`;

/** One sign-in per role, created on the first run and reused by the next ones. */
export const DEMO_ACCOUNTS: Record<
  Role,
  { email: string; firstName: string; lastName: string; areaAssegnata?: string }
> = {
  admin: { email: `admin@${DEMO_EMAIL_DOMAIN}`, firstName: 'Davide', lastName: 'Colombo' },
  amministrazione: { email: `amministrazione@${DEMO_EMAIL_DOMAIN}`, firstName: 'Paola', lastName: 'Ferri' },
  area_manager: {
    email: `area.manager@${DEMO_EMAIL_DOMAIN}`,
    firstName: 'Stefano',
    lastName: 'Galli',
    areaAssegnata: REGIONI[0].nome,
  },
  agente: { email: `agente@${DEMO_EMAIL_DOMAIN}`, firstName: 'Luca', lastName: 'Moretti' },
  punto_fisico: { email: `punto.fisico@${DEMO_EMAIL_DOMAIN}`, firstName: 'Sara', lastName: 'Fontana' },
};

export type UserRow = typeof users.$inferSelect;

export const toActor = (u: UserRow): Actor => ({
  id: u.id,
  role: u.role,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
});

export async function ensureAccounts(db: Database, passwordHash: string) {
  const accounts: Array<{ role: Role; email: string; created: boolean }> = [];
  const byRole = {} as Record<Role, UserRow>;
  for (const [role, account] of Object.entries(DEMO_ACCOUNTS) as Array<
    [Role, (typeof DEMO_ACCOUNTS)[Role]]
  >) {
    const [created] = await db
      .insert(users)
      .values({
        firstName: account.firstName,
        lastName: account.lastName,
        email: account.email,
        phone: null,
        role,
        passwordHash,
        areaAssegnata: account.areaAssegnata ?? null,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    const row = created ?? (await db.select().from(users).where(eq(users.email, account.email)))[0];
    if (row.role !== role) {
      throw new Error(
        `L'utente demo ${account.email} esiste già con il ruolo ${row.role} invece di ${role}: cambialo o eliminalo prima.`,
      );
    }
    byRole[role] = row;
    accounts.push({ role, email: account.email, created: Boolean(created) });
  }
  return { accounts, byRole };
}

/** How many area managers and agents a chain of this many points has. */
export function staffPlan(pointCount: number) {
  const areaManagers = Math.min(REGIONI.length, Math.max(2, Math.ceil(pointCount / 12)));
  const agents = Math.min(60, Math.max(3, Math.ceil(pointCount / 5)));
  return { areaManagers, agents };
}

export async function createStaff(
  db: Database,
  t: Tools,
  passwordHash: string,
  plan: Array<{ role: Role; areaAssegnata?: string }>,
): Promise<UserRow[]> {
  if (plan.length === 0) return [];
  const taken = new Set(
    (
      await db
        .select({ email: users.email })
        .from(users)
        .where(like(users.email, `%@${DEMO_EMAIL_DOMAIN}`))
    ).map((r) => r.email),
  );
  const values = plan.map(({ role, areaAssegnata }) => {
    const firstName = t.pick(NOMI);
    const lastName = t.pick(COGNOMI);
    const local = `${slug(firstName)}.${slug(lastName)}`;
    let email = `${local}@${DEMO_EMAIL_DOMAIN}`;
    for (let n = 2; taken.has(email); n++) email = `${local}${n}@${DEMO_EMAIL_DOMAIN}`;
    taken.add(email);
    return {
      firstName,
      lastName,
      email,
      phone: randomPhone(t),
      role,
      passwordHash,
      areaAssegnata: areaAssegnata ?? null,
    };
  });
  return db.insert(users).values(values).returning();
}

/**
 * The demo point's consultant (created by the first start, inactive so that nobody can sign in
 * with its unknown password) becomes an active demo account like the others: the demo point's
 * people then read 'Attivo', and the demo point can be tried with the demo password.
 */
export async function activateDemoConsultant(db: Database, passwordHash: string) {
  await db.update(users).set({ isActive: true, passwordHash }).where(eq(users.email, DEMO_CONSULTANT_EMAIL));
}
