import { and, between, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { LeadContattoStato } from '#shared/domain.ts';
import { TOTAL_BOUND } from '#shared/schemas/common.ts';
import type { DbExecutor } from '#server/db/client.ts';
import { contatori, leads, puntiFisici } from '#server/db/schema.ts';
import type { Actor } from '#server/lib/actor.ts';
import { puntiScope } from '#server/modules/punti-fisici/scope.ts';

/**
 * Reading the counters that triggers keep in the same transaction as every change (migration
 * 0011): a total or a per-status figure costs a few index reads at any size.
 * See docs/performance.md#contatori
 */

export type Voce = LeadVoce | 'pratiche' | `servizi|${string}|${string}` | `pratiche|${string}|${string}`;

/** The leads, all or in one contact status (migration 0039, docs/performance.md#contatori). */
export type LeadVoce = 'lead' | `lead|${LeadContattoStato}`;

export interface PageTotal {
  total: number;
  totalIsLowerBound: boolean;
}

export const exactTotal = (total: number): PageTotal => ({ total, totalIsLowerBound: false });

/**
 * The leads the actor sees (in one contact status with `lead|stato`), to read within another
 * statement: one row (`n`). The company's figure is
 * the sum of its stripes (migration 0024, docs/performance.md#contatori-al-commit).
 */
export function leadsTotalQuery(db: DbExecutor, actor: Actor, voce: LeadVoce = 'lead') {
  const scoped = puntiScope(actor) != null;
  return db
    .select({ n: sql<number>`coalesce(sum(${contatori.n}), 0)::int`.as('n') })
    .from(contatori)
    .where(
      and(
        eq(contatori.ambito, scoped ? actor.role : 'tutti'),
        scoped ? eq(contatori.ambitoId, actor.id) : undefined,
        eq(contatori.voce, voce),
      ),
    );
}

/**
 * The given figures summed over points: the actor's points (all points and "no point" for an
 * unscoped role), narrowed to `among` when given.
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
  if (!scope && !among) {
    // Every point and "no point": the company's own figures (migration 0022, summed over their 8
    // stripes, 0024), not a sum over the points per request; 'lead' is not a sum over points.
    const everyPoint = !voci.includes('lead');
    return db
      .select({ voce: contatori.voce, n: sql<number>`sum(${contatori.n})::int`.as('n') })
      .from(contatori)
      .where(
        and(
          eq(contatori.ambito, everyPoint ? 'tutti' : 'punto'),
          voci.length ? inArray(contatori.voce, [...voci]) : sql`false`,
        ),
      )
      .groupBy(contatori.voce);
  }
  // Some points (a person's, or those a filter names): each point's figures read from its own
  // range of the key (ambito, punto, voce), one index descent per point, instead of every point's
  // rows of these figures matched against the list of points (docs/performance.md#contatori).
  const wanted = [...voci].sort();
  const ofPoint = db
    .select({ voce: contatori.voce, n: contatori.n })
    .from(contatori)
    .where(
      and(
        sql`${contatori.ambito} = 'punto'`,
        eq(contatori.ambitoId, puntiFisici.id),
        between(contatori.voce, wanted[0], wanted[wanted.length - 1]),
        inArray(contatori.voce, wanted),
      ),
    )
    // Kept a subquery run per point (an OFFSET keeps PostgreSQL from merging it into a join
    // that reads these figures for every point).
    .offset(0)
    .as('figure');
  return db
    .select({ voce: ofPoint.voce, n: sql<number>`sum(${ofPoint.n})::int`.as('n') })
    .from(puntiFisici)
    .crossJoinLateral(ofPoint)
    .where(and(scope, among))
    .groupBy(ofPoint.voce);
}

/** Each point's figure, for the given points. */
export async function countersByPoint(
  db: DbExecutor,
  ids: number[],
  voce: Voce,
): Promise<Map<number, number>> {
  return (await countersOfPoints(db, ids, [voce])).get(voce)!;
}

/** Each point's figures, for the given points, in one query: figure → point → n. */
export async function countersOfPoints(
  db: DbExecutor,
  ids: number[],
  voci: Voce[],
): Promise<Map<string, Map<number, number>>> {
  const byVoce = new Map<string, Map<number, number>>(voci.map((v) => [v, new Map()]));
  if (ids.length === 0) return byVoce;
  const rows = await db
    .select({ id: contatori.ambitoId, voce: contatori.voce, n: contatori.n })
    .from(contatori)
    .where(
      and(eq(contatori.ambito, 'punto'), inArray(contatori.voce, voci), inArray(contatori.ambitoId, ids)),
    );
  for (const r of rows) byVoce.get(r.voce)?.set(r.id, r.n);
  return byVoce;
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
