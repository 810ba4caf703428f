import { and, gte, not, sql, type SQL } from 'drizzle-orm';
import type { StatoMaturazione } from '#shared/commissioni/maturazione.ts';
import { normalizeMoney, toCents, fromCents } from '#shared/money.ts';
import type { CommissioniSummary } from '#shared/schemas/commissione.ts';
import { romeDateKey } from '#shared/time.ts';
import type { Database } from '#server/db/client.ts';
import { commissioni } from '#server/db/schema.ts';

/**
 * In maturazione or matured on the Rome day `today` (docs/product/commissions.md#maturazione):
 * computed from the window's last day, never by a job rewriting rows. A storno, a commission
 * from before windows were recorded (no window) and one already clawed back (its storno settles
 * it) are not in maturazione.
 */
export function maturazioneWhere(stato: StatoMaturazione | undefined, now: Date): SQL | undefined {
  if (!stato) return undefined;
  const today = romeDateKey(now);
  // Written out in full: the outer column must stay qualified inside the subquery.
  const notSettled = sql`not exists (select 1 from commissioni s where s.storno_of_id = "commissioni"."id")`;
  // The plain comparison reads the index of the window's last day; the rest is its negation,
  // with no window counting as outside it (never null).
  if (stato === 'in_maturazione') return and(gte(commissioni.fineRipensamento, today), notSettled);
  return not(and(sql`coalesce(${commissioni.fineRipensamento} >= ${today}::date, false)`, notSettled)!);
}

/**
 * The sums of the rows still in maturazione among those `where` selects, in the role's amount:
 * read from the rows themselves through the index of the window's last day (the rows in their
 * window are those of the last weeks, whatever the table's size). The day sums cannot split them.
 */
export async function sumInMaturazione(db: Database, where: SQL | undefined, amount: SQL, now: Date) {
  const [row] = await db
    .select({
      righe: sql<string>`count(*)::text`,
      totale: sql<string>`coalesce(sum(${amount}), 0)::text`,
      incassate: sql<string>`coalesce(sum(${amount}) filter (where ${commissioni.statoPagamento} = 'pagato'), 0)::text`,
    })
    .from(commissioni)
    .where(and(where, maturazioneWhere('in_maturazione', now)));
  return { righe: Number(row.righe), totale: toCents(row.totale), incassate: toCents(row.incassate) };
}

type Summary = CommissioniSummary & { righe: number };

/**
 * The list's summary for a maturing filter: in maturazione, the rows in their window alone;
 * matured, every row less those. Storni are never in maturazione.
 */
export function summaryFor(
  stato: StatoMaturazione | undefined,
  all: Summary,
  inMat: Awaited<ReturnType<typeof sumInMaturazione>>,
): Summary {
  const maturazione = { inMaturazione: fromCents(inMat.totale), anticipi: fromCents(inMat.incassate) };
  if (!stato) return { ...all, maturazione };
  const sign = stato === 'in_maturazione' ? 1 : -1;
  const base = stato === 'in_maturazione' ? { totale: 0, daIncassare: 0, incassate: 0, righe: 0 } : null;
  const pick = (key: 'totale' | 'incassate' | 'daIncassare', own: number) =>
    normalizeMoney(fromCents((base ? base[key] : toCents(all[key])) + sign * own));
  return {
    righe: (base ? 0 : all.righe) + sign * inMat.righe,
    totale: pick('totale', inMat.totale),
    incassate: pick('incassate', inMat.incassate),
    daIncassare: pick('daIncassare', inMat.totale - inMat.incassate),
    storni:
      stato === 'in_maturazione' ? { totale: '0.00', daIncassare: '0.00', incassate: '0.00' } : all.storni,
    maturazione,
  };
}
