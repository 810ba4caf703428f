import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditTipo } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import type { AuditItem, AuditPage, AuditQuery } from '#shared/schemas/audit.ts';
import { addRomeDays, romeDayStartFromKey } from '#shared/time.ts';
import type { DbExecutor } from '#server/db/client.ts';
import { auditLog } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Actor } from '#server/lib/actor.ts';

/** Who acted: a signed-in user, or only the e-mail typed at a failed sign-in. Null for the system. */
export type AuditWho = Pick<Actor, 'id' | 'email' | 'firstName' | 'lastName'> | { email: string } | null;

export interface AuditEvent {
  tipo: AuditTipo;
  who: AuditWho;
  /** Where the request came from (request.ip); null for a periodic job. */
  ip: string | null;
  /** What it was about: a user, a lead, an export… */
  oggetto?: { tipo: string; id?: number | null };
  /** Facts worth keeping, never a customer's personal data (ids, counts, formats, filters). */
  dettagli?: Record<string, unknown>;
}

function describeWho(who: AuditWho): { utenteId: number | null; utente: string | null } {
  if (!who) return { utenteId: null, utente: null };
  if ('id' in who) return { utenteId: who.id, utente: `${who.firstName} ${who.lastName} <${who.email}>` };
  return { utenteId: null, utente: who.email };
}

/**
 * Appends one event to the audit log (docs/privacy.md#registro-delle-attività). Pass the
 * transaction of the change it records, so the event and the change commit or fail together.
 */
export async function recordAudit(db: DbExecutor, event: AuditEvent): Promise<void> {
  await db.insert(auditLog).values({
    tipo: event.tipo,
    ...describeWho(event.who),
    ip: event.ip,
    oggettoTipo: event.oggetto?.tipo ?? null,
    oggettoId: event.oggetto?.id ?? null,
    dettagli: event.dettagli ?? null,
  });
}

/** The request's signed-in actor and address, as most events record them. */
export function auditSource(request: { actor: Actor | null; ip: string }): Pick<AuditEvent, 'who' | 'ip'> {
  return { who: request.actor, ip: request.ip };
}

// Keyset cursor: the last row's (created_at as PostgreSQL prints it, id), base64url.
function encodeCursor(createdAt: string, id: number): string {
  return Buffer.from(`${createdAt}|${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: string; id: number } {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d{1,6})?[+-]\d{2}(?::\d{2})?)\|(\d{1,10})$/.exec(
    text,
  );
  if (!match || Number(match[2]) > 2_147_483_647) throw AppError.badRequest(msg.audit.invalidCursor);
  return { createdAt: match[1], id: Number(match[2]) };
}

/**
 * One page of the log, newest first. Each filter has an index in this order
 * ((tipo | utente_id)?, created_at, id), so a page reads its own rows however large the log.
 */
export async function listAudit(db: DbExecutor, query: AuditQuery): Promise<AuditPage> {
  const conditions: Array<SQL | undefined> = [
    query.tipo ? eq(auditLog.tipo, query.tipo) : undefined,
    query.utenteId ? eq(auditLog.utenteId, query.utenteId) : undefined,
    query.dal ? gte(auditLog.createdAt, romeDayStartFromKey(query.dal)) : undefined,
    query.al ? lt(auditLog.createdAt, addRomeDays(romeDayStartFromKey(query.al), 1)) : undefined,
  ];
  if (query.cursor) {
    const after = decodeCursor(query.cursor);
    conditions.push(
      sql`(${auditLog.createdAt}, ${auditLog.id}) < (${after.createdAt}::timestamptz, ${after.id})`,
    );
  }
  const rows = await db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      cursorAt: sql<string>`${auditLog.createdAt}::text`,
      tipo: auditLog.tipo,
      utenteId: auditLog.utenteId,
      utente: auditLog.utente,
      ip: auditLog.ip,
      oggettoTipo: auditLog.oggettoTipo,
      oggettoId: auditLog.oggettoId,
      dettagli: auditLog.dettagli,
    })
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(query.pageSize + 1);
  const page = rows.slice(0, query.pageSize);
  const last = page.at(-1);
  return {
    items: page.map(({ cursorAt: _cursor, createdAt, ...r }): AuditItem => ({
      ...r,
      createdAt: createdAt.toISOString(),
    })),
    nextCursor: rows.length > query.pageSize && last ? encodeCursor(last.cursorAt, last.id) : null,
  };
}
