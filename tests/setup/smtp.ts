import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as the SMTP server received it, parsed. */
export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Map<string, unknown>;
  /** Attached files and calendar parts (an ICS invitation is text/calendar), as text. */
  attachments: Array<{ contentType: string; filename: string | undefined; content: string }>;
}

export interface TestSmtp {
  port: number;
  url: string;
  inbox: ReceivedMail[];
  /** The messages one address received. */
  to(address: string): ReceivedMail[];
  /** Refuse the next `n` messages with a permanent error (550) at end of data. */
  refuseNext(n: number): void;
  /** How many messages were refused so far. */
  refused(): number;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free local port (no TLS, no login) that keeps what it receives: what the
 * mail tests read instead of a mailbox. `port` reuses a port, to restart a stopped server.
 */
export async function startTestSmtp(options: { port?: number } = {}): Promise<TestSmtp> {
  const inbox: ReceivedMail[] = [];
  let toRefuse = 0;
  let refusedCount = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const recipients = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      simpleParser(stream)
        .then((parsed) => {
          if (toRefuse > 0) {
            toRefuse--;
            refusedCount++;
            const error = new Error('5.7.1 Message refused by test') as Error & { responseCode: number };
            error.responseCode = 550;
            callback(error);
            return;
          }
          inbox.push({
            to: recipients,
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            messageId: parsed.messageId ?? '',
            headers: parsed.headers as Map<string, unknown>,
            attachments: parsed.attachments.map((a) => ({
              contentType: a.contentType,
              filename: a.filename,
              content: a.content.toString('utf8'),
            })),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    to: (address) => inbox.filter((m) => m.to.includes(address.toLowerCase())),
    refuseNext: (n) => {
      toRefuse = n;
    },
    refused: () => refusedCount,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
