import { z } from 'zod';
import { ROLES } from '#shared/permissions.ts';
import { msg } from '#shared/messages.ts';
import { cursorPageSchema, cursorQueryShape, searchSchema, text } from '#shared/schemas/common.ts';
import { passwordSchema } from '#shared/schemas/password.ts';

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
  .max(254, msg.user.emailInvalid)
  .toLowerCase()
  .pipe(z.email({ message: msg.user.emailInvalid }));

/** 'Crea Utente' form and POST /api/users. */
export const createUserSchema = z.object({
  firstName: text({ max: 100, required: msg.user.firstNameRequired }),
  lastName: text({ max: 100, required: msg.user.lastNameRequired }),
  email,
  phone: text({ max: 30, required: msg.user.phoneRequired }),
  password: passwordSchema,
  // Omitted: punto_fisico; blank or unknown: 'Ruolo richiesto'.
  role: roleSchema.default('punto_fisico'),
});
export type CreateUserInput = z.infer<typeof createUserSchema>;

/** Edit dialog and PUT /api/users/{id}, with all five roles. */
export const updateUserSchema = z.object({
  firstName: text({ max: 100, required: msg.user.editFirstNameRequired }),
  lastName: text({ max: 100, required: msg.user.editLastNameRequired }),
  email,
  phone: text({ max: 30 })
    .nullish()
    .transform((v) => (v ? v : null)),
  role: roleSchema,
  // Blank keeps the current password.
  // A union would answer a generic message; blank is let through before the rules run instead.
  password: z
    .preprocess((v) => (v === '' || v === null ? undefined : v), passwordSchema.optional())
    .transform((v) => (v ? v : undefined)),
  isActive: z.boolean(),
});
export type UpdateUserInput = z.input<typeof updateUserSchema>;

export const updateRoleSchema = z.object({
  role: roleSchema,
  areaAssegnata: text({ max: 100 })
    .nullish()
    .transform((v) => (v ? v : null)),
});

/**
 * GET /api/users: one page (25 by default), newest first, of one role or all, read by cursor
 * (docs/architecture.md#liste-e-paginazione); `q` matches name, e-mail and phone.
 */
export const listUsersQuerySchema = z.object({
  role: z.enum(ROLES, { message: msg.user.roleFilterInvalid }).optional(),
  q: searchSchema,
  ...cursorQueryShape,
});
export type ListUsersQuery = z.output<typeof listUsersQuerySchema>;
/**
 * A row of the Utenti list. clienteSenzaTelefono: they are the consultant of an active point whose
 * customers would be given no phone (no phone of theirs, nobody else's at the point, no company
 * phone): the list warns (docs/product/landing.md#consulente). accessoBloccatoFino: the end of its
 * sign-in lock, when too many wrong passwords locked it (docs/security.md#limiti-di-accesso); null
 * when it is not locked.
 */
export const userListItemSchema = userSchema.extend({
  clienteSenzaTelefono: z.boolean(),
  accessoBloccatoFino: z.string().nullable(),
  /** When the admin erased the person's data (docs/privacy.md#dati-dello-staff); null otherwise. */
  datiCancellatiAt: z.string().nullable(),
});

export const usersPageSchema = cursorPageSchema(userListItemSchema);
export type UsersPage = z.infer<typeof usersPageSchema>;

export const searchUsersQuerySchema = z.object({
  q: text({ max: 100 }).default(''),
  role: z.enum(['punto_fisico', 'agente', 'area_manager']).optional(),
});

export const userSearchResultSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
});

/** The set-password page of an invitation: the link's token and the chosen password. */
export const impostaPasswordSchema = z.object({
  token: z.string().min(20, msg.invito.invalid).max(100, msg.invito.invalid),
  password: passwordSchema,
});

/** The set-password page's form: the password twice. */
export const impostaPasswordFormSchema = z
  .object({ password: passwordSchema, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: msg.password.mismatch, path: ['confirm'] });
export type ImpostaPasswordForm = z.infer<typeof impostaPasswordFormSchema>;
