import { z } from 'zod';
import { msg } from '#shared/messages.ts';
import { passwordSchema } from '#shared/schemas/password.ts';
import { PASSWORD_MAX } from '#shared/schemas/password-limits.ts';

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
