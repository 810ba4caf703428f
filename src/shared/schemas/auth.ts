import { z } from 'zod';
import { msg } from '../messages';

export const loginSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: msg.user.emailInvalid })),
  password: z.string().min(1, 'Password richiesta'),
});
export type LoginInput = z.infer<typeof loginSchema>;
