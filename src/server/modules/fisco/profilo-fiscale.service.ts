import { eq } from 'drizzle-orm';
import { BENEFICIARIO_RUOLI } from '#shared/domain.ts';
import type { BaseRitenuta, ProfiloFiscaleRegole } from '#shared/fisco.ts';
import { msg } from '#shared/messages.ts';
import type {
  ProfiloFiscale,
  ProfiloFiscaleResponse,
  profiloFiscaleInputSchema,
} from '#shared/schemas/profilo-fiscale.ts';
import type { z } from 'zod';
import type { Database, DbExecutor } from '#server/db/client.ts';
import { profiliFiscali, users } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Actor } from '#server/lib/actor.ts';
import { recordAudit } from '#server/modules/audit/audit.service.ts';

const m = msg.fisco.profilo;

type Row = typeof profiliFiscali.$inferSelect;

const toProfilo = (row: Row): ProfiloFiscale & ProfiloFiscaleRegole => ({
  tipo: row.tipo,
  partitaIva: row.partitaIva,
  regime: row.regime,
  baseRitenuta: row.baseRitenuta as BaseRitenuta,
  updatedAt: row.updatedAt.toISOString(),
});

/** Only people paid on commission have a fiscal profile: anyone else is not found. */
async function payeeOrThrow(db: DbExecutor, userId: number) {
  const [user] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, userId));
  if (!user || !(BENEFICIARIO_RUOLI as readonly string[]).includes(user.role))
    throw AppError.notFound(m.utenteNotFound);
  return user;
}

/** The profile the statement applies, or null (then it withholds nothing). */
export async function profiloFiscaleOf(db: DbExecutor, userId: number) {
  const [row] = await db.select().from(profiliFiscali).where(eq(profiliFiscali.userId, userId));
  return row ? toProfilo(row) : null;
}

export async function getProfiloFiscale(db: Database, userId: number): Promise<ProfiloFiscaleResponse> {
  await payeeOrThrow(db, userId);
  return { profilo: await profiloFiscaleOf(db, userId) };
}

/**
 * The admin sets a payee's profile (docs/product/commissions.md#profilo-fiscale). Recorded in
 * the audit log with what changed, never the partita IVA itself.
 */
export async function saveProfiloFiscale(
  db: Database,
  actor: Actor,
  userId: number,
  input: z.output<typeof profiloFiscaleInputSchema>,
  ip: string,
  now = new Date(),
): Promise<ProfiloFiscaleResponse> {
  return db.transaction(async (tx) => {
    await payeeOrThrow(tx, userId);
    const before = await profiloFiscaleOf(tx, userId);
    const values = { ...input, updatedAt: now, updatedById: actor.id };
    const [row] = await tx
      .insert(profiliFiscali)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: profiliFiscali.userId, set: values })
      .returning();
    await recordAudit(tx, {
      tipo: 'profilo_fiscale_modificato',
      who: actor,
      ip,
      oggetto: { tipo: 'utente', id: userId },
      dettagli: {
        tipo: input.tipo,
        regime: input.regime,
        baseRitenuta: input.baseRitenuta,
        partitaIvaCambiata: before ? before.partitaIva !== input.partitaIva : true,
        ...(before
          ? { prima: { tipo: before.tipo, regime: before.regime, baseRitenuta: before.baseRitenuta } }
          : {}),
      },
    });
    return { profilo: toProfilo(row) };
  });
}
