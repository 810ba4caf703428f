import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { msg } from '#shared/messages.ts';
import type { Fornitore, fornitoreBodySchema } from '#shared/schemas/fornitore.ts';
import { isUniqueViolation } from '#server/db/sql-helpers.ts';
import type { Database } from '#server/db/client.ts';
import { fornitori } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';

type FornitoreRow = typeof fornitori.$inferSelect;
type FornitoreInput = z.output<typeof fornitoreBodySchema>;

function toFornitore(row: FornitoreRow): Fornitore {
  return {
    id: row.id,
    codice: row.codice,
    nome: row.nome,
    serviziSupportati: row.serviziSupportati,
    isActive: row.isActive,
  };
}

/** GET /api/fornitori: with `servizio`, only the active suppliers offering it (the dialog's list). */
export async function listFornitori(db: Database, query: { servizio?: string }): Promise<Fornitore[]> {
  const rows = await db
    .select()
    .from(fornitori)
    .where(
      query.servizio
        ? and(eq(fornitori.isActive, true), sql`${query.servizio} = any(${fornitori.serviziSupportati})`)
        : undefined,
    )
    .orderBy(asc(fornitori.nome));
  return rows.map(toFornitore);
}

export async function createFornitore(db: Database, input: FornitoreInput): Promise<Fornitore> {
  try {
    const [row] = await db.insert(fornitori).values(input).returning();
    return toFornitore(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict(msg.fornitore.codiceTaken, 'CODICE_TAKEN');
    throw error;
  }
}

export async function updateFornitore(db: Database, id: number, input: FornitoreInput): Promise<Fornitore> {
  try {
    const [row] = await db.update(fornitori).set(input).where(eq(fornitori.id, id)).returning();
    if (!row) throw AppError.notFound(msg.fornitore.notFound);
    return toFornitore(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict(msg.fornitore.codiceTaken, 'CODICE_TAKEN');
    throw error;
  }
}
