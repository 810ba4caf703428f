import { and, eq } from 'drizzle-orm';
import {
  fineRipensamento,
  giorniRipensamento,
  type Canale,
  type RegolaStorno,
} from '#shared/commissioni/maturazione.ts';
import type { ServizioTipo } from '#shared/domain.ts';
import { CANALI } from '#shared/schemas/scheda.ts';
import { romeDateKey } from '#shared/time.ts';
import type { DbExecutor } from '#server/db/client.ts';
import { commissioniFornitori, schedeContratto } from '#server/db/schema.ts';
import { readPeriodi } from '#server/modules/maturazione/periodi.service.ts';

const isCanale = (v: unknown): v is Canale =>
  typeof v === 'string' && (CANALI as readonly string[]).includes(v);
const isDay = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

/**
 * What a commission records when its service completes (docs/product/commissions.md#maturazione):
 * the contract's day (the scheda's signature, else the completion's Rome day), its channel (the
 * scheda's, else web/QR for a landing practice, else unknown), the last day of the withdrawal
 * window, and the supplier's clawback rule in force.
 */
export async function maturazioneAlCompletamento(
  tx: DbExecutor,
  input: {
    servizioId: number;
    fornitoreId: number;
    tipoServizio: ServizioTipo;
    /** The practice came from the landing (it has the visitor's address). */
    isLanding: boolean;
    now: Date;
  },
) {
  // One after the other: statements of one transaction share its connection.
  const [scheda] = await tx
    .select({ dati: schedeContratto.dati })
    .from(schedeContratto)
    .where(eq(schedeContratto.servizioId, input.servizioId));
  const [rule] = await tx
    .select({ mesi: commissioniFornitori.stornoMesi, modo: commissioniFornitori.stornoModo })
    .from(commissioniFornitori)
    .where(
      and(
        eq(commissioniFornitori.fornitoreId, input.fornitoreId),
        eq(commissioniFornitori.servizio, input.tipoServizio),
      ),
    );
  const periodi = await readPeriodi(tx);
  const dati = scheda?.dati ?? {};
  const canale = isCanale(dati.canale) ? dati.canale : input.isLanding ? 'web_qr' : null;
  const dataContratto = isDay(dati.dataFirma) ? dati.dataFirma : romeDateKey(input.now);
  const regolaStorno: RegolaStorno | null =
    rule?.mesi != null && rule.modo != null ? { mesi: rule.mesi, modo: rule.modo } : null;
  return {
    dataContratto,
    canale,
    fineRipensamento: fineRipensamento(dataContratto, giorniRipensamento(periodi, canale)),
    regolaStorno,
  };
}
