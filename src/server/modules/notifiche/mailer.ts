import type * as Nodemailer from 'nodemailer';
import { lazyRequire } from '#server/lib/lazy-require.ts';

const nodemailer = lazyRequire<typeof Nodemailer>('nodemailer');

/** What the outbox worker needs from a mail server: send one message, or say why not. */
export interface Mailer {
  send(message: OutgoingMessage): Promise<{ messageId: string }>;
  close(): void;
}

export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A calendar invitation (ICS text), sent as the message's calendar part and as invito.ics. */
  icalEvent?: string | null;
  /** The outbox row: its Message-ID is derived from it, the same on every attempt. */
  outboxId: number;
}

/**
 * A failed send. `serverDown` means the fault is the server's or ours, not the message's (no
 * connection, timeout, 421 "closing", failed login or TLS): the worker waits for the server
 * instead of spending the message's attempts.
 */
export class SendError extends Error {
  constructor(
    message: string,
    readonly serverDown: boolean,
    readonly responseCode: number | undefined,
  ) {
    super(message);
    this.name = 'SendError';
  }
}

const SERVER_DOWN_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'EAUTH',
  'ETLS',
  'ENOAUTH',
]);

export function toSendError(error: unknown): SendError {
  const e = error as { message?: string; code?: string; responseCode?: number; response?: string } | null;
  const responseCode = typeof e?.responseCode === 'number' ? e.responseCode : undefined;
  const serverDown =
    responseCode === undefined || responseCode === 421 || (e?.code != null && SERVER_DOWN_CODES.has(e.code));
  // The server's own words when it answered ("550 5.1.1 mailbox unavailable"), else the error.
  const text = (e?.response ?? e?.message ?? String(error)).slice(0, 500);
  return new SendError(text, serverDown, responseCode);
}

/** The domain of the sender address, for Message-IDs. */
function senderDomain(from: string): string {
  const match = /@([^>\s]+)>?\s*$/.exec(from);
  return match?.[1] ?? 'winsolution.invalid';
}

/** The SMTP mailer of SMTP_URL and MAIL_FROM, or null when mail is not configured. */
export function createMailer(config: { smtpUrl?: string; mailFrom?: string }): Mailer | null {
  const { smtpUrl, mailFrom } = config;
  if (!smtpUrl || !mailFrom) return null;
  // One connection per message: the worker sends little and rarely, and a fresh connection
  // recovers by itself from a server restart.
  const transport = nodemailer().createTransport({
    url: smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  const domain = senderDomain(mailFrom);
  return {
    async send(message) {
      try {
        const info = await transport.sendMail({
          from: mailFrom,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          ...(message.icalEvent
            ? { icalEvent: { method: 'REQUEST', filename: 'invito.ics', content: message.icalEvent } }
            : {}),
          // The same id on every attempt: a duplicate after a crash is recognisable as one.
          messageId: `<outbox-${message.outboxId}@${domain}>`,
          headers: {
            // RFC 3834: automatic mail; out-of-office replies should not answer it.
            'Auto-Submitted': 'auto-generated',
            'X-Auto-Response-Suppress': 'All',
          },
        });
        return { messageId: info.messageId };
      } catch (error) {
        throw toSendError(error);
      }
    },
    close() {
      transport.close();
    },
  };
}
