import { eq } from 'drizzle-orm';
import { alias, type AnyPgColumn, type SelectedFields } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '#server/db/client.ts';
import { puntiFisici, users } from '#server/db/schema.ts';
import type { Role } from '#shared/permissions.ts';

/** One of the people of a point of sale, as the landing and the e-mails need them. */
export interface PuntoPersona {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  role: Role;
  isActive: boolean;
}

export interface PuntoConPersone {
  id: number;
  nomeAttivita: string;
  landingCode: string;
  isActive: boolean;
  responsabile: PuntoPersona | undefined;
  agente: PuntoPersona | undefined;
  areaManager: PuntoPersona | undefined;
}

type PersonaColumn = 'id' | 'firstName' | 'lastName' | 'email' | 'phone' | 'role' | 'isActive';

/** A PuntoPersona's columns, from `users` or one of its aliases. */
export function personaColumns<T extends Record<PersonaColumn, AnyPgColumn>>(u: T): Pick<T, PersonaColumn> {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    phone: u.phone,
    role: u.role,
    isActive: u.isActive,
  };
}

const responsabileU = alias(users, 'responsabile');
const agenteU = alias(users, 'agente');
const areaManagerU = alias(users, 'area_manager');

/**
 * The read of a point of sale with its responsible person, agent and area manager (active or not),
 * in one statement, with any columns the caller adds (`extra`, of the point's row). The caller adds
 * its WHERE; toPuntoConPersone turns a row into a PuntoConPersone.
 */
export function selectPuntoConPersone<Extra extends SelectedFields>(db: DbExecutor, extra: Extra) {
  return db
    .select({
      id: puntiFisici.id,
      nomeAttivita: puntiFisici.nomeAttivita,
      landingCode: puntiFisici.landingCode,
      isActive: puntiFisici.isActive,
      responsabile: personaColumns(responsabileU),
      agente: personaColumns(agenteU),
      areaManager: personaColumns(areaManagerU),
      ...extra,
    })
    .from(puntiFisici)
    .leftJoin(responsabileU, eq(responsabileU.id, puntiFisici.utenteResponsabileId))
    .leftJoin(agenteU, eq(agenteU.id, puntiFisici.agenteId))
    .leftJoin(areaManagerU, eq(areaManagerU.id, puntiFisici.areaManagerId));
}

type PuntoConPersoneRow = Omit<PuntoConPersone, 'responsabile' | 'agente' | 'areaManager'> & {
  responsabile: PuntoPersona | null;
  agente: PuntoPersona | null;
  areaManager: PuntoPersona | null;
};

/** A row of selectPuntoConPersone: a person the point lacks is undefined. */
export function toPuntoConPersone(row: PuntoConPersoneRow): PuntoConPersone {
  return {
    id: row.id,
    nomeAttivita: row.nomeAttivita,
    landingCode: row.landingCode,
    isActive: row.isActive,
    responsabile: row.responsabile ?? undefined,
    agente: row.agente ?? undefined,
    areaManager: row.areaManager ?? undefined,
  };
}

/** A point of sale with its people (selectPuntoConPersone): the landing page reads it. */
export async function loadPuntoConPersone(
  db: DbExecutor,
  where: { id: number } | { landingCode: string },
): Promise<PuntoConPersone | undefined> {
  const [row] = await selectPuntoConPersone(db, {}).where(
    'id' in where ? eq(puntiFisici.id, where.id) : eq(puntiFisici.landingCode, where.landingCode),
  );
  return row ? toPuntoConPersone(row) : undefined;
}

const attivo = (p: PuntoPersona | undefined) => (p?.isActive ? p : undefined);

/**
 * The consultant a customer is told about (docs/product/landing.md#consulente): the point's agent,
 * else its area manager (each only while active), else its responsible person. Their own phone,
 * else the first phone known at the point, else the company phone the admin set, else none: a
 * customer is never given a number that reaches nobody.
 */
export function consulenteOf(
  punto: PuntoConPersone,
  telefonoAziendale: string | null,
): {
  persona: PuntoPersona | undefined;
  nome: string;
  telefono: string | null;
} {
  const candidates = [attivo(punto.agente), attivo(punto.areaManager)].filter(
    (p): p is PuntoPersona => p != null,
  );
  const persona = candidates[0] ?? punto.responsabile;
  const phone = [persona, ...candidates, punto.responsabile].find((p) => p?.phone?.trim())?.phone?.trim();
  return {
    persona,
    nome: persona ? `${persona.firstName} ${persona.lastName}`.trim() : punto.nomeAttivita,
    telefono: persona?.phone?.trim() || phone || telefonoAziendale?.trim() || null,
  };
}
