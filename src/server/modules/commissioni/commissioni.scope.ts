import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { commissioni } from '#server/db/schema.ts';
import type { Actor } from '#server/plugins/auth.ts';

/**
 * The commissions a role sees (docs/product/roles-and-scope.md#perimetro-delle-righe): admin all; amministrazione the rows with
 * importoAmministrazione ≠ 0; the other roles the rows where they are the payee and their own
 * amount ≠ 0 (≠, not >, so storni that claw back their paid commissions show too).
 */
export function commissioniScope(actor: Actor): SQL | undefined {
  switch (actor.role) {
    case 'admin':
      return undefined;
    case 'amministrazione':
      return ne(commissioni.importoAmministrazione, '0');
    case 'area_manager':
      return and(eq(commissioni.payeeAreaManagerId, actor.id), ne(commissioni.importoAreaManager, '0'));
    case 'agente':
      return and(eq(commissioni.payeeAgenteId, actor.id), ne(commissioni.importoAgente, '0'));
    case 'punto_fisico':
      return and(eq(commissioni.payeePuntoFisicoId, actor.id), ne(commissioni.importoPuntoFisico, '0'));
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
      return sql`${commissioni.importoAreaManager}`;
    case 'agente':
      return sql`${commissioni.importoAgente}`;
    case 'punto_fisico':
      return sql`${commissioni.importoPuntoFisico}`;
  }
}
