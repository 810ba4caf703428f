import { and, count, inArray, sql, type SQL } from 'drizzle-orm';
import { TOTAL_BOUND } from '#shared/schemas/common.ts';
import type { DbExecutor } from '#server/db/client.ts';
import { contatoriPunti, leads, pratiche, puntiFisici } from '#server/db/schema.ts';
import type { Actor } from '#server/lib/actor.ts';
import { leadOfPuntiHalves, puntiScope, puntiVisibili } from '#server/modules/punti-fisici/scope.ts';

/**
 * Reading each point's figures, which triggers keep in the same transaction as every change
 * (contatori_punti): a total or a per-status figure is a sum over the points in scope, exact at
 * any size. See docs/performance.md#contatori
 */

export type Voce = 'lead' | 'pratiche' | `servizi|${string}|${string}` | `pratiche|${string}|${string}`;

export interface PageTotal {
  total: number;
  totalIsLowerBound: boolean;
}

export const exactTotal = (total: number): PageTotal => ({ total, totalIsLowerBound: false });

/**
 * The leads the actor sees, to read within another statement: one row (`n`). A lead is counted
 * at its first point; a scoped role adds the returning customers of its points whose first point
 * is none of them (practices marked altro_punto, a few in a hundred), each once.
 */
export function leadsTotalSql(actor: Actor): SQL {
  const points = puntiVisibili(actor);
  const first = sql`(select coalesce(sum(${contatoriPunti.n}), 0) from ${contatoriPunti}
    where ${contatoriPunti.voce} = 'lead'${points ? sql` and ${contatoriPunti.puntoFisicoId} in ${points}` : sql``})`;
  if (!points) return sql`${first}::int`;
  const [, returning] = leadOfPuntiHalves(points);
  return sql`(${first} + (select count(*) from ${leads} where ${returning}))::int`;
}

/**
 * The given figures summed over points: the actor's points (all points and "no point" for an
 * unscoped role), narrowed to `among` (a condition on punti_fisici) when given.
 */
export async function pointCounters(
  db: DbExecutor,
  actor: Actor,
  voci: readonly Voce[],
  among?: SQL,
): Promise<Map<string, number>> {
  const rows = await pointCountersQuery(db, actor, voci, among);
  return new Map(rows.map((r) => [r.voce, Number(r.n)]));
}

/** pointCounters' query, to read within another statement: rows of (`voce`, `n`). */
export function pointCountersQuery(db: DbExecutor, actor: Actor, voci: readonly Voce[], among?: SQL) {
  const scope = puntiScope(actor);
  const points =
    scope || among
      ? inArray(
          contatoriPunti.puntoFisicoId,
          db.select({ id: puntiFisici.id }).from(puntiFisici).where(and(scope, among)),
        )
      : undefined;
  return db
    .select({ voce: contatoriPunti.voce, n: sql<number>`sum(${contatoriPunti.n})::int`.as('n') })
    .from(contatoriPunti)
    .where(and(voci.length ? inArray(contatoriPunti.voce, [...voci]) : sql`false`, points))
    .groupBy(contatoriPunti.voce);
}

/**
 * Each point's leads (those that came in there first, and the returning customers with a
 * practice there) and practices, for the given points, in one query.
 */
export async function leadsAndPraticheOfPoints(
  db: DbExecutor,
  ids: number[],
): Promise<{ leads: Map<number, number>; pratiche: Map<number, number> }> {
  const result = { leads: new Map<number, number>(), pratiche: new Map<number, number>() };
  if (ids.length === 0) return result;
  const rows = await db.execute(sql`select punto, voce, sum(n)::int as n from (
      select ${contatoriPunti.puntoFisicoId} as punto, ${contatoriPunti.voce} as voce, ${contatoriPunti.n} as n
        from ${contatoriPunti}
        where ${inArray(contatoriPunti.puntoFisicoId, ids)} and ${inArray(contatoriPunti.voce, ['lead', 'pratiche'])}
      union all
      select ${pratiche.puntoFisicoId}, 'lead', count(distinct ${pratiche.leadId})::int from ${pratiche}
        where ${pratiche.altroPunto} and ${inArray(pratiche.puntoFisicoId, ids)} group by 1
    ) x group by 1, 2`);
  for (const r of (rows as { rows: Array<{ punto: number; voce: string; n: number }> }).rows)
    (r.voce === 'lead' ? result.leads : result.pratiche).set(Number(r.punto), Number(r.n));
  return result;
}

/**
 * Counts the rows of `rows` (a select of anything) up to `bound` + 1: an exact total up to
 * `bound`, else "more than `bound`". Costs at most `bound` + 1 rows read.
 */
export async function boundedTotal(
  db: DbExecutor,
  rows: { limit(n: number): { as(alias: string): unknown } },
  bound = TOTAL_BOUND,
): Promise<PageTotal> {
  const limited = rows.limit(bound + 1).as('limitato') as Parameters<
    ReturnType<DbExecutor['select']>['from']
  >[0];
  const [row] = await db.select({ n: count() }).from(limited);
  return totalUpTo(Number(row.n), bound);
}

/**
 * Counts the leads matching `where` up to `bound` + 1, like boundedTotal, within some points given
 * as the two halves of leadOfPuntiHalves: each half read from an index of its own, so the count
 * reads no table rows. Without halves, every lead matching `where`.
 */
export async function boundedLeadsTotal(
  db: DbExecutor,
  where: SQL | undefined,
  halves: readonly [SQL, SQL] | undefined,
  bound = TOTAL_BOUND,
): Promise<PageTotal> {
  if (!halves)
    return boundedTotal(
      db,
      db
        .select({ one: sql`1` })
        .from(leads)
        .where(where),
      bound,
    );
  const parts = halves.map((half) => sql`(select 1 from ${leads} where ${and(where, half)})`);
  const result = await db.execute(
    sql`select count(*)::int as n from (${sql.join(parts, sql` union all `)} limit ${bound + 1}) limitato`,
  );
  return totalUpTo(Number((result as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0), bound);
}

/** `n` rows known, shown exactly up to `bound` and as 'more than `bound`' past it. */
export function totalUpTo(n: number, bound: number): PageTotal {
  return n > bound ? { total: bound, totalIsLowerBound: true } : exactTotal(n);
}
