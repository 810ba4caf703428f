/**
 * The one fetch wrapper of both front ends: cookies always sent, JSON body only
 * when there is one, any non-OK reply is an ApiError whose message is "status: text".
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The Italian message of the server's `{ message }` body, when it has one. */
    readonly serverMessage: string | undefined,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function toApiError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  let body: unknown = text;
  let serverMessage: string | undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string')
      serverMessage = body.message;
  } catch {
    /* plain-text body */
  }
  return new ApiError(
    res.status,
    serverMessage,
    body,
    `${res.status}: ${serverMessage ?? (text || res.statusText)}`,
  );
}

export async function apiRequest<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
  init?: RequestInit,
): Promise<T> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : undefined,
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    ...init,
  });
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await res.json() : await res.text()) as T;
}

export const api = {
  get: <T>(url: string) => apiRequest<T>('GET', url),
  post: <T>(url: string, body?: unknown) => apiRequest<T>('POST', url, body),
  put: <T>(url: string, body?: unknown) => apiRequest<T>('PUT', url, body),
  patch: <T>(url: string, body?: unknown) => apiRequest<T>('PATCH', url, body),
  delete: <T>(url: string) => apiRequest<T>('DELETE', url),
};

/** The message a toast shows for a failed call: the server's text, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}

/** Builds a query string, leaving out empty values. */
export function withQuery(
  url: string,
  params: Record<string, string | number | boolean | null | undefined>,
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${url}?${qs}` : url;
}

/** A 404: the record does not exist or is outside the user's scope (the server does not say which). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
