/**
 * Phases 4 and 5 of the demo data: a sample of practices goes through the real service workflow
 * (the function behind PUT /api/servizi/{id}/status: engine, history, practice status), is paid
 * through the one behind PUT /api/commissioni/{id}/payment, and a few paid services are withdrawn,
 * which leaves storni. The calls happen now; what they wrote is then moved back to the demo time.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { servizioStatusBodySchema } from '#shared/schemas/servizio.ts';
import type { Actor } from '#server/lib/actor.ts';
import { updatePayment } from '#server/modules/commissioni/commissioni.service.ts';
import { updateServizioStatus } from '#server/modules/servizi/servizi.service.ts';
import type { Database } from '#server/db/client.ts';
import { retryOnConflict } from '#server/db/conflicts.ts';
import { commissioni } from '#server/db/schema.ts';
import type { WorkflowStep } from '#scripts/seed-demo/plan.ts';
import { DAY, HOUR, payday, payoutNote, type Tools } from '#scripts/seed-demo/random.ts';

export interface WorkflowContext {
  db: Database;
  t: Tools;
  now: Date;
  officeActors: Actor[];
  admin: Actor;
}

/**
 * Moves what the last status change of a service wrote to its demo time: the history row, the
 * service's last update and any commission row it created. Rows written by this call carry the
 * real clock, later than every demo time, which is how they are told from earlier ones.
 */
async function backdate(db: Database, servizioId: number, at: Date) {
  const iso = at.toISOString();
  await db.execute(sql`
    with h as (
      update servizi_storico set created_at = ${iso} where servizio_id = ${servizioId} and created_at > ${iso}
    ), c as (
      update commissioni set data_completamento = ${iso}, created_at = ${iso} where servizio_id = ${servizioId} and data_completamento > ${iso}
    )
    update servizi set data_ultimo_aggiornamento = ${iso} where id = ${servizioId}`);
}

export async function runStep(ctx: WorkflowContext, step: WorkflowStep) {
  const actor = ctx.t.pick(ctx.officeActors);
  const body = servizioStatusBodySchema.parse(step.body);
  // Practices move concurrently on PostgreSQL (index.ts): the status change runs itself again
  // after a deadlock with another practice's change (updateServizioStatus), and so does the
  // back-dating here, which moves the commission's day sums from today to the demo day.
  await updateServizioStatus(ctx.db, actor, step.servizioId, body);
  await retryOnConflict(() => backdate(ctx.db, step.servizioId, step.at), 5);
}

/**
 * Monthly payouts of the workflow's commissions: what was completed in a month is paid on the
 * 15th of the next, if that day has come (nine in ten; the rest is disputed and waits). A few paid
 * services are then withdrawn by the customer, which leaves a storno row to recover at the next payout.
 */
export async function payAndWithdraw(ctx: WorkflowContext, servizioIds: number[]) {
  const { db, t, now } = ctx;
  let paid = 0;
  const withdrawals: WorkflowStep[] = [];
  for (let i = 0; i < servizioIds.length; i += 5000) {
    const rows = await db
      .select({
        id: commissioni.id,
        servizioId: commissioni.servizioId,
        tipo: commissioni.tipoServizio,
        data: commissioni.dataCompletamento,
      })
      .from(commissioni)
      .where(
        and(inArray(commissioni.servizioId, servizioIds.slice(i, i + 5000)), isNull(commissioni.stornoOfId)),
      )
      .orderBy(commissioni.id);
    for (const row of rows) {
      const paidOn = payday(row.data);
      if (paidOn.getTime() > now.getTime() || !t.chance(0.9)) continue;
      await updatePayment(db, ctx.admin, row.id, { status: 'pagato', note: payoutNote(row.data) });
      await db.update(commissioni).set({ dataPagamento: paidOn }).where(eq(commissioni.id, row.id));
      paid++;
      const withdrawnAt = paidOn.getTime() + t.int(3, 40) * DAY + t.int(0, 8) * HOUR;
      if (withdrawnAt < now.getTime() - HOUR && t.chance(0.04)) {
        withdrawals.push({
          servizioId: row.servizioId,
          tipo: row.tipo,
          at: new Date(withdrawnAt),
          body: { stato: 'ko', koMotivazione: 'cliente_non_interessato' },
        });
      }
    }
  }
  for (const step of withdrawals) await runStep(ctx, step);
  return { paid, withdrawn: withdrawals.map((w) => w.servizioId) };
}
