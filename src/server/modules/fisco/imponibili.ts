import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { BENEFICIARIO_RUOLI, type BeneficiarioRuolo } from '#shared/domain.ts';
import { FiscoError, isAgenteEnasarco, riepilogoFiscale, type RiepilogoFiscale } from '#shared/fisco.ts';
import { toCents, type Cents } from '#shared/money.ts';
import type { PeriodoEstratto } from '#shared/periodi.ts';
import type { Database } from '#server/db/client.ts';
import { commissioni } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import { nonZero, PAYEE_COLUMNS } from '#server/modules/commissioni/commissioni.scope.ts';
import { filtersWhere } from '#server/modules/commissioni/commissioni.service.ts';

/** A rule the product does not compute (a year with no table, a company past 13 M €) answers 409. */
export function fiscoOrThrow<T>(compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    if (error instanceof FiscoError) throw AppError.conflict(error.message);
    throw error;
  }
}

/** The day before a Rome day key ('2026-04-01' → '2026-03-31'). */
const dayBefore = (key: string) =>
  new Date(Date.parse(`${key}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * Each payee's commissions and storni in their own amount over some rows, grouped by payee: the
 * same rows as their Commissioni screen and statement (payee column, amount ≠ 0). A payee whose
 * role changed since counts under the current role only, as in the statement's payee list.
 */
export async function sommePerBeneficiario(
  db: Database,
  where: (ruolo: BeneficiarioRuolo) => SQL | undefined,
) {
  const perRuolo = await Promise.all(
    BENEFICIARIO_RUOLI.map(async (ruolo) => {
      const { payee, amount } = PAYEE_COLUMNS[ruolo];
      const rows = await db
        .select({
          id: payee,
          lordo: sql<string>`coalesce(sum(${amount}) filter (where ${commissioni.stornoOfId} is null), 0)::text`,
          storni: sql<string>`coalesce(sum(${amount}) filter (where ${commissioni.stornoOfId} is not null), 0)::text`,
        })
        .from(commissioni)
        .where(and(isNotNull(payee), nonZero(amount), where(ruolo)))
        .groupBy(payee);
      return rows.map((r) => ({ id: r.id!, ruolo, lordo: toCents(r.lordo), storni: toCents(r.storni) }));
    }),
  );
  return perRuolo.flat();
}

export const inRange = (dataInizio: string, dataFine: string) => () => filtersWhere({ dataInizio, dataFine });

/** Commissions of the period's year before the period: what the Enasarco cap has already counted. */
export async function imponibilePrecedente(
  db: Database,
  periodo: PeriodoEstratto,
  only?: { id: number; ruolo: BeneficiarioRuolo },
) {
  const map = new Map<number, Cents>();
  const inizioAnno = `${periodo.anno}-01-01`;
  if (periodo.dataInizio === inizioAnno) return map;
  const range = inRange(inizioAnno, dayBefore(periodo.dataInizio));
  const rows = await sommePerBeneficiario(db, (ruolo) =>
    only
      ? ruolo === only.ruolo
        ? and(range(), eq(PAYEE_COLUMNS[ruolo].payee, only.id))
        : sql`false`
      : range(),
  );
  for (const r of rows) if (!only || r.ruolo === only.ruolo) map.set(r.id, r.lordo + r.storni);
  return map;
}

/**
 * The fiscal lines of one payee's statement (docs/product/commissions.md#enasarco-e-ritenuta-dacconto),
 * from the statement's own totals, or null without a profile.
 */
export async function riepilogoFiscaleEstratto(
  db: Database,
  input: {
    beneficiario: { id: number; ruolo: BeneficiarioRuolo };
    periodo: PeriodoEstratto;
    profilo: Parameters<typeof riepilogoFiscale>[0]['profilo'] | null;
    lordo: Cents;
    storni: Cents;
  },
): Promise<RiepilogoFiscale | null> {
  const { beneficiario, periodo, profilo, lordo, storni } = input;
  if (!profilo) return null;
  const precedente = isAgenteEnasarco(profilo.tipo)
    ? ((await imponibilePrecedente(db, periodo, beneficiario)).get(beneficiario.id) ?? 0)
    : 0;
  return fiscoOrThrow(() =>
    riepilogoFiscale({ profilo, anno: periodo.anno, lordo, storni, imponibilePrecedente: precedente }),
  );
}
