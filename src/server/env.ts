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
    NODE_ENV: z
      .enum(['development', 'production', 'test'], { message: 'usa development, production o test' })
      .default('production'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        message: 'usa fatal, error, warn, info, debug, trace o silent',
      })
      .default('info'),
  })
  .refine((e) => (e.ADMIN_EMAIL == null) === (e.ADMIN_PASSWORD == null), {
    message: 'ADMIN_EMAIL e ADMIN_PASSWORD vanno impostati insieme',
    path: ['ADMIN_PASSWORD'],
  });

export interface Config {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  uploadDir: string;
  publicBaseUrl: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  sessionSecret: string | undefined;
  trustProxy: boolean | number | string;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: string;
  /** Cookies are Secure when the public address is https. */
  secureCookies: boolean;
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
      const shown = value === undefined || /PASSWORD|SECRET/.test(key) ? '' : ` (valore: "${value}")`;
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
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    sessionSecret: e.SESSION_SECRET,
    trustProxy: e.TRUST_PROXY,
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    secureCookies: publicBaseUrl.startsWith('https://'),
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
