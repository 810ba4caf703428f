import { z } from 'zod';
import { COMMON_PASSWORDS_TEXT } from '#shared/common-passwords.ts';
import { msg } from '#shared/messages.ts';
import { SAFE_LINE } from '#shared/text-rules.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '#shared/schemas/password-limits.ts';

let common: Set<string> | null = null;

/** One of the 10,000 most common passwords (case-insensitive), see src/shared/common-passwords.ts. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS_TEXT.split('\n'));
  return common.has(password.toLowerCase());
}

/**
 * A new password, on the form and on the server alike: the product's minimum of 6 characters with
 * its own message, then at most 128, no control characters, not only spaces, not a common one.
 */
export const passwordSchema = z
  .string({ error: msg.user.passwordMin })
  .min(PASSWORD_MIN, { error: msg.user.passwordMin, abort: true })
  .max(PASSWORD_MAX, { error: msg.user.passwordTooLong, abort: true })
  .regex(SAFE_LINE, { error: msg.user.passwordControlChars, abort: true })
  .refine((p) => p.trim().length > 0, { error: msg.user.passwordOnlySpaces, abort: true })
  .refine((p) => !isCommonPassword(p), { error: msg.user.passwordCommon });
