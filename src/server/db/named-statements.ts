import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * The distinct statements one connection keeps prepared: each holds a parsed query and perhaps
 * a plan in its PostgreSQL backend, so their number is capped. The server's reads are about a
 * hundred shapes; past the cap a new shape runs unnamed, as before.
 */
export const NAMED_STATEMENTS_PER_CONNECTION = 300;

const READ = /^\s*(select|with)\b/i;
/**
 * Reads whose best plan depends on a value, so PostgreSQL plans them for each one: a text search
 * (the term) and a list of ids (`idsAmong` in sql-helpers.ts: its length). A generic plan cannot
 * see either: for the ids it probed each one by key and sorted them all (1,394 ids: 6.4 ms), where
 * the list known walks the page's index and checks each entry in a hash of the ids (0.2 ms).
 */
const PLANNED_PER_VALUE = /\blike\b|= any\(\$\d+::int\[\]\)/i;

/**
 * The name a read is prepared under on PostgreSQL, or undefined for a statement sent unnamed:
 * writes, text searches and id lists (docs/decisions/044-istruzioni-preparate.md).
 */
export function statementName(text: string): string | undefined {
  if (!READ.test(text) || PLANNED_PER_VALUE.test(text)) return undefined;
  return `ws_${createHash('sha1').update(text).digest('base64url')}`;
}

/**
 * A node-postgres client that sends the server's reads as named statements: PostgreSQL parses a
 * shape once per connection and, after five executions, may keep one generic plan for it instead
 * of planning every request (docs/decisions/044-istruzioni-preparate.md). The SQL text is the
 * same one drizzle builds, so results are identical; only the protocol's statement name changes.
 */
export function namedStatementClient(limit = NAMED_STATEMENTS_PER_CONNECTION): typeof pg.Client {
  class Client extends pg.Client {
    preparedNames = new Set<string>();
  }
  // Called below with Reflect.apply and the client as `this`.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const query = pg.Client.prototype.query;
  Client.prototype.query = function (this: Client, config: unknown, ...rest: unknown[]) {
    const named = nameConfig(this.preparedNames, limit, config);
    return Reflect.apply(query, this, [named, ...rest]) as unknown;
  } as unknown as pg.Client['query'];
  return Client;
}

function nameConfig(preparedNames: Set<string>, limit: number, config: unknown): unknown {
  // drizzle passes `{ text, types, rowMode }`; strings and streams (COPY) pass through.
  if (!config || typeof config !== 'object' || !('text' in config) || typeof config.text !== 'string')
    return config;
  if ('name' in config && config.name !== undefined) return config;
  const name = statementName(config.text);
  if (!name) return config;
  if (!preparedNames.has(name)) {
    if (preparedNames.size >= limit) return config;
    preparedNames.add(name);
  }
  return { ...config, name };
}
