import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '#server/env.ts';

describe('environment', () => {
  it('has working defaults for a fresh clone', () => {
    const c = parseEnv({});
    expect(c.port).toBe(5000);
    expect(c.dataDir).toBe(path.resolve('data'));
    expect(c.uploadDir).toBe(path.resolve('data/uploads'));
    expect(c.publicBaseUrl).toBe('http://localhost:5000');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.trustProxy).toBe(false);
    expect(c.secureCookies).toBe(false);
    expect(c.webConcurrency).toBe(1);
  });

  it('runs several server processes only on PostgreSQL', () => {
    expect(parseEnv({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://db/winsolution' }).webConcurrency).toBe(
      2,
    );
    expect(parseEnv({ WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
  });

  it('derives the public URL from PORT and marks cookies Secure on https', () => {
    expect(parseEnv({ PORT: '8080' }).publicBaseUrl).toBe('http://localhost:8080');
    const https = parseEnv({ PUBLIC_BASE_URL: 'https://negozi.winsolution.it/' });
    expect(https.publicBaseUrl).toBe('https://negozi.winsolution.it');
    expect(https.secureCookies).toBe(true);
  });

  it.each([
    [{ TRUST_PROXY: 'true' }, true],
    [{ TRUST_PROXY: '2' }, 2],
    [{ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }, '10.0.0.1, 10.0.0.2'],
    [{ TRUST_PROXY: '' }, false],
  ])('parses TRUST_PROXY %j', (env, expected) => {
    expect(parseEnv(env).trustProxy).toEqual(expected);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT: deve essere un numero di porta tra 1 e 65535'],
    [{ PORT: '70000' }, 'PORT: deve essere un numero di porta tra 1 e 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: deve iniziare con postgres:// o postgresql://'],
    [{ PUBLIC_BASE_URL: 'negozi' }, 'PUBLIC_BASE_URL'],
    [{ ADMIN_EMAIL: 'a@b.it' }, 'ADMIN_EMAIL e ADMIN_PASSWORD vanno impostati insieme'],
    [
      { ADMIN_EMAIL: 'non-email', ADMIN_PASSWORD: 'abcdefgh' },
      'ADMIN_EMAIL: non è un indirizzo email valido',
    ],
    [{ SESSION_SECRET: 'corto' }, 'SESSION_SECRET: deve avere almeno 32 caratteri'],
    [{ TRUST_PROXY: 'forse' }, 'TRUST_PROXY'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV: usa development, production o test'],
    [
      { SMTP_URL: 'http://mail.esempio.it', MAIL_FROM: 'a@esempio.it' },
      'SMTP_URL: deve essere un URL smtp://',
    ],
    [{ SMTP_URL: 'smtp://mail.esempio.it' }, 'MAIL_FROM: va impostato insieme a SMTP_URL'],
    [{ MAIL_FROM: 'avvisi' }, 'MAIL_FROM: deve essere un indirizzo e-mail'],
    [{ WEB_CONCURRENCY: 'due' }, 'WEB_CONCURRENCY: deve essere un numero di processi tra 1 e 32'],
    [{ WEB_CONCURRENCY: '0' }, 'WEB_CONCURRENCY: deve essere un numero di processi tra 1 e 32'],
    [
      { WEB_CONCURRENCY: '2' },
      'WEB_CONCURRENCY: più di un processo richiede PostgreSQL (DATABASE_URL): il database incorporato si apre da un solo processo',
    ],
  ])('refuses %j with a readable message', (env, text) => {
    expect(() => parseEnv(env)).toThrow(EnvError);
    expect(() => parseEnv(env)).toThrow(text);
  });

  it.each([
    ['avvisi@esempio.it'],
    ['WINSOLUTION <avvisi@esempio.it>'],
    ['"Avvisi WINSOLUTION" <avvisi@esempio.it>'],
  ])('reads the mail settings with MAIL_FROM %s', (from) => {
    const c = parseEnv({ SMTP_URL: 'smtps://utente:segreta@smtp.esempio.it:465', MAIL_FROM: from });
    expect(c.smtpUrl).toBe('smtps://utente:segreta@smtp.esempio.it:465');
    expect(c.mailFrom).toBe(from);
    expect(parseEnv({}).smtpUrl).toBeUndefined();
  });

  it('never echoes the mail server password', () => {
    expect(() => parseEnv({ SMTP_URL: 'ftp://utente:segreta@host' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('segreta') as unknown }),
    );
  });

  it('never echoes secrets in the message', () => {
    try {
      parseEnv({ SESSION_SECRET: 'segreto' });
    } catch (e) {
      expect((e as Error).message).not.toContain('segreto"');
    }
  });
});
