import { inArray } from 'drizzle-orm';
import { documenti, inviiLotti } from '#server/db/schema.ts';
import type { PeriodicJob } from '#server/jobs/scheduler.ts';
import type { DocumentStorage } from '#server/storage/storage.ts';

/**
 * Longer than any upload takes (10 × 10 MB on a slow phone): a document younger than this may
 * belong to a request still recording it, and a `.part` this old has no writer left.
 */
export const ORPHAN_GRACE_MS = 60 * 60_000;

/**
 * Documents in the store that no `documenti` row names (a process killed between storing and
 * recording) and unfinished writes (`.part` files, incomplete multipart uploads): removed hourly,
 * once past the grace period. Idempotent: a second run finds nothing.
 */
export function orphanDocumentsJob(storage: DocumentStorage): PeriodicJob {
  return {
    name: 'documenti-orfani',
    everyMs: 60 * 60_000,
    timeoutMs: 30 * 60_000,
    async run({ db, now, log }) {
      const result = await storage.sweep(new Date(now.getTime() - ORPHAN_GRACE_MS), async (keys) => {
        const rows = await db
          .select({ filename: documenti.filename })
          .from(documenti)
          .where(inArray(documenti.filename, keys));
        // Batch files sent to suppliers live in the same store (docs/product/fornitori-invii.md#lotti).
        const lotti = await db
          .select({ filename: inviiLotti.fileKey })
          .from(inviiLotti)
          .where(inArray(inviiLotti.fileKey, keys));
        return new Set([...rows, ...lotti].map((r) => r.filename));
      });
      if (result.orphans > 0 || result.unfinished > 0)
        log.info(result, 'documenti orfani e caricamenti interrotti rimossi');
    },
  };
}
