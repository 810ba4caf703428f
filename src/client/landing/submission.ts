/**
 * What the customer is told when sending fails, and the bills' one automatic retry.
 * See docs/product/landing.md#errori-di-invio
 */
import { landingMsg } from '#shared/messages-landing.ts';
import { LandingRequestError } from '#client/landing/api.ts';

const m = landingMsg;

/** 'tra 45 secondi', 'tra 2 minuti', 'tra qualche minuto'. */
export function waitText(seconds: number | undefined): string {
  if (seconds == null) return m.waitUnknown;
  if (seconds < 60) return m.waitSeconds(Math.max(1, Math.ceil(seconds)));
  return m.waitMinutes(Math.ceil(seconds / 60));
}

/** The Italian message for a submission that did not go through; the form keeps every field. */
export function submitFailureMessage(error: unknown): string {
  if (!(error instanceof LandingRequestError)) return m.submitServerError;
  if (error.status === 0) return m.submitOffline;
  if (error.status === 429) return m.submitRateLimited(waitText(error.retryAfterSeconds));
  if (error.status >= 500 || !error.serverMessage) return m.submitServerError;
  return error.serverMessage;
}

export type UploadOutcome =
  | { status: 'none' }
  | { status: 'sending' }
  | { status: 'sent' }
  /** `retryable`: sending the same files again may work (no answer, a server error, a rate limit). */
  | { status: 'failed'; retryable: boolean; message?: string };

const failed = (error: unknown): UploadOutcome => {
  const isRequestError = error instanceof LandingRequestError;
  return {
    status: 'failed',
    retryable: !isRequestError || error.isRetryable,
    message: isRequestError && !error.isRetryable ? error.serverMessage : undefined,
  };
};

/** Pause before the automatic retry: the server's Retry-After when short, else 1.5 seconds. */
export function retryDelayMs(error: unknown): number {
  const after = error instanceof LandingRequestError ? error.retryAfterSeconds : undefined;
  return after != null && after <= 10 ? after * 1000 : 1500;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Sends; a failure worth retrying is retried once, after a pause. */
export async function sendWithOneRetry(
  send: () => Promise<void>,
  wait: (ms: number) => Promise<void> = pause,
): Promise<UploadOutcome> {
  try {
    await send();
    return { status: 'sent' };
  } catch (first) {
    if (first instanceof LandingRequestError && !first.isRetryable) return failed(first);
    console.warn('Caricamento delle fatture non riuscito, nuovo tentativo:', first);
    await wait(retryDelayMs(first));
    try {
      await send();
      return { status: 'sent' };
    } catch (second) {
      console.warn('Caricamento delle fatture non riuscito:', second);
      return failed(second);
    }
  }
}
