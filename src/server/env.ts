import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Every setting of the README's Configurazione table, parsed once. */
const envSchema = z
  .object({
    PORT: z.coerce
      .number({ message: 'deve essere un numero di porta tra 1 e 65535' })
      .int('deve essere un numero di porta tra 1 e 65535')
      .min(1, 'deve essere un numero di porta tra 1 e 65535')
      .max(65535, 'deve essere un numero di porta tra 1 e 65535')
      .default(5000),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'deve iniziare con postgres:// o postgresql://')
      .optional(),
    UPLOAD_DIR: z.string().min(1).optional(),
    PUBLIC_BASE_URL: z.url({ message: 'deve essere un URL completo, es. https://esempio.it' }).optional(),
    ADMIN_EMAIL: z.email({ message: 'non è un indirizzo email valido' }).optional(),
    ADMIN_PASSWORD: z.string().min(8, 'deve avere almeno 8 caratteri').optional(),
    SESSION_SECRET: z.string().min(32, 'deve avere almeno 32 caratteri').optional(),
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v, ctx): boolean | number | string => {
        if (v == null || v === '' || v === 'false') return false;
        if (v === 'true') return true;
        if (/^\d+$/.test(v)) return Number(v);
        if (/^[\d.:/a-fA-F, ]+$/.test(v)) return v;
        ctx.addIssue({ code: 'custom', message: 'usa true, false, un numero di proxy o un elenco di IP' });
        return z.NEVER;
      }),
    SMTP_URL: z
      .string()
      .refine((v) => {
        try {
          const url = new URL(v);
          return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
        } catch {
          return false;
        }
      }, 'deve essere un URL smtp:// o smtps://, es. smtps://utente:password@smtp.esempio.it:465')
      .optional(),
    MAIL_FROM: z
      .string()
      .trim()
      .refine(
        (v) =>
          /^[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+$/.test(v) || /^[^<>]*<[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+>$/.test(v),
        'deve essere un indirizzo e-mail, es. avvisi@esempio.it o "WINSOLUTION <avvisi@esempio.it>"',
      )
      .optional(),
    NODE_ENV: z
      .enum(['development', 'production', 'test'], { message: 'usa development, production o test' })
      .default('production'),
    S3_BUCKET: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'nome di bucket non valido (3–63 caratteri: minuscole, cifre, punti, trattini)',
      )
      .optional(),
    S3_ENDPOINT: z
      .url({ message: 'deve essere un URL completo, es. https://s3.eu-south-1.amazonaws.com' })
      .optional(),
    S3_REGION: z.string().min(1).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false'], { message: 'usa true o false' })
      .optional()
      .transform((v) => v === 'true'),
    WEB_CONCURRENCY: z.coerce
      .number({ message: 'deve essere un numero di processi tra 1 e 32' })
      .int('deve essere un numero di processi tra 1 e 32')
      .min(1, 'deve essere un numero di processi tra 1 e 32')
      .max(32, 'deve essere un numero di processi tra 1 e 32')
      .default(1),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        message: 'usa fatal, error, warn, info, debug, trace o silent',
      })
      .default('info'),
  })
  .refine((e) => (e.ADMIN_EMAIL == null) === (e.ADMIN_PASSWORD == null), {
    message: 'ADMIN_EMAIL e ADMIN_PASSWORD vanno impostati insieme',
    path: ['ADMIN_PASSWORD'],
  })
  .refine((e) => (e.S3_ACCESS_KEY_ID == null) === (e.S3_SECRET_ACCESS_KEY == null), {
    message: 'S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY vanno impostati insieme',
    path: ['S3_SECRET_ACCESS_KEY'],
  })
  .refine(
    (e) =>
      e.S3_BUCKET != null ||
      [e.S3_ENDPOINT, e.S3_REGION, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY].every((v) => v == null),
    { message: 'le variabili S3_* servono solo con S3_BUCKET: impostalo o toglile', path: ['S3_BUCKET'] },
  )
  // The embedded database opens from one process only (docs/deploy.md#database-incorporato).
  .refine((e) => e.WEB_CONCURRENCY === 1 || e.DATABASE_URL != null, {
    message:
      'più di un processo richiede PostgreSQL (DATABASE_URL): il database incorporato si apre da un solo processo',
    path: ['WEB_CONCURRENCY'],
  })
  .refine((e) => e.SMTP_URL == null || e.MAIL_FROM != null, {
    message: 'va impostato insieme a SMTP_URL: è il mittente delle e-mail',
    path: ['MAIL_FROM'],
  });

/** The object store of the documents, when S3_BUCKET is set (docs/deploy.md). */
export interface S3Config {
  bucket: string;
  /** Absent for AWS itself; the URL of MinIO, R2, Scaleway… otherwise. */
  endpoint: string | undefined;
  region: string;
  /** Absent: the SDK's own chain (AWS_* variables, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
}

export interface Config {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  uploadDir: string;
  publicBaseUrl: string;
  /** PUBLIC_BASE_URL was set; otherwise publicBaseUrl is http://localhost:PORT (docs/security.md#csrf). */
  publicBaseUrlConfigured: boolean;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  sessionSecret: string | undefined;
  trustProxy: boolean | number | string;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: string;
  s3: S3Config | undefined;
  /** Outgoing mail server; without it the outbox fills and nothing is sent (docs/product/notifications.md). */
  smtpUrl: string | undefined;
  /** Sender of every e-mail, "Name <address>" or an address. */
  mailFrom: string | undefined;
  /** Cookies are Secure when the public address is https. */
  secureCookies: boolean;
  /** Server processes sharing the port (docs/deploy.md#più-processi-su-un-server); more than 1 only on PostgreSQL. */
  webConcurrency: number;
}

export class EnvError extends Error {}

/** Parse the environment; a bad value fails with one readable line per problem. */
export function parseEnv(source: Record<string, string | undefined>): Config {
  // Empty strings mean "not set", as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => {
      const key = i.path.join('.') || 'ambiente';
      const value = typeof i.path[0] === 'string' ? cleaned[i.path[0]] : undefined;
      // SMTP_URL may carry the mail server's password.
      const shown =
        value === undefined || /PASSWORD|SECRET|KEY_ID|SMTP_URL/.test(key) ? '' : ` (valore: "${value}")`;
      return `  - ${key}: ${i.message}${shown}`;
    });
    throw new EnvError(`Configurazione non valida:\n${lines.join('\n')}`);
  }
  const e = result.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicBaseUrl = (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    uploadDir: path.resolve(e.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    publicBaseUrl,
    publicBaseUrlConfigured: e.PUBLIC_BASE_URL !== undefined,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    sessionSecret: e.SESSION_SECRET,
    trustProxy: e.TRUST_PROXY,
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION ?? 'us-east-1',
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    secureCookies: publicBaseUrl.startsWith('https://'),
    webConcurrency: e.WEB_CONCURRENCY,
  };
}

/** SESSION_SECRET, else the one kept in DATA_DIR, else a new one written there. */
export function resolveSessionSecret(config: Config): string {
  if (config.sessionSecret) return config.sessionSecret;
  const file = path.join(config.dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
