import { z } from 'zod';
import { msg } from '../messages';
import { PASSWORD_MAX } from './password-limits';

/**
 * The sign-in's password step. Apart from the password rules (./password.ts) so that the sign-in
 * page does not load the list of common passwords (docs/performance.md#primo-caricamento).
 */
export const loginSchema = z.object({
  email: z
    .string({ error: msg.user.emailInvalid })
    .trim()
    .max(254, msg.user.emailInvalid)
    .toLowerCase()
    .pipe(z.email({ message: msg.user.emailInvalid })),
  // Any text up to the policy's maximum: an old password may predate today's rules.
  password: z
    .string({ error: 'Password richiesta' })
    .min(1, 'Password richiesta')
    .max(PASSWORD_MAX, msg.auth.invalidCredentials),
});
export type LoginInput = z.infer<typeof loginSchema>;
