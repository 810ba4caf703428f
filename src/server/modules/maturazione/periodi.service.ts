import {
  PERIODI_RIPENSAMENTO,
  PERIODI_RIPENSAMENTO_DEFAULT,
  type PeriodiRipensamento,
} from '#shared/commissioni/maturazione.ts';
import { CANALI } from '#shared/schemas/scheda.ts';
import type { PeriodiRipensamentoResponse } from '#shared/schemas/maturazione.ts';
import type { Database, DbExecutor } from '#server/db/client.ts';
import type { Actor } from '#server/lib/actor.ts';
import { recordAudit } from '#server/modules/audit/audit.service.ts';
import { readKey, upsert } from '#server/modules/impostazioni/impostazioni-store.ts';

/** The admin's withdrawal periods, in `impostazioni` (docs/product/commissions.md#maturazione). */
const RIPENSAMENTO_KEY = 'ripensamento';

/** The periods in force: the admin's, else the defaults of the one table. */
export async function readPeriodi(db: DbExecutor): Promise<PeriodiRipensamento> {
  const stored = (await readKey(db, RIPENSAMENTO_KEY)) as Partial<PeriodiRipensamento> | undefined;
  const out = { ...PERIODI_RIPENSAMENTO_DEFAULT };
  for (const canale of CANALI) {
    const value = stored?.[canale];
    if (Number.isInteger(value)) out[canale] = value!;
  }
  return out;
}

export async function getPeriodi(db: DbExecutor): Promise<PeriodiRipensamentoResponse> {
  return { periodi: await readPeriodi(db), predefiniti: [...PERIODI_RIPENSAMENTO] };
}

/**
 * The admin saves the periods: they apply to services completed from then on; a commission keeps
 * the window it was given (docs/product/commissions.md#maturazione). Audit-logged with what changed.
 */
export async function savePeriodi(
  db: Database,
  actor: Actor,
  ip: string,
  input: PeriodiRipensamento,
): Promise<PeriodiRipensamentoResponse> {
  return db.transaction(async (tx) => {
    const before = await readPeriodi(tx);
    const changed = CANALI.filter((c) => before[c] !== input[c]);
    if (changed.length > 0) {
      await upsert(tx, RIPENSAMENTO_KEY, input, actor);
      await recordAudit(tx, {
        tipo: 'impostazioni_modificate',
        who: actor,
        ip,
        oggetto: { tipo: 'impostazioni' },
        dettagli: {
          periodiRipensamento: Object.fromEntries(changed.map((c) => [c, { da: before[c], a: input[c] }])),
        },
      });
    }
    return getPeriodi(tx);
  });
}
