import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long the visitor who just submitted may upload bills to that practice. */
export const UPLOAD_TOKEN_TTL_MS = 30 * 60 * 1000;

const sign = (secret: string, praticaId: number, expiresAt: number) =>
  createHmac('sha256', secret).update(`upload-token:v1:${praticaId}:${expiresAt}`).digest('base64url');

/**
 * A short-lived capability for one practice: `{praticaId}.{expiresAt}.{hmac}`. Stateless, so it
 * works across instances that share SESSION_SECRET; it cannot be bent to another practice.
 */
export function createUploadToken(secret: string, praticaId: number, now = Date.now()): string {
  const expiresAt = Math.floor((now + UPLOAD_TOKEN_TTL_MS) / 1000);
  return `${praticaId}.${expiresAt}.${sign(secret, praticaId, expiresAt)}`;
}

export function verifyUploadToken(
  secret: string,
  token: string,
  praticaId: number,
  now = Date.now(),
): boolean {
  const match = /^(\d{1,12})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const tokenPratica = Number(match[1]);
  const expiresAt = Number(match[2]);
  const expected = Buffer.from(sign(secret, tokenPratica, expiresAt));
  const given = Buffer.from(match[3]);
  if (!timingSafeEqual(expected, given)) return false;
  return tokenPratica === praticaId && expiresAt * 1000 > now;
}
