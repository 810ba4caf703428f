import { randomBytes } from 'node:crypto';
import type { Database } from '../../src/server/db/client';
import { puntiFisici, users } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/lib/password';
import { generateLandingCode } from '../../src/server/modules/punti-fisici/landing-code';
import type { Role } from '../../src/shared/permissions';

const unique = () => randomBytes(4).toString('hex');
const hashCache = new Map<string, string>();

async function cachedHash(password: string) {
  let hash = hashCache.get(password);
  if (!hash) {
    hash = await hashPassword(password);
    hashCache.set(password, hash);
  }
  return hash;
}

export function buildUser(overrides: Partial<{ firstName: string; lastName: string; email: string; phone: string; role: Role }> = {}) {
  const id = unique();
  return {
    firstName: 'Mario',
    lastName: `Rossi ${id}`,
    email: `utente.${id}@esempio.it`,
    phone: '3331234567',
    role: 'punto_fisico' as Role,
    ...overrides,
  };
}

export async function insertUser(
  db: Database,
  overrides: Partial<ReturnType<typeof buildUser>> & { password?: string; isActive?: boolean } = {},
) {
  const { password = 'password-di-prova', isActive = true, ...rest } = overrides;
  const [row] = await db
    .insert(users)
    .values({ ...buildUser(rest), isActive, passwordHash: await cachedHash(password) })
    .returning();
  return row;
}

export async function insertPuntoFisico(
  db: Database,
  overrides: Partial<typeof puntiFisici.$inferInsert> & { utenteResponsabileId?: number } = {},
) {
  const responsabileId = overrides.utenteResponsabileId ?? (await insertUser(db, { role: 'punto_fisico' })).id;
  const [row] = await db
    .insert(puntiFisici)
    .values({
      nomeAttivita: `Negozio ${unique()}`,
      indirizzo: 'Via Roma 1, Milano',
      landingCode: generateLandingCode(),
      ...overrides,
      utenteResponsabileId: responsabileId,
    })
    .returning();
  return row;
}
