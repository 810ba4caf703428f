import { randomBytes } from 'node:crypto';
import type { Database } from '../../src/server/db/client';
import { commissioni, documenti, leads, pratiche, puntiFisici, servizi, users } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/lib/password';
import { generateLandingCode } from '../../src/server/modules/punti-fisici/landing-code';
import type { Role } from '../../src/shared/permissions';
import type { DocumentStorage } from '../../src/server/storage/storage';

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

let leadSeq = 0;

/** A lead row; e-mail and phone unique unless overridden. */
export async function insertLead(db: Database, overrides: Partial<typeof leads.$inferInsert> = {}) {
  const id = unique();
  const seq = String(++leadSeq).padStart(4, '0');
  const telefono = overrides.telefono ?? `+39 33${String(parseInt(id, 16) % 100000).padStart(5, '0')}${seq}`;
  const email = overrides.email ?? `cliente.${id}@esempio.it`;
  const [row] = await db
    .insert(leads)
    .values({
      nome: 'Luca',
      cognome: `Ferri ${id}`,
      email,
      telefono,
      emailNormalizzata: email.trim().toLowerCase(),
      telefonoNormalizzato: telefono.replace(/\D/g, ''),
      ...overrides,
    })
    .returning();
  return row;
}

/** A practice of a lead (a new lead at the same point when none is given). */
export async function insertPratica(db: Database, overrides: Partial<typeof pratiche.$inferInsert> = {}) {
  const leadId = overrides.leadId ?? (await insertLead(db, { puntoFisicoOriginaleId: overrides.puntoFisicoId ?? null })).id;
  const [row] = await db
    .insert(pratiche)
    .values({ indirizzoIp: '203.0.113.7', orarioContatto: '10:00-11:00', ...overrides, leadId })
    .returning();
  return row;
}

export async function insertServizio(db: Database, overrides: Partial<typeof servizi.$inferInsert> & { praticaId: number }) {
  const [row] = await db
    .insert(servizi)
    .values({ tipoServizio: 'luce', ...overrides })
    .returning();
  return row;
}

/** A commission of a service; amounts as decimal strings, payees as given. */
export async function insertCommissione(
  db: Database,
  overrides: Partial<typeof commissioni.$inferInsert> & { praticaId: number; servizioId: number },
) {
  const [row] = await db
    .insert(commissioni)
    .values({
      tipoServizio: 'luce',
      customerName: 'Luca Ferri',
      importoPuntoFisico: '30.00',
      importoAgente: '15.00',
      importoAreaManager: '5.00',
      importoAmministrazione: '70.00',
      ...overrides,
    })
    .returning();
  return row;
}

/** A document row of a practice, and its bytes in the storage when one is given. */
export async function insertDocumento(
  db: Database,
  overrides: Partial<typeof documenti.$inferInsert> & { praticaId: number },
  storage?: DocumentStorage,
) {
  const filename = overrides.filename ?? `doc-${unique()}${unique()}.pdf`;
  const data = Buffer.from('%PDF-1.4 prova');
  if (storage) await storage.put(filename, data);
  const [row] = await db
    .insert(documenti)
    .values({
      displayName: 'bolletta.pdf',
      parte: 'luceFile',
      mimeType: 'application/pdf',
      sizeBytes: data.length,
      sha256: 'x'.repeat(64),
      ...overrides,
      filename,
    })
    .returning();
  return row;
}
