import pg from 'pg';
import { NAMED_STATEMENTS_PER_CONNECTION, statementName } from '#server/db/statement-names.ts';

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
