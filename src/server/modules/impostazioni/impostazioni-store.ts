/** The rows of `impostazioni` this module writes, and the reads other statements embed. */
import { eq, sql } from 'drizzle-orm';
import { PRIVACY_NOTICE_VERSION, privacyNoticeVersion } from '#shared/domain.ts';
import type { DbExecutor } from '#server/db/client.ts';
import { impostazioni } from '#server/db/schema.ts';
import type { Actor } from '#server/lib/actor.ts';

/** The company phone and the notice's controller (impostazioni.service). */
export const AZIENDA_KEY = 'azienda';

/** The notice's revision: `{ revisione, versione, aggiornataAt }`. */
const INFORMATIVA_KEY = 'informativa';

interface Revisione {
  revisione: number;
  versione: string;
  aggiornataAt: string | null;
}

/**
 * The company phone, or null, as a column of another read (the landing's point, the submission's
 * point): no round trip of its own. See docs/product/landing.md#consulente
 */
export const telefonoAziendaleSql = () =>
  sql<
    string | null
  >`(select nullif(${impostazioni.valore}->>'telefonoAziendale', '') from ${impostazioni} where ${impostazioni.chiave} = ${AZIENDA_KEY})`;

/** The notice's version now, inside the statement that records a consent (docs/privacy.md#informativa). */
export const versioneInformativaSql = () =>
  sql<string>`coalesce((select ${impostazioni.valore}->>'versione' from ${impostazioni} where ${impostazioni.chiave} = ${INFORMATIVA_KEY}), ${PRIVACY_NOTICE_VERSION}::text)`;

/** A row of `impostazioni`, as stored (callers check its shape). */
export async function readKey(db: DbExecutor, chiave: string): Promise<unknown> {
  const [row] = await db
    .select({ valore: impostazioni.valore })
    .from(impostazioni)
    .where(eq(impostazioni.chiave, chiave));
  return row?.valore;
}

export async function readRevisione(db: DbExecutor): Promise<Revisione> {
  const stored = (await readKey(db, INFORMATIVA_KEY)) as Partial<Revisione> | undefined;
  const revisione = Number.isInteger(stored?.revisione) ? Number(stored?.revisione) : 0;
  return {
    revisione,
    versione: privacyNoticeVersion(revisione),
    aggiornataAt: typeof stored?.aggiornataAt === 'string' ? stored.aggiornataAt : null,
  };
}

/** Writes a row of `impostazioni`, who changed it and when. */
export async function upsert(
  db: DbExecutor,
  chiave: string,
  valore: unknown,
  actor: Actor | null,
): Promise<void> {
  await db
    .insert(impostazioni)
    .values({ chiave, valore, updatedBy: actor?.id ?? null })
    .onConflictDoUpdate({
      target: impostazioni.chiave,
      set: { valore, updatedBy: actor?.id ?? null, updatedAt: new Date() },
    });
}

/**
 * A new version of the privacy notice: called, in the change's transaction, by whatever changes
 * what the notice says (the controller here, the retention period in privacy.service).
 */
export async function bumpInformativa(tx: DbExecutor, actor: Actor, now = new Date()): Promise<string> {
  // Serialises two admins saving at once: each bump reads the revision the other wrote.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${INFORMATIVA_KEY}))`);
  const { revisione } = await readRevisione(tx);
  const next = revisione + 1;
  const valore = { revisione: next, versione: privacyNoticeVersion(next), aggiornataAt: now.toISOString() };
  await upsert(tx, INFORMATIVA_KEY, valore, actor);
  return valore.versione;
}
