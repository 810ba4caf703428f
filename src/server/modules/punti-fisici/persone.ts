import { eq, inArray } from 'drizzle-orm';
import { CONSULENTE_TELEFONO_PLACEHOLDER } from '#shared/domain.ts';
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

/** A point of sale with its responsible person, agent and area manager (active or not). */
export async function loadPuntoConPersone(
  db: DbExecutor,
  where: { id: number } | { landingCode: string },
): Promise<PuntoConPersone | undefined> {
  const [punto] = await db
    .select({
      id: puntiFisici.id,
      nomeAttivita: puntiFisici.nomeAttivita,
      landingCode: puntiFisici.landingCode,
      isActive: puntiFisici.isActive,
      agenteId: puntiFisici.agenteId,
      areaManagerId: puntiFisici.areaManagerId,
      responsabileId: puntiFisici.utenteResponsabileId,
    })
    .from(puntiFisici)
    .where('id' in where ? eq(puntiFisici.id, where.id) : eq(puntiFisici.landingCode, where.landingCode));
  if (!punto) return undefined;
  const ids = [punto.agenteId, punto.areaManagerId, punto.responsabileId].filter(
    (id): id is number => id != null,
  );
  const people = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      role: users.role,
      isActive: users.isActive,
    })
    .from(users)
    .where(inArray(users.id, ids));
  const byId = new Map(people.map((p) => [p.id, p]));
  const of = (id: number | null) => (id == null ? undefined : byId.get(id));
  return {
    id: punto.id,
    nomeAttivita: punto.nomeAttivita,
    landingCode: punto.landingCode,
    isActive: punto.isActive,
    responsabile: of(punto.responsabileId),
    agente: of(punto.agenteId),
    areaManager: of(punto.areaManagerId),
  };
}

const attivo = (p: PuntoPersona | undefined) => (p?.isActive ? p : undefined);

/**
 * The consultant a customer is told about (docs/product/landing.md): the point's agent, else its
 * area manager (each only while active), else its responsible person. Their own phone, else the
 * first phone known at the point, else the placeholder.
 */
export function consulenteOf(punto: PuntoConPersone): {
  persona: PuntoPersona | undefined;
  nome: string;
  telefono: string;
} {
  const candidates = [attivo(punto.agente), attivo(punto.areaManager)].filter(
    (p): p is PuntoPersona => p != null,
  );
  const persona = candidates[0] ?? punto.responsabile;
  const phone = [persona, ...candidates, punto.responsabile].find((p) => p?.phone?.trim())?.phone?.trim();
  return {
    persona,
    nome: persona ? `${persona.firstName} ${persona.lastName}`.trim() : punto.nomeAttivita,
    telefono: persona?.phone?.trim() || phone || CONSULENTE_TELEFONO_PLACEHOLDER,
  };
}
