import { apiRequest } from '../lib/api-client';
import type { LandingInfo, SubmitFormInput, SubmitFormResponse } from '#shared/schemas/landing.ts';

/** GET /api/landing/{code}: public, without credentials, no retry. */
export async function fetchLanding(code: string, signal?: AbortSignal): Promise<LandingInfo> {
  return apiRequest<LandingInfo>('GET', `/api/landing/${encodeURIComponent(code)}`, undefined, {
    credentials: 'omit',
    signal,
  });
}

/** POST /api/submit-form with the wizard's idempotency key, so a retried tap never makes a second practice. */
export async function submitLanding(
  payload: SubmitFormInput,
  idempotencyKey: string,
): Promise<SubmitFormResponse> {
  return apiRequest<SubmitFormResponse>('POST', '/api/submit-form', undefined, {
    credentials: 'omit',
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
  await apiRequest('POST', `/api/pratiche/${praticaId}/upload`, undefined, {
    credentials: 'omit',
    headers: { 'X-Upload-Token': uploadToken },
    body: form,
  });
}

/** 128 random bits as hex; crypto.getRandomValues works on plain http too, unlike randomUUID. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
