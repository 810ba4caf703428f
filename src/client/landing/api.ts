import { apiRequest } from '#client/lib/api-client.ts';
import type {
  LandingInfo,
  SubmitFormInput,
  SubmitFormResponse,
  Informativa,
} from '#shared/schemas/landing.ts';

/** GET /api/landing/{code}: public, without credentials, no retry. */
export async function fetchLanding(code: string, signal?: AbortSignal): Promise<LandingInfo> {
  return apiRequest<LandingInfo>('GET', `/api/landing/${encodeURIComponent(code)}`, undefined, {
    credentials: 'omit',
    signal,
  });
}

/**
 * A failed public write, as the customer must be told about it: no answer at all (status 0,
 * offline or cut off), a refusal with the server's Italian message, or a 429 with its wait.
 */
export class LandingRequestError extends Error {
  constructor(
    /** HTTP status; 0 when no answer arrived. */
    readonly status: number,
    readonly serverMessage: string | undefined,
    /** From `Retry-After` on a 429 or 503. */
    readonly retryAfterSeconds: number | undefined,
  ) {
    super(status === 0 ? 'network error' : `${status}: ${serverMessage ?? ''}`);
    this.name = 'LandingRequestError';
  }

  /** Worth trying again as it is: no answer, a server error, a rate limit. */
  get isRetryable(): boolean {
    return this.status === 0 || this.status === 408 || this.status === 429 || this.status >= 500;
  }
}

function retryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** fetch for the public writes, throwing LandingRequestError. */
async function send<T>(url: string, init: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, credentials: 'omit' });
  } catch {
    throw new LandingRequestError(0, undefined, undefined);
  }
  if (!res.ok) {
    let message: string | undefined;
    try {
      const body = (await res.json()) as { message?: unknown };
      if (typeof body.message === 'string') message = body.message;
    } catch {
      /* not JSON */
    }
    throw new LandingRequestError(res.status, message, retryAfter(res.headers.get('retry-after')));
  }
  return (await res.json()) as T;
}

/** POST /api/submit-form with the wizard's idempotency key, so a retried tap never makes a second practice. */
export async function submitLanding(
  payload: SubmitFormInput,
  idempotencyKey: string,
): Promise<SubmitFormResponse> {
  return send<SubmitFormResponse>('/api/submit-form', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
    body: JSON.stringify(payload),
  });
}

/** POST /api/pratiche/{id}/upload, authorised by the token submit-form returned. */
export async function uploadBills(
  praticaId: number,
  uploadToken: string,
  parts: Array<[string, File]>,
): Promise<void> {
  const form = new FormData();
  for (const [name, file] of parts) form.append(name, file, file.name);
  await send(`/api/pratiche/${praticaId}/upload`, {
    method: 'POST',
    headers: { 'X-Upload-Token': uploadToken },
    body: form,
  });
}

/** 128 random bits as hex; crypto.getRandomValues works on plain http too, unlike randomUUID. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** GET /api/informativa: the privacy notice's data, public (docs/privacy.md#informativa). */
export async function fetchInformativa(signal?: AbortSignal): Promise<Informativa> {
  return apiRequest<Informativa>('GET', '/api/informativa', undefined, { credentials: 'omit', signal });
}
