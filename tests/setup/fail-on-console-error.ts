import { afterEach, vi } from 'vitest';

// A console.error during a test is a bug somewhere: fail the test that caused it.
const errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
afterEach(() => {
  if (errors.length > 0) {
    const first = errors[0];
    errors.length = 0;
    throw new Error(`console.error durante il test: ${first?.map(String).join(' ')}`);
  }
});
void vi;
