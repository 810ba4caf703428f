import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { BeneficiarioRuolo } from '#shared/domain.ts';
import { commissioni, commissioniGiorni } from '#server/db/schema.ts';
import type { Actor } from '#server/lib/actor.ts';

/** For each role paid on commission: the column naming its payee and the column of its amount. */
export const PAYEE_COLUMNS = {
  punto_fisico: { payee: commissioni.payeePuntoFisicoId, amount: commissioni.importoPuntoFisico },
  agente: { payee: commissioni.payeeAgenteId, amount: commissioni.importoAgente },
  area_manager: { payee: commissioni.payeeAreaManagerId, amount: commissioni.importoAreaManager },
} as const satisfies Record<BeneficiarioRuolo, unknown>;

/** A role's amount is not 0: the condition of its partial index (`… where importo_x <> 0`). */
export const nonZero = (amount: SQLWrapper): SQL => sql`${amount} <> 0`;

/**
 * The commissions a role sees (docs/product/roles-and-scope.md#perimetro-delle-righe): admin all; amministrazione the rows with
 * importoAmministrazione ≠ 0; the other roles the rows where they are the payee and their own
 * amount ≠ 0 (≠, not >, so storni that claw back their paid commissions show too).
 * A payee's statement (estratto conto) is this same scope, for that payee.
 */
export function commissioniScope(actor: Actor): SQL | undefined {
  switch (actor.role) {
    case 'admin':
      return undefined;
    case 'amministrazione':
      return nonZero(commissioni.importoAmministrazione);
    case 'area_manager':
    case 'agente':
    case 'punto_fisico': {
      const { payee, amount } = PAYEE_COLUMNS[actor.role];
      return and(eq(payee, actor.id), nonZero(amount));
    }
  }
}

/** The amount a role's totals add up: admin the structure's, amministrazione all four, others their own.
 * See docs/product/roles-and-scope.md#totali-per-ruolo */
export function commissionAmountFor(actor: Actor): SQL {
  switch (actor.role) {
    case 'admin':
      return sql`${commissioni.importoAmministrazione}`;
    case 'amministrazione':
      return sql`(${commissioni.importoPuntoFisico} + ${commissioni.importoAgente} + ${commissioni.importoAreaManager} + ${commissioni.importoAmministrazione})`;
    case 'area_manager':
    case 'agente':
    case 'punto_fisico':
      return sql`${PAYEE_COLUMNS[actor.role].amount}`;
  }
}

/**
 * The rows of `commissioni_giorni` holding the sums of {@link commissionAmountFor} over
 * {@link commissioniScope}, day by day (kept by triggers: docs/performance.md#somme-delle-commissioni).
 * `puntoFisicoId` 0 = every commission of the scope, otherwise that point's only.
 */
export function commissionDaySums(actor: Actor, puntoFisicoId = 0): SQL {
  const ambitoId = actor.role === 'admin' || actor.role === 'amministrazione' ? 0 : actor.id;
  return and(
    eq(commissioniGiorni.ambito, actor.role),
    eq(commissioniGiorni.ambitoId, ambitoId),
    eq(commissioniGiorni.puntoFisicoId, puntoFisicoId),
  ) as SQL;
}
