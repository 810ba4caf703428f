import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { AuditTipo } from '#shared/domain.ts';
import type { AuditItem, AuditPage, AuditQuery } from '#shared/schemas/audit.ts';
import { addRomeDays, romeDayStartFromKey } from '#shared/time.ts';
import type { DbExecutor } from '#server/db/client.ts';
import { auditLog } from '#server/db/schema.ts';
import type { Actor } from '#server/lib/actor.ts';
import { decodeCursor, keysetPage } from '#server/lib/keyset.ts';
import { boundedTotal } from '#server/modules/punti-fisici/contatori.ts';

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

/**
 * A list's export with its format and filters (leads, pratiche, commissioni): the one shape of
 * their 'esportazione' entry (docs/privacy.md#registro-delle-attività).
 */
export function recordListExport(
  db: DbExecutor,
  source: Pick<AuditEvent, 'who' | 'ip'>,
  lista: 'lead' | 'pratiche' | 'commissioni',
  format: string,
  filters: object,
): Promise<void> {
  return recordAudit(db, {
    tipo: 'esportazione',
    ...source,
    oggetto: { tipo: lista },
    dettagli: { formato: format, filtri: filters },
  });
}

/** The request's signed-in actor and address, as most events record them. */
export function auditSource(request: { actor: Actor | null; ip: string }): Pick<AuditEvent, 'who' | 'ip'> {
  return { who: request.actor, ip: request.ip };
}

/**
 * One page of the log, newest first, after the cursor's (created_at, id)
 * (docs/architecture.md#liste-e-paginazione). Each filter has an index in this order
 * ((tipo | utente_id)?, created_at, id), so a page reads its own rows however large the log; the
 * total is counted up to TOTAL_BOUND.
 */
export async function listAudit(db: DbExecutor, query: AuditQuery): Promise<AuditPage> {
  const where = and(
    query.tipo ? eq(auditLog.tipo, query.tipo) : undefined,
    query.utenteId ? eq(auditLog.utenteId, query.utenteId) : undefined,
    query.dal ? gte(auditLog.createdAt, romeDayStartFromKey(query.dal)) : undefined,
    query.al ? lt(auditLog.createdAt, addRomeDays(romeDayStartFromKey(query.al), 1)) : undefined,
  );
  const after = query.cursor ? decodeCursor(query.cursor, ['text', 'int']) : null;
  const [rows, total] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        createdAt: auditLog.createdAt,
        position: sql<string>`${auditLog.createdAt}::text`,
        tipo: auditLog.tipo,
        utenteId: auditLog.utenteId,
        utente: auditLog.utente,
        ip: auditLog.ip,
        oggettoTipo: auditLog.oggettoTipo,
        oggettoId: auditLog.oggettoId,
        dettagli: auditLog.dettagli,
      })
      .from(auditLog)
      .where(
        and(
          where,
          after
            ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${after[0]}::timestamptz, ${after[1]})`
            : undefined,
        ),
      )
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.pageSize + 1),
    boundedTotal(db, db.select({ id: auditLog.id }).from(auditLog).where(where)),
  ]);
  const page = keysetPage(rows, query.pageSize, (r) => [r.position, r.id]);
  return {
    items: page.items.map(({ position: _position, createdAt, ...r }): AuditItem => ({
      ...r,
      createdAt: createdAt.toISOString(),
    })),
    ...total,
    nextCursor: page.nextCursor,
  };
}
