import { z } from 'zod';
import { ROLES } from '../permissions';
import { msg } from '../messages';

const roleSchema = z.enum(ROLES, { message: msg.user.roleRequired });

/** Public shape of a user: never carries the password hash. */
export const userSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
  areaAssegnata: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

const email = z
  .string({ error: msg.user.emailInvalid })
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: msg.user.emailInvalid }));

/** 'Crea Utente' form and POST /api/users. */
export const createUserSchema = z.object({
  firstName: z.string({ error: msg.user.firstNameRequired }).trim().min(1, msg.user.firstNameRequired),
  lastName: z.string({ error: msg.user.lastNameRequired }).trim().min(1, msg.user.lastNameRequired),
  email,
  phone: z.string({ error: msg.user.phoneRequired }).trim().min(1, msg.user.phoneRequired),
  password: z.string({ error: msg.user.passwordMin }).min(6, msg.user.passwordMin),
  // Omitted: punto_fisico; blank or unknown: 'Ruolo richiesto'.
  role: roleSchema.default('punto_fisico'),
});
export type CreateUserInput = z.infer<typeof createUserSchema>;

/** Edit dialog and PUT /api/users/{id}, with all five roles. */
export const updateUserSchema = z.object({
  firstName: z
    .string({ error: msg.user.editFirstNameRequired })
    .trim()
    .min(1, msg.user.editFirstNameRequired),
  lastName: z.string({ error: msg.user.editLastNameRequired }).trim().min(1, msg.user.editLastNameRequired),
  email,
  phone: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null)),
  role: roleSchema,
  // Blank keeps the current password.
  password: z
    .union([z.literal(''), z.string().min(6, msg.user.passwordMin)])
    .nullish()
    .transform((v) => (v ? v : undefined)),
  isActive: z.boolean(),
});
export type UpdateUserInput = z.input<typeof updateUserSchema>;

export const updateRoleSchema = z.object({
  role: roleSchema,
  areaAssegnata: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null)),
});

export const listUsersQuerySchema = z.object({ role: z.enum(ROLES).optional() });

export const searchUsersQuerySchema = z.object({
  q: z.string().trim().default(''),
  role: z.enum(['punto_fisico', 'agente', 'area_manager']).optional(),
});

export const userSearchResultSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
});
