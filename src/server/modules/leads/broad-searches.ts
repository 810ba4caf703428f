import { sql } from 'drizzle-orm';
import { ricercaVersione } from '#server/db/schema.ts';

/**
 * The search version (migration 0026), read by the statement that reads a search's matches: the
 * same snapshot, so a version equal to the one a count was taken at means no match has left since.
 */
export function searchVersionSql() {
  return sql<string>`(select ${ricercaVersione.n} from ${ricercaVersione})`;
}

/**
 * The searches that recently found more matches than their bound, by key (the person, the
 * filters, the term), each with the search version it was counted at when it can be trusted
 * (a term alone: nothing but a removal takes its matches away); the oldest go past `max`.
 * A search with a version answers "more than the bound" while the version is unchanged, without
 * counting again (docs/performance.md#ricerche-ampie, decision 041). Only a choice of path: a changed version
 * or an unknown search is counted as before.
 */
export class BroadSearches {
  readonly #entries = new Map<string, number | null>();

  constructor(private readonly max = 1_000) {}

  has(key: string): boolean {
    return this.#entries.has(key);
  }

  /** The version the search was found broad at, if it may skip its count. */
  versionOf(key: string): number | undefined {
    return this.#entries.get(key) ?? undefined;
  }

  remember(key: string, version: number | null) {
    this.#entries.delete(key);
    this.#entries.set(key, version);
    if (this.#entries.size > this.max) this.#entries.delete(this.#entries.keys().next().value!);
  }

  forget(key: string) {
    this.#entries.delete(key);
  }
}
