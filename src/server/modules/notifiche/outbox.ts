import { and, eq, inArray, sql } from 'drizzle-orm';
import type { EmailTipo } from '#shared/domain.ts';
import { addRomeDays, startOfRomeDay } from '#shared/time.ts';
import type { Database, DbExecutor } from '#server/db/client.ts';
import { emailOutbox } from '#server/db/schema.ts';
import type { JobLogger } from '#server/jobs/scheduler.ts';
import { SendError, toSendError, type Mailer } from '#server/modules/notifiche/mailer.ts';

/**
 * The transactional outbox of docs/product/notifications.md: messages are rows written in the event's
 * own transaction; the worker below claims due rows with FOR UPDATE SKIP LOCKED, sends them
 * outside any transaction, and records the outcome. Mail being down never reaches a request.
 */

export interface OutgoingEmail {
  tipo: EmailTipo;
  destinatario: string;
  oggetto: string;
  testo: string;
  html: string;
  /** One message per key, ever: enqueueing the same event twice sends it once. */
  dedupeKey: string;
  userId?: number | null;
  leadId?: number | null;
  praticaId?: number | null;
  /** A calendar invitation sent with it (docs/product/calls.md#calendario). */
  allegatoIcs?: string | null;
}

/**
 * A message about a practice not inserted yet: NEW_PRATICA_ID in its dedupe key stands for the
 * practice's id, filled in when it is known (the landing submission).
 */
export type NewPraticaEmail = Omit<OutgoingEmail, 'praticaId'>;
export const NEW_PRATICA_ID = '{pratica}';

/** Attempts after which a message the server keeps refusing is given up as `fallito`. */
export const MAX_TENTATIVI = 8;
/** Back-off: 30 s after the first failure, doubling, at most 30 minutes. */
export const BACKOFF_BASE_MS = 30_000;
export const BACKOFF_MAX_MS = 30 * 60_000;
/** How long a worker may hold a claimed row before another one assumes it died. */
export const CLAIM_MS = 5 * 60_000;
export const BATCH_SIZE = 20;
/** Batches per run: a burst drains in one run, a huge backlog does not hold one run for ever. */
export const MAX_BATCHES = 10;

export function backoffMs(tentativi: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, tentativi - 1), BACKOFF_MAX_MS);
}

/**
 * When an unsent message stops being worth sending (docs/product/notifications.md#scadenze): the morning
 * digest at the end of its day (tomorrow's replaces it), the customer's confirmation after two
 * days, the rest after seven.
 */
export function scadenzaFor(tipo: EmailTipo, createdAt: Date): Date {
  switch (tipo) {
    case 'lead_in_ritardo':
      return startOfRomeDay(addRomeDays(createdAt, 1));
    case 'lead_conferma':
      return new Date(createdAt.getTime() + 2 * 24 * 60 * 60_000);
    default:
      return new Date(createdAt.getTime() + 7 * 24 * 60 * 60_000);
  }
}

/**
 * Writes messages into the outbox, on the caller's transaction. A message whose dedupe key is
 * already there is skipped. Answers how many were added.
 */
export async function enqueueEmails(
  db: DbExecutor,
  emails: OutgoingEmail[],
  now = new Date(),
): Promise<number> {
  if (emails.length === 0) return 0;
  const added = await db
    .insert(emailOutbox)
    .values(
      emails.map((e) => ({
        ...e,
        stato: 'in_coda' as const,
        prossimoTentativoAt: now,
        scadeAt: scadenzaFor(e.tipo, now),
        createdAt: now,
      })),
    )
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id });
  return added.length;
}

/** A time as a timestamptz parameter. */
const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

export interface OutboxRunResult {
  inviati: number;
  riprogrammati: number;
  falliti: number;
  scaduti: number;
}

export interface OutboxRunOptions {
  now: Date;
  log?: JobLogger;
  batchSize?: number;
  maxBatches?: number;
}

/** Unsent messages past their expiry become `scaduto`: nothing stale goes out after an outage. */
async function expire(db: Database, now: Date): Promise<number> {
  const rows = await db
    .update(emailOutbox)
    .set({ stato: 'scaduto', bloccatoFinoAt: null })
    .where(
      and(
        inArray(emailOutbox.stato, ['in_coda', 'in_invio']),
        sql`${emailOutbox.scadeAt} <= ${ts(now)}`,
        sql`(${emailOutbox.stato} = 'in_coda' or ${emailOutbox.bloccatoFinoAt} <= ${ts(now)})`,
      ),
    )
    .returning({ id: emailOutbox.id });
  return rows.length;
}

type OutboxRow = typeof emailOutbox.$inferSelect;

/**
 * Claims up to `limit` due rows in one statement. SKIP LOCKED lets concurrent workers (other
 * instances) pass over the rows another is claiming, so no row is claimed twice; a row claimed
 * by a worker that died is taken over once its claim runs out.
 */
async function claim(db: Database, now: Date, limit: number): Promise<OutboxRow[]> {
  const until = new Date(now.getTime() + CLAIM_MS);
  // MATERIALIZED: the locking subquery runs exactly once, so LIMIT bounds what one claim takes.
  const claimed = await db.execute<{ id: number }>(sql`
    with due as materialized (
      select id from email_outbox
      where stato in ('in_coda', 'in_invio')
        and prossimo_tentativo_at <= ${ts(now)}
        and (stato = 'in_coda' or bloccato_fino_at <= ${ts(now)})
      order by prossimo_tentativo_at, id
      limit ${limit}
      for update skip locked
    )
    update email_outbox o
    set stato = 'in_invio', bloccato_fino_at = ${ts(until)}, tentativi = o.tentativi + 1
    from due
    where o.id = due.id
    returning o.id`);
  const ids = (claimed as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  return db
    .select()
    .from(emailOutbox)
    .where(inArray(emailOutbox.id, ids))
    .orderBy(emailOutbox.prossimoTentativoAt, emailOutbox.id);
}

/** Only the worker holding the claim may record the outcome (a row taken over is not ours). */
const ownClaim = (row: OutboxRow) =>
  and(
    eq(emailOutbox.id, row.id),
    eq(emailOutbox.stato, 'in_invio'),
    sql`${emailOutbox.bloccatoFinoAt} = ${ts(row.bloccatoFinoAt!)}`,
  );

/**
 * One run of the worker: expire what is too old, then send due messages batch by batch. Without
 * a mailer (no SMTP configured) nothing is claimed: the rows wait, listed as not sent.
 */
export async function processOutbox(
  db: Database,
  mailer: Mailer | null,
  options: OutboxRunOptions,
): Promise<OutboxRunResult> {
  const { now } = options;
  const result: OutboxRunResult = { inviati: 0, riprogrammati: 0, falliti: 0, scaduti: 0 };
  result.scaduti = await expire(db, now);
  if (!mailer) return result;

  for (let batch = 0; batch < (options.maxBatches ?? MAX_BATCHES); batch++) {
    const rows = await claim(db, now, options.batchSize ?? BATCH_SIZE);
    if (rows.length === 0) break;
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i];
      try {
        const sent = await mailer.send({
          to: row.destinatario,
          subject: row.oggetto,
          text: row.testo,
          html: row.html,
          icalEvent: row.allegatoIcs,
          outboxId: row.id,
        });
        await db
          .update(emailOutbox)
          .set({
            stato: 'inviato',
            inviatoAt: now,
            messageId: sent.messageId,
            bloccatoFinoAt: null,
            ultimoErrore: null,
          })
          .where(ownClaim(row));
        result.inviati++;
      } catch (error) {
        const failure = error instanceof SendError ? error : toSendError(error);
        const retryAt = new Date(now.getTime() + backoffMs(row.tentativi));
        // The server is unreachable or closing on us: not the messages' fault, so the attempt
        // does not count. This one and the rest of the batch wait, however long the outage, until
        // they expire, and are tried again every BACKOFF_BASE_MS.
        if (failure.serverDown) {
          const waitUntil = new Date(now.getTime() + BACKOFF_BASE_MS);
          for (const waiting of rows.slice(i)) {
            await db
              .update(emailOutbox)
              .set({
                stato: 'in_coda',
                prossimoTentativoAt: waitUntil,
                bloccatoFinoAt: null,
                tentativi: sql`${emailOutbox.tentativi} - 1`,
                ultimoErrore: failure.message,
              })
              .where(ownClaim(waiting));
          }
          result.riprogrammati += rows.length - i;
          options.log?.error(
            { err: failure.message, rinviati: rows.length - i },
            'server di posta non raggiungibile: e-mail rimandate',
          );
          return result;
        }
        const giveUp = row.tentativi >= MAX_TENTATIVI;
        await db
          .update(emailOutbox)
          .set(
            giveUp
              ? { stato: 'fallito', bloccatoFinoAt: null, ultimoErrore: failure.message }
              : {
                  stato: 'in_coda',
                  prossimoTentativoAt: retryAt,
                  bloccatoFinoAt: null,
                  ultimoErrore: failure.message,
                },
          )
          .where(ownClaim(row));
        if (giveUp) result.falliti++;
        else result.riprogrammati++;
        options.log?.error(
          { outboxId: row.id, tentativi: row.tentativi, err: failure.message },
          giveUp ? 'e-mail non inviata: tentativi esauriti' : 'e-mail rifiutata: nuovo tentativo più tardi',
        );
      }
    }
    if (rows.length < (options.batchSize ?? BATCH_SIZE)) break;
  }
  return result;
}
