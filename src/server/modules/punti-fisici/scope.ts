import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client.ts';
import { leadPunti, leadUtenti, leads, pratiche, puntiFisici, users } from '#server/db/schema.ts';
import type { Actor } from '#server/lib/actor.ts';

/**
 * Row scope (docs/product/roles-and-scope.md#perimetro-delle-righe), as SQL conditions that go INTO the queries: a row outside the
 * actor's scope is simply not found.
 */

/** Points of sale the actor may see; undefined = all. */
export function puntiScope(actor: Actor): SQL | undefined {
  switch (actor.role) {
    case 'admin':
    case 'amministrazione':
      return undefined;
    case 'area_manager':
      return eq(puntiFisici.areaManagerId, actor.id);
    case 'agente':
      return eq(puntiFisici.agenteId, actor.id);
    case 'punto_fisico':
      return eq(puntiFisici.utenteResponsabileId, actor.id);
  }
}

/** Ids of the actor's points, as a subquery. */
function scopedPuntiIds(db: DbExecutor, actor: Actor) {
  return db.select({ id: puntiFisici.id }).from(puntiFisici).where(puntiScope(actor));
}

// Correlated subqueries name their tables explicitly: drizzle leaves columns unqualified in
// single-table queries, where "id" inside a subquery would mean the subquery's own table.
const SCOPE_COLUMN = {
  area_manager: 'area_manager_id',
  agente: 'agente_id',
  punto_fisico: 'utente_responsabile_id',
} as const;

/** SQL (in parentheses) listing the ids of the actor's points; only for scoped roles. */
export function scopedPuntiIdsSql(actor: Actor): SQL {
  if (actor.role === 'admin' || actor.role === 'amministrazione') throw new Error('unscoped role');
  return sql`(select pf_scope.id from punti_fisici pf_scope where pf_scope.${sql.raw(SCOPE_COLUMN[actor.role])} = ${actor.id})`;
}

/**
 * A lead belongs to a point when it came in there first, or when it has a practice there (a
 * returning customer keeps its first point, but the second shop sees it too).
 * See docs/product/roles-and-scope.md#lead-di-un-punto
 */
export function leadOfPunto(db: DbExecutor, puntoFisicoId: number): SQL {
  // lead_punti holds exactly these pairs, kept by triggers (docs/performance.md#contatori).
  return inArray(
    leads.id,
    db.select({ id: leadPunti.leadId }).from(leadPunti).where(eq(leadPunti.puntoFisicoId, puntoFisicoId)),
  );
}

/**
 * The actor's own rows of lead_utenti (the leads of its points, kept by triggers): a scoped list
 * joins them and reads one page in date order from their index. Only for scoped roles.
 */
export function ownLeadRows(actor: Actor): SQL {
  return and(eq(leadUtenti.ruolo, actor.role), eq(leadUtenti.userId, actor.id))!;
}

/** Leads the actor may see; undefined = all. An IN over one index range, not OR EXISTS. */
export function leadsScope(db: DbExecutor, actor: Actor): SQL | undefined {
  if (!puntiScope(actor)) return undefined;
  return inArray(leads.id, db.select({ id: leadUtenti.leadId }).from(leadUtenti).where(ownLeadRows(actor)));
}

/** Practices the actor may see; undefined = all. */
export function praticheScope(db: DbExecutor, actor: Actor): SQL | undefined {
  if (!puntiScope(actor)) return undefined;
  return inArray(pratiche.puntoFisicoId, scopedPuntiIds(db, actor));
}

/**
 * People an area manager may pick in the point-of-sale dialogs: himself, the responsible people
 * and agents of his own points, and accounts not yet on any point (an admin creates them for him
 * to assign). Never the admin office, other area managers, or people of other area managers'
 * points. See docs/security.md.
 */
export function areaManagerPeople(actor: Actor): SQL {
  return or(
    eq(users.id, actor.id),
    and(
      inArray(users.role, ['punto_fisico', 'agente']),
      or(
        sql`exists (select 1 from punti_fisici pf_own where pf_own.area_manager_id = ${actor.id}
          and (pf_own.utente_responsabile_id = "users"."id" or pf_own.agente_id = "users"."id"))`,
        sql`not exists (select 1 from punti_fisici pf_any
          where pf_any.utente_responsabile_id = "users"."id" or pf_any.agente_id = "users"."id")`,
      ),
    ),
  )!;
}
