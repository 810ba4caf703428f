import { z } from 'zod';
import { msg } from '../messages';
import { PASSWORD_MAX, passwordSchema } from './password';

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

/** The signed-in user's own password change (profile): the current one, then the new one twice. */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: msg.password.currentRequired })
      .min(1, msg.password.currentRequired)
      .max(PASSWORD_MAX, msg.password.wrongCurrent),
    newPassword: passwordSchema,
    confirmPassword: z.string({ error: msg.password.mismatch }).max(PASSWORD_MAX, msg.password.mismatch),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: msg.password.mismatch,
    path: ['confirmPassword'],
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    error: msg.password.sameAsCurrent,
    path: ['newPassword'],
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
