import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import OpenAPIBackend, { type Document } from 'openapi-backend';
import type { App } from '#server/app.ts';

/**
 * Every answer of the API suite checked against docs/openapi.json (docs/security.md#il-contratto):
 * its status must be one the operation declares, and a JSON body must match that status's schema.
 * The check is openapi-backend's (Ajv), not ours. A response outside the document fails the test
 * that made it, so the document cannot drift from the server.
 */
const DOCUMENT_FILE = path.resolve(import.meta.dirname, '../../docs/openapi.json');

let backend: Promise<OpenAPIBackend> | undefined;

function openApi(): Promise<OpenAPIBackend> {
  backend ??= load();
  return backend;
}

async function load(): Promise<OpenAPIBackend> {
  const definition = JSON.parse(readFileSync(DOCUMENT_FILE, 'utf8')) as Document;
  const api = new OpenAPIBackend({
    definition,
    quick: true,
    validate: true,
    ajvOpts: { strict: false, allErrors: false },
  });
  await api.init();
  return api;
}

interface Answer {
  method: string;
  url: string;
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/** What in this answer breaks the document; null when nothing does or the path is not in it. */
export async function contractProblem(answer: Answer): Promise<string | null> {
  const api = await openApi();
  const url = new URL(answer.url, 'http://localhost');
  if (!url.pathname.startsWith('/api/') || url.pathname.startsWith('/api/docs')) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  const operation = api.matchOperation({
    method: answer.method.toLowerCase(),
    path: pathname,
    headers: {},
    query: {},
  });
  // A path the document does not have: refusing it (404, 405, a 403 for an odd spelling of a real
  // path) or a test's own route failing is fine; serving it is an operation the document lacks.
  if (!operation) return answer.statusCode >= 400 ? null : `not in the document`;
  const where = `${answer.method} ${operation.path} → ${answer.statusCode}`;
  const declared = operation.responses ?? {};
  const status = String(answer.statusCode);
  if (!(status in declared) && !(`${status[0]}XX` in declared) && !('default' in declared))
    return `${where}: status not declared (declared: ${Object.keys(declared).join(', ')})`;
  const contentType = answer.headers['content-type'];
  const type = typeof contentType === 'string' ? contentType : '';
  if (answer.statusCode === 204) return answer.body === '' ? null : `${where}: a 204 with a body`;
  if (!type.includes('application/json') || answer.headers['content-encoding']) return null;
  const result = api.validateResponse(JSON.parse(answer.body) as unknown, operation, answer.statusCode);
  if (!result.valid)
    return `${where}: ${JSON.stringify(result.errors?.slice(0, 3))} in ${answer.body.slice(0, 300)}`;
  return null;
}

/** Makes every `app.inject` of this app check its answer against the document (throws on a mismatch). */
export function checkAnswersAgainstOpenApi(app: App): App {
  const inject = app.inject.bind(app) as (options: InjectOptions | string) => Promise<LightMyRequestResponse>;
  const checked = async (options: InjectOptions | string) => {
    const res = await inject(options);
    const opts = typeof options === 'string' ? { url: options, method: 'GET' } : options;
    const url = typeof opts.url === 'string' ? opts.url : ((opts.path as string | undefined) ?? '');
    const problem = await contractProblem({
      method: String(opts.method ?? 'GET'),
      url,
      statusCode: res.statusCode,
      headers: res.headers,
      body: res.body,
    });
    if (problem) throw new Error(`Risposta fuori da docs/openapi.json: ${problem}`);
    return res;
  };
  // Only the promise form is used by the suite; the chain and callback forms stay as they were.
  (app as { inject: unknown }).inject = (options?: InjectOptions | string, callback?: unknown) =>
    options === undefined || callback !== undefined
      ? (inject as (...args: unknown[]) => unknown)(options, callback)
      : checked(options);
  return app;
}
