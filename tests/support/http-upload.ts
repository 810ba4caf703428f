/**
 * A customer's upload over real HTTP whose body the test sends in pieces: the first bytes now,
 * the rest later (or never), as a slow phone or a dropped connection would.
 */
import { randomBytes } from 'node:crypto';
import { request, type ClientRequest } from 'node:http';

export interface UploadFile {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface PartialUpload {
  request: ClientRequest;
  /** Bytes of the body still unsent. */
  readonly remaining: number;
  /** Sends the rest of the body; resolves with the answer. */
  finish(): Promise<{ status: number; body: string }>;
  /** The answer, whenever it comes (rejects if the connection breaks). */
  readonly response: Promise<{ status: number; body: string }>;
  /** Drops the connection, as a customer who goes away. */
  abort(): void;
}

export function multipartBody(files: UploadFile[]): { body: Buffer; contentType: string } {
  const boundary = `----winsolution${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\n` +
          `Content-Type: ${f.contentType}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Starts `POST url` with the whole body announced in Content-Length and only `sentBytes` of it
 * written; `headers` are added (the upload token, a forwarded address…).
 */
export function startUpload(
  url: string,
  files: UploadFile[],
  sentBytes: number,
  headers: Record<string, string> = {},
): PartialUpload {
  const { body, contentType } = multipartBody(files);
  const req = request(url, {
    method: 'POST',
    headers: { 'content-type': contentType, 'content-length': String(body.length), ...headers },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  // Whoever does not wait for the answer (an abort) must not leave an unhandled rejection.
  response.catch(() => undefined);
  req.write(body.subarray(0, sentBytes));
  return {
    request: req,
    remaining: body.length - sentBytes,
    response,
    finish() {
      req.end(body.subarray(sentBytes));
      return response;
    },
    abort() {
      req.destroy();
    },
  };
}

/** A plain-text bill of `size` bytes: accepted by the content checks, large enough to stream. */
export function textBill(size: number): Buffer {
  return Buffer.alloc(size, 'Fornitura luce POD IT001E12345678 - consumo annuo 2.700 kWh\n');
}
