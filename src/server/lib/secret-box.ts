import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts small secrets at rest (the TOTP secrets) with AES-256-GCM under a key derived from
 * SESSION_SECRET with HKDF, one key per purpose. A copy of the database alone does not reveal
 * them. Rotating SESSION_SECRET makes the old ones unreadable: see docs/security.md#verifica-in-due-passaggi.
 */
export function createSecretBox(masterSecret: string, purpose: string) {
  const key = Buffer.from(hkdfSync('sha256', masterSecret, 'winsolution-secret-box', purpose, 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    /** The plain text, or null when it was sealed under another key or altered. */
    open(sealed: string): string | null {
      if (!sealed.startsWith('v1.')) return null;
      const raw = Buffer.from(sealed.slice(3), 'base64url');
      if (raw.length < 29) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
