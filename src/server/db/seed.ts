import { eq, sql } from 'drizzle-orm';
import { SERVIZI_CATALOGO, SERVIZI_PRINCIPALI } from '#shared/servizi-catalogo.ts';
import type { Config } from '#server/env.ts';
import { generatePassword, hashPassword } from '#server/lib/password.ts';
import { DEMO_LANDING_CODE } from '#server/modules/punti-fisici/landing-code.ts';
import type { Database } from '#server/db/client.ts';
import { fornitori, puntiFisici, users } from '#server/db/schema.ts';

/** The suppliers every installation starts with; the services each offers are in the catalogue. */
const SEED_FORNITORI = [
  { codice: 'ENEL', nome: 'Enel Energia' },
  { codice: 'EDISON', nome: 'Edison' },
  { codice: 'A2A', nome: 'A2A Energia' },
  { codice: 'IREN', nome: 'Iren' },
  { codice: 'SORGENIA', nome: 'Sorgenia' },
  { codice: 'TIM', nome: 'TIM' },
  { codice: 'FASTWEB', nome: 'Fastweb' },
  { codice: 'WINDTRE', nome: 'WindTre' },
  { codice: 'VODAFONE', nome: 'Vodafone' },
  { codice: 'AYVENS', nome: 'Ayvens' },
  { codice: 'LEASYS', nome: 'Leasys' },
].map((f) => ({
  ...f,
  serviziSupportati: SERVIZI_PRINCIPALI.filter((s) =>
    (SERVIZI_CATALOGO[s].seededSuppliers as readonly string[]).includes(f.codice),
  ),
}));

export const DEMO_CONSULTANT_EMAIL = 'consulente.demo@winsolution.it';

export interface SeedResult {
  /** Set only when the first admin was created with a generated password: print it once. */
  generatedAdmin?: { email: string; password: string };
}

/** Idempotent: running it on every start creates nothing twice. */
export async function seedDatabase(
  db: Database,
  config: Pick<Config, 'adminEmail' | 'adminPassword'>,
): Promise<SeedResult> {
  const result: SeedResult = {};
  await db.transaction(async (tx) => {
    // Serialise concurrent first starts of several instances.
    await tx.execute(sql`select pg_advisory_xact_lock(424242)`);

    const [{ count }] = (await tx.select({ count: sql<number>`count(*)::int` }).from(users)) as [
      { count: number },
    ];
    if (count === 0) {
      const email = config.adminEmail ?? 'admin@winsolution.it';
      const password = config.adminPassword ?? generatePassword();
      await tx.insert(users).values({
        firstName: 'Amministratore',
        lastName: 'WINSOLUTION',
        email,
        role: 'admin',
        passwordHash: await hashPassword(password),
      });
      if (!config.adminPassword) result.generatedAdmin = { email, password };
    }

    await tx.insert(fornitori).values(SEED_FORNITORI).onConflictDoNothing({ target: fornitori.codice });

    const demo = await tx
      .select({ id: puntiFisici.id })
      .from(puntiFisici)
      .where(eq(puntiFisici.landingCode, DEMO_LANDING_CODE));
    if (demo.length === 0) {
      let [consultant] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, DEMO_CONSULTANT_EMAIL));
      if (!consultant) {
        // The demo point's responsible person: shown as the consultant, cannot sign in.
        [consultant] = await tx
          .insert(users)
          .values({
            firstName: 'Consulente',
            lastName: 'Demo',
            email: DEMO_CONSULTANT_EMAIL,
            phone: null,
            role: 'punto_fisico',
            isActive: false,
            passwordHash: await hashPassword(generatePassword()),
          })
          .returning({ id: users.id });
      }
      await tx.insert(puntiFisici).values({
        nomeAttivita: 'WINSOLUTION Demo',
        indirizzo: 'Via della Dimostrazione 1, Milano',
        landingCode: DEMO_LANDING_CODE,
        utenteResponsabileId: consultant.id,
      });
    }
  });
  return result;
}
