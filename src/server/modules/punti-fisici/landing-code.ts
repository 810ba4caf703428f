import { randomInt } from 'node:crypto';

// No 0/O, 1/I/L: a code read off a printed poster must not be ambiguous.
export const LANDING_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const LANDING_CODE_PATTERN = /^WE-[A-Z0-9]{8}$/;
export { DEMO_LANDING_CODE } from '#shared/domain.ts';

export function generateLandingCode(): string {
  let code = 'WE-';
  for (let i = 0; i < 8; i++) code += LANDING_CODE_ALPHABET[randomInt(LANDING_CODE_ALPHABET.length)];
  return code;
}
