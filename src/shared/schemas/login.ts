// zod/mini, as the landing's schemas: the sign-in page's first load carries only the checks it
// uses, not the whole zod library (docs/primo-caricamento.md). The server reads it alike.
import * as z from 'zod/mini';
import { signInMsg as msg } from '#shared/messages-sign-in.ts';
import { PASSWORD_MAX } from '#shared/schemas/password-limits.ts';

/**
 * The sign-in's password step. Apart from the password rules (./password.ts) so that the sign-in
 * page does not load the list of common passwords (docs/primo-caricamento.md).
 */
export const loginSchema = z.object({
  email: z.pipe(
    z
      .string({ error: msg.user.emailInvalid })
      .check(z.trim(), z.maxLength(254, msg.user.emailInvalid), z.toLowerCase()),
    z.email({ error: msg.user.emailInvalid }),
  ),
  // Any text up to the policy's maximum: an old password may predate today's rules.
  password: z
    .string({ error: msg.auth.passwordRequired })
    .check(z.minLength(1, msg.auth.passwordRequired), z.maxLength(PASSWORD_MAX, msg.auth.invalidCredentials)),
});
export type LoginInput = z.infer<typeof loginSchema>;
