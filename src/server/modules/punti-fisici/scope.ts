import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { commissioni, leads, pratiche, puntiFisici } from '../../db/schema';
import type { Actor } from '../../plugins/auth';

/**
 * Row scope of DECISIONS §2, as SQL conditions that go INTO the queries: a row outside the
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
const SCOPE_COLUMN = { area_manager: 'area_manager_id', agente: 'agente_id', punto_fisico: 'utente_responsabile_id' } as const;

/** SQL (in parentheses) listing the ids of the actor's points; only for scoped roles. */
export function scopedPuntiIdsSql(actor: Actor): SQL {
  if (actor.role === 'admin' || actor.role === 'amministrazione') throw new Error('unscoped role');
  return sql`(select pf_scope.id from punti_fisici pf_scope where pf_scope.${sql.raw(SCOPE_COLUMN[actor.role])} = ${actor.id})`;
}

/**
 * A lead belongs to a point when it came in there first, or when it has a practice there (a
 * returning customer keeps its first point, DECISIONS §6, but the second shop sees it too).
 */
export function leadOfPunto(puntoFisicoId: number): SQL {
  return or(
    eq(leads.puntoFisicoOriginaleId, puntoFisicoId),
    sql`exists (select 1 from pratiche pr_punto where pr_punto.lead_id = "leads"."id" and pr_punto.punto_fisico_id = ${puntoFisicoId})`,
  )!;
}

/** Leads the actor may see; undefined = all. */
export function leadsScope(db: DbExecutor, actor: Actor): SQL | undefined {
  if (!puntiScope(actor)) return undefined;
  const ids = scopedPuntiIds(db, actor);
  return or(
    inArray(leads.puntoFisicoOriginaleId, ids),
    sql`exists (select 1 from pratiche pr_scope where pr_scope.lead_id = "leads"."id" and pr_scope.punto_fisico_id in ${scopedPuntiIdsSql(actor)})`,
  );
}

/** Practices the actor may see; undefined = all. */
export function praticheScope(db: DbExecutor, actor: Actor): SQL | undefined {
  if (!puntiScope(actor)) return undefined;
  return inArray(pratiche.puntoFisicoId, scopedPuntiIds(db, actor));
}

/**
 * The commissions a role sees and the amount its totals use (SPEC §6, DECISIONS §2): admin all
 * rows and the administration's share; amministrazione rows with importoAmministrazione ≠ 0 and
 * the sum of all four; the other roles the rows where they are the payee, their own amount ≠ 0.
 */
export function commissionShare(actor: Actor): { amount: SQL; where: SQL | undefined } {
  switch (actor.role) {
    case 'admin':
      return { amount: sql`${commissioni.importoAmministrazione}`, where: undefined };
    case 'amministrazione':
      return {
        amount: sql`(${commissioni.importoPuntoFisico} + ${commissioni.importoAgente} + ${commissioni.importoAreaManager} + ${commissioni.importoAmministrazione})`,
        where: ne(commissioni.importoAmministrazione, '0'),
      };
    case 'area_manager':
      return {
        amount: sql`${commissioni.importoAreaManager}`,
        where: and(eq(commissioni.payeeAreaManagerId, actor.id), ne(commissioni.importoAreaManager, '0')),
      };
    case 'agente':
      return {
        amount: sql`${commissioni.importoAgente}`,
        where: and(eq(commissioni.payeeAgenteId, actor.id), ne(commissioni.importoAgente, '0')),
      };
    case 'punto_fisico':
      return {
        amount: sql`${commissioni.importoPuntoFisico}`,
        where: and(eq(commissioni.payeePuntoFisicoId, actor.id), ne(commissioni.importoPuntoFisico, '0')),
      };
  }
}
