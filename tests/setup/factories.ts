import { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import type { Database } from '#server/db/client.ts';
import { eq } from 'drizzle-orm';
import { landingSubmission } from '#test/setup/submission.ts';
import { WORKED_EXAMPLE_CONFIG } from '#test/setup/worked-example.ts';
import {
  commissioni,
  commissioniFornitori,
  documenti,
  fornitori,
  leads,
  pratiche,
  puntiFisici,
  servizi,
  users,
} from '#server/db/schema.ts';
import { normalizeEmail, normalizeTelefono, type ServizioTipo } from '#shared/domain.ts';
import type { SubmitFormInput } from '#shared/schemas/landing.ts';
import { hashPassword } from '#server/lib/password.ts';
import { generateLandingCode } from '#server/modules/punti-fisici/landing-code.ts';
import { markAltroPunto } from '#server/modules/punti-fisici/scope.ts';
import type { Role } from '#shared/permissions.ts';
import type { DocumentStorage } from '#server/storage/storage.ts';

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

export function buildUser(
  overrides: Partial<{ firstName: string; lastName: string; email: string; phone: string; role: Role }> = {},
) {
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
  const responsabileId =
    overrides.utenteResponsabileId ?? (await insertUser(db, { role: 'punto_fisico' })).id;
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

/** A landing submission as the wizard sends it, unique phone and e-mail. */
export function buildSubmission(
  puntoFisicoId: number,
  overrides: Partial<SubmitFormInput> = {},
): SubmitFormInput {
  const id = unique();
  return {
    ...landingSubmission({
      nome: 'Lucia',
      cognome: `Verdi ${id}`,
      telefono: `33${parseInt(id, 16).toString().padStart(8, '0').slice(-8)}`,
      email: `lucia.${id}@esempio.it`,
      serviziRichiesti: ['luce', 'gas'],
      puntoFisicoId,
    }),
    ...overrides,
  };
}

export async function insertLead(db: Database, overrides: Partial<typeof leads.$inferInsert> = {}) {
  const id = unique();
  const email = overrides.email ?? `cliente.${id}@esempio.it`;
  const telefono = overrides.telefono ?? `34${parseInt(id, 16).toString().padStart(8, '0').slice(-8)}`;
  const [row] = await db
    .insert(leads)
    .values({
      nome: 'Carla',
      cognome: `Neri ${id}`,
      emailNormalizzata: normalizeEmail(email),
      telefonoNormalizzato: normalizeTelefono(telefono),
      ...overrides,
      email,
      telefono,
    })
    .returning();
  return row;
}

/**
 * A practice with its services (default: luce and gas, both inserito), given as service codes or
 * as service rows' overrides. Creates the lead, and the point unless puntoFisicoId is given (null: none).
 */
export async function insertPratica(
  db: Database,
  overrides: Partial<typeof pratiche.$inferInsert> & {
    servizi?: Array<ServizioTipo | Omit<Partial<typeof servizi.$inferInsert>, 'praticaId'>>;
  } = {},
) {
  const { servizi: serviziOverrides = ['luce', 'gas'], ...rest } = overrides;
  const puntoFisicoId =
    rest.puntoFisicoId !== undefined ? rest.puntoFisicoId : (await insertPuntoFisico(db)).id;
  const leadId = rest.leadId ?? (await insertLead(db, { puntoFisicoOriginaleId: puntoFisicoId })).id;
  const [pratica] = await db
    .insert(pratiche)
    .values({ orarioContatto: '10:00-11:00', indirizzoIp: '203.0.113.7', ...rest, leadId, puntoFisicoId })
    .returning();
  // As the services that open a practice do: a second shop's practice is marked for the scope.
  await markAltroPunto(db, [leadId]);
  const rows = [];
  for (const s of serviziOverrides) {
    rows.push(
      await insertServizio(db, {
        praticaId: pratica.id,
        ...(typeof s === 'string' ? { tipoServizio: s } : s),
      }),
    );
  }
  return { ...pratica, servizi: rows };
}

export async function insertServizio(
  db: Database,
  overrides: Partial<typeof servizi.$inferInsert> & { praticaId: number },
) {
  const [row] = await db
    .insert(servizi)
    .values({ tipoServizio: 'luce', ...overrides })
    .returning();
  return row;
}

export async function fornitoreByCodice(db: Database, codice: string) {
  const [row] = await db.select().from(fornitori).where(eq(fornitori.codice, codice));
  if (!row) throw new Error(`fornitore ${codice} mancante`);
  return row;
}

/** The worked example of docs/product/commissions.md#esempio-svolto, for ENEL luce unless overridden. */
export async function insertCommissioneConfig(
  db: Database,
  overrides: Partial<typeof commissioniFornitori.$inferInsert> & { codice?: string } = {},
) {
  const { codice = 'ENEL', ...rest } = overrides;
  const fornitoreId = rest.fornitoreId ?? (await fornitoreByCodice(db, codice)).id;
  const [row] = await db
    .insert(commissioniFornitori)
    .values({
      servizio: 'luce',
      ...WORKED_EXAMPLE_CONFIG,
      ...rest,
      fornitoreId,
    })
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
  if (storage) await storage.put(filename, Readable.from([data]));
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
