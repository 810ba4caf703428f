import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { PropostaLetta } from '#server/modules/letture-bollette/parse-bolletta.ts';

const run = promisify(execFile);
const photo = fileURLToPath(new URL('../fixtures/bolletta-foto.jpg', import.meta.url));
const reader = fileURLToPath(new URL('../support/read-bill.ts', import.meta.url));

describe('a phone photo of a printed bill (tests/fixtures/bolletta-foto.jpg)', () => {
  it('is read by OCR with the Italian model from node_modules, with no network at all, and proposes the POD', async () => {
    // `unshare -rn`: a network namespace with no interface, so any download would fail the reading.
    const { stdout } = await run(
      'unshare',
      ['-rn', process.execPath, '--import', 'tsx', reader, photo, 'image/jpeg'],
      {
        timeout: 120_000,
      },
    );
    const { proposte } = JSON.parse(stdout) as { proposte: PropostaLetta[] };
    const pod = proposte.find((p) => p.campo === 'pod');
    expect(pod).toMatchObject({ valore: 'IT001E12345678', pagina: 1 });
    // Read by OCR: trusted less than a PDF's own text (0.97), still enough to propose.
    expect(pod!.confidenza).toBeLessThan(0.97);
    expect(pod!.confidenza).toBeGreaterThan(0.6);
    expect(proposte.find((p) => p.campo === 'codiceFiscale')?.valore).toBe('RSSMRA80A01H501U');
  });
});
