import { z } from 'zod';
import { msg } from '#shared/messages.ts';
import { ROLES } from '#shared/permissions.ts';
import { PASSWORD_MAX } from '#shared/schemas/password-limits.ts';
import { userSchema } from '#shared/schemas/utente.ts';

export const RECOVERY_CODE_COUNT = 10;

/** Six digits; spaces the user typed (apps show "123 456") are dropped. */
export const totpCodeSchema = z
  .string({ error: msg.totp.codeRequired })
  .max(20, msg.totp.codeFormat)
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, msg.totp.codeRequired)
      .regex(/^\d{6}$/, msg.totp.codeFormat),
  );

/** A recovery code as printed (`abcde-fghij`), in any case, with or without the dash and spaces. */
export const recoveryCodeSchema = z
  .string({ error: msg.totp.codeRequired })
  .max(40, msg.totp.invalidRecoveryCode)
  .transform((v) => v.toLowerCase().replace(/[\s-]+/g, ''))
  .pipe(
    z
      .string()
      .min(1, msg.totp.codeRequired)
      .regex(/^[a-z0-9]{10}$/, msg.totp.invalidRecoveryCode),
  );

/** The opaque token of a sign-in whose second step is still due. */
const challengeSchema = z
  .string({ error: msg.totp.challengeExpired })
  .min(1, msg.totp.challengeExpired)
  .max(100, msg.totp.challengeExpired)
  .regex(/^[A-Za-z0-9_-]+$/, msg.totp.challengeExpired);

/** POST /api/login answers 202 with this when the password was right and a second step is due. */
export const secondFactorRequiredSchema = z.object({
  /** 'totp': enter a code; 'enrol': the role requires a second factor the user has not set up yet. */
  secondFactor: z.enum(['totp', 'enrol']),
  challenge: z.string(),
  expiresAt: z.string(),
});
export type SecondFactorRequired = z.infer<typeof secondFactorRequiredSchema>;

export const loginSecondFactorSchema = z.discriminatedUnion('method', [
  z.object({ challenge: challengeSchema, method: z.literal('totp'), code: totpCodeSchema }),
  z.object({ challenge: challengeSchema, method: z.literal('recovery'), code: recoveryCodeSchema }),
]);
export type LoginSecondFactorInput = z.input<typeof loginSecondFactorSchema>;

export const loginChallengeSchema = z.object({ challenge: challengeSchema });
export const loginEnrolConfirmSchema = z.object({ challenge: challengeSchema, code: totpCodeSchema });

/** What the authenticator app needs: shown once, while enrolling. */
export const totpEnrolmentSchema = z.object({
  otpauthUri: z.string(),
  /** The QR code of otpauthUri as an SVG data URL. */
  qrCode: z.string(),
  /** The Base32 secret, for typing it by hand. */
  secret: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

export const recoveryCodesSchema = z.object({
  recoveryCodes: z.array(z.string()),
  /** How many other sessions of the user were ended by this change. */
  otherSessionsEnded: z.number().int(),
});
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const loginEnrolResultSchema = z.object({ user: userSchema, recoveryCodes: z.array(z.string()) });

export const totpStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** The user's role requires the second factor (set by the admin). */
  required: z.boolean(),
});
export type TotpStatus = z.infer<typeof totpStatusSchema>;

export const totpConfirmSchema = z.object({ code: totpCodeSchema });

/** Turning the second factor off: the password and a code of the app or a recovery code. */
export const totpDisableSchema = z.object({
  password: z
    .string({ error: msg.password.currentRequired })
    .min(1, msg.password.currentRequired)
    .max(PASSWORD_MAX, msg.totp.wrongPassword),
  code: z
    .string({ error: msg.totp.codeRequired })
    .max(40, msg.totp.invalidCode)
    .transform((v) => v.trim())
    .pipe(z.string().min(1, msg.totp.codeRequired)),
});

export const otherSessionsEndedSchema = z.object({ otherSessionsEnded: z.number().int() });

export const roleSecuritySchema = z.object({ role: z.enum(ROLES), totpRequired: z.boolean() });
export type RoleSecurity = z.infer<typeof roleSecuritySchema>;
export const roleParamSchema = z.object({ role: z.enum(ROLES, { error: msg.user.roleRequired }) });
export const roleSecurityUpdateSchema = z.object({
  totpRequired: z.boolean({ error: msg.common.invalidData }),
});
