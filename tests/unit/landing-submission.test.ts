import { describe, expect, it, vi } from 'vitest';
import { LandingRequestError } from '#client/landing/api.ts';
import {
  retryDelayMs,
  sendWithOneRetry,
  submitFailureMessage,
  waitText,
} from '#client/landing/submission.ts';
import { landingMsg } from '#shared/messages-landing.ts';

const m = landingMsg;
const err = (status: number, message?: string, retryAfter?: number) =>
  new LandingRequestError(status, message, retryAfter);

describe('what the customer reads when the submission fails', () => {
  it.each([
    { name: 'no answer (offline)', error: err(0), expected: m.submitOffline },
    { name: 'server error', error: err(500, 'Errore interno'), expected: m.submitServerError },
    { name: 'bad gateway', error: err(502), expected: m.submitServerError },
    {
      name: '429 with Retry-After in seconds',
      error: err(429, 'Troppe richieste', 45),
      expected: m.submitRateLimited('tra 45 secondi'),
    },
    {
      name: '429 with a long Retry-After',
      error: err(429, undefined, 300),
      expected: m.submitRateLimited('tra 5 minuti'),
    },
    {
      name: '429 without Retry-After',
      error: err(429),
      expected: m.submitRateLimited('tra qualche minuto'),
    },
    {
      name: 'a refusal with the server message',
      error: err(400, 'Servizio non disponibile su questa landing: noleggio'),
      expected: 'Servizio non disponibile su questa landing: noleggio',
    },
    { name: 'a refusal without a message', error: err(409), expected: m.submitServerError },
    { name: 'anything else thrown', error: new TypeError('x'), expected: m.submitServerError },
  ])('$name', ({ error, expected }) => {
    expect(submitFailureMessage(error)).toBe(expected);
  });

  it.each([
    [undefined, 'tra qualche minuto'],
    [0, 'tra un secondo'],
    [1, 'tra un secondo'],
    [30, 'tra 30 secondi'],
    [60, 'tra un minuto'],
    [61, 'tra 2 minuti'],
    [600, 'tra 10 minuti'],
  ])('wait of %s s reads "%s"', (seconds, text) => expect(waitText(seconds)).toBe(text));
});

describe('bill upload: one automatic retry', () => {
  const noWait = () => Promise.resolve();

  it('sends once when it works', async () => {
    const send = vi.fn().mockResolvedValue(undefined);
    expect(await sendWithOneRetry(send, noWait)).toEqual({ status: 'sent' });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it.each([0, 500, 503, 429])('retries once after a %s, then succeeds', async (status) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const send = vi.fn().mockRejectedValueOnce(err(status)).mockResolvedValueOnce(undefined);
    expect(await sendWithOneRetry(send, noWait)).toEqual({ status: 'sent' });
    expect(send).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('after two failures reports a failure worth retrying by hand', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const send = vi.fn().mockRejectedValue(err(500));
    expect(await sendWithOneRetry(send, noWait)).toEqual({
      status: 'failed',
      retryable: true,
      message: undefined,
    });
    expect(send).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('a refused file is not retried: its message is kept', async () => {
    const message = 'Il file "x.exe" non è di un tipo consentito.';
    const send = vi.fn().mockRejectedValue(err(400, message));
    expect(await sendWithOneRetry(send, noWait)).toEqual({ status: 'failed', retryable: false, message });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it.each([
    { error: err(429, undefined, 3), ms: 3000 },
    { error: err(429, undefined, 120), ms: 1500 },
    { error: err(500), ms: 1500 },
  ])('waits $ms ms before retrying', ({ error, ms }) => expect(retryDelayMs(error)).toBe(ms));

  it('a 429 or a 5xx is worth retrying, a 4xx refusal is not', () => {
    expect([0, 408, 429, 500, 503].map((s) => err(s).isRetryable)).toEqual([true, true, true, true, true]);
    expect([400, 401, 403, 404, 409, 413].map((s) => err(s).isRetryable)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
