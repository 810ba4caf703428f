import { and, eq, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbExecutor } from '#server/db/client.ts';
import { leads, pratiche, puntiFisici, users } from '#server/db/schema.ts';
import type { Actor } from '#server/lib/actor.ts';

/**
 * "A role sees its points" (docs/product/roles-and-scope.md#perimetro-delle-righe), in one place:
 * admin and amministrazione see every point; an area manager, an agent and a point's responsible
 * person the points that name them. Leads, practices, the dashboard, the calls' queue and the
 * point lists all put this same rule into their queries, so a row outside it is simply not found.
 */

/** The column of punti_fisici that names the person, for each scoped role. */
const SCOPE_COLUMN = {
  area_manager: puntiFisici.areaManagerId,
  agente: puntiFisici.agenteId,
  punto_fisico: puntiFisici.utenteResponsabileId,
} as const;

type Person = Pick<Actor, 'id' | 'role'>;

/** The condition on punti_fisici keeping the person's points; undefined = all. */
export function puntiScope(actor: Person): SQL | undefined {
  if (actor.role === 'admin' || actor.role === 'amministrazione') return undefined;
  return eq(SCOPE_COLUMN[actor.role], actor.id);
}

/** The ids of the person's points as a subquery, for a point column of any table; undefined = all. */
export function puntiVisibili(actor: Person): SQL | undefined {
  const scope = puntiScope(actor);
  if (!scope) return undefined;
  // Named explicitly: inside another table's query an unqualified "id" would be that table's.
  const column = sql.raw(`pf_scope.${SCOPE_COLUMN[actor.role as keyof typeof SCOPE_COLUMN].name}`);
  return sql`(select pf_scope.id from punti_fisici pf_scope where ${column} = ${actor.id})`;
}

/** `column` names one of the person's points; undefined = all. */
export function inPuntiVisibili(column: SQLWrapper, actor: Person): SQL | undefined {
  const ids = puntiVisibili(actor);
  return ids && sql`${column} in ${ids}`;
}

/** Some points: a subquery of ids (puntiVisibili) or one point's id. */
export type Punti = SQL | number;

/** The points as an array, for `= any(...)`: an index condition on the first point, not a filter. */
const idsOf = (points: Punti): SQL =>
  typeof points === 'number' ? sql`array[${points}::int]` : sql`array${points}`;

/**
 * The leads with a practice at one of the points whose first point is another, as a subquery: a
 * filter PostgreSQL hashes once. As `id = any(array(...))` it became an index condition on any
 * index holding the id, and a range of the queue's index checked against thousands of ids took 1 s.
 */
const returningLeads = (ids: SQL): SQL =>
  sql`(select pr_scope.lead_id from pratiche pr_scope where pr_scope.altro_punto and pr_scope.punto_fisico_id = any(${ids}))`;

/**
 * The two disjoint halves of "the leads of some points" (docs/product/roles-and-scope.md#lead-di-un-punto):
 * the leads that came in there first, and those with a practice there whose first point is another
 * (`pratiche.altro_punto`, a few in a hundred). The first half is counted from an index alone, the
 * second is a few ids (docs/performance.md#perimetro-dei-ruoli).
 */
export function leadOfPuntiHalves(points: Punti): [first: SQL, returning: SQL] {
  const ids = idsOf(points);
  return [
    sql`${leads.puntoFisicoOriginaleId} = any(${ids})`,
    sql`(${leads.id} in ${returningLeads(ids)} and not coalesce(${leads.puntoFisicoOriginaleId} = any(${ids}), false))`,
  ];
}

/**
 * The leads of some points: a lead belongs to a point when it came in there first, or when it has
 * a practice there (a returning customer keeps its first point, but the second shop sees it too).
 */
export function leadOfPunti(points: Punti): SQL {
  const ids = idsOf(points);
  return sql`(${leads.puntoFisicoOriginaleId} = any(${ids}) or ${leads.id} in ${returningLeads(ids)})`;
}

/**
 * Marks the practices of some leads held at a point other than their lead's first
 * (`pratiche.altro_punto`, read by leadOfPunti): after a practice is opened or moved to another
 * lead, and after a lead's first point is set. The one definition of the flag.
 */
export async function markAltroPunto(db: DbExecutor, leadIds: readonly number[] | 'all'): Promise<void> {
  if (leadIds !== 'all' && leadIds.length === 0) return;
  const among =
    leadIds === 'all'
      ? sql``
      : sql` and pr.lead_id in (${sql.join(
          leadIds.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  await db.execute(sql`update pratiche pr set altro_punto = pr.punto_fisico_id is distinct from l.punto_fisico_originale_id
    from leads l where l.id = pr.lead_id${among}
    and pr.altro_punto is distinct from (pr.punto_fisico_id is distinct from l.punto_fisico_originale_id)`);
}

/** Leads the person may see; undefined = all. */
export function leadsScope(actor: Person): SQL | undefined {
  const ids = puntiVisibili(actor);
  return ids && leadOfPunti(ids);
}

/** The halves of leadsScope, for counts; undefined = all. */
export function leadsScopeHalves(actor: Person): [SQL, SQL] | undefined {
  const ids = puntiVisibili(actor);
  return ids && leadOfPuntiHalves(ids);
}

/**
 * Whether the lead whose id is `leadId` (a column of another query) is one the person may see, as
 * a condition: a probe of its first point and of its practices. undefined = all.
 */
export function leadIdInScope(actor: Person, leadId: SQL): SQL | undefined {
  const ids = puntiVisibili(actor);
  return (
    ids &&
    sql`(exists (select 1 from leads l_scope where l_scope.id = ${leadId} and l_scope.punto_fisico_originale_id in ${ids})
      or exists (select 1 from pratiche pr_in where pr_in.lead_id = ${leadId} and pr_in.punto_fisico_id in ${ids}))`
  );
}

/** Practices the person may see; undefined = all. */
export function praticheScope(actor: Person): SQL | undefined {
  return inPuntiVisibili(pratiche.puntoFisicoId, actor);
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
