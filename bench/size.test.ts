import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIRST_LOAD_BUDGETS_KB, LAZY_BUDGETS_KB, measureFirstLoad } from '#bench/size.ts';

/**
 * The landing's byte budget as a test: what a phone fetches before the first step answers stays
 * within 95 KB gzipped, and each chunk it fetches later within its own
 * (docs/product/landing.md#primo-caricamento). Measured on the real build, rebuilt only when the
 * client's sources changed since the last one.
 */
describe('landing first load budget', () => {
  // One build check for both tests (each check is a tsx start and a hash of the client's sources).
  beforeAll(() => {
    execFileSync('npx', ['tsx', 'scripts/build.ts', 'client', '--if-stale'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      stdio: 'ignore',
    });
  }, 180_000);

  it('first load ≤ 95 KB gzipped; the later steps and WINBOT within theirs', () => {
    const landing = measureFirstLoad().find((p) => p.page === 'landing.html')!;
    expect(FIRST_LOAD_BUDGETS_KB['landing.html']).toBe(95);
    expect(landing.totalGzipBytes / 1024).toBeLessThanOrEqual(95);
    expect(landing.isOverBudget).toBe(false);
    // Its CSS comes inside the HTML (no stylesheet to wait for before the first paint), and counts.
    expect(landing.files.map((f) => f.file)).toContain('landing.html <style> 1');
    expect(landing.files.some((f) => f.file.endsWith('.css'))).toBe(false);
    expect(landing.cssGzipBytes).toBeGreaterThan(5 * 1024);
    // zod and the later steps are not in the first load: they come in their own chunk.
    const lazy = Object.fromEntries(landing.lazy.map((c) => [c.name, c.totalGzipBytes / 1024]));
    for (const [name, budget] of Object.entries(LAZY_BUDGETS_KB['landing.html'])) {
      expect(lazy[name], name).toBeDefined();
      expect(lazy[name], name).toBeLessThanOrEqual(budget);
    }
  });

  it('the sign-in page ≤ 145 KB gzipped: its form, not the back-office', () => {
    const pages = measureFirstLoad();
    const signIn = pages.find((p) => p.page === 'auth.html')!;
    const backoffice = pages.find((p) => p.page === 'index.html')!;
    expect(FIRST_LOAD_BUDGETS_KB['auth.html']).toBe(145);
    expect(signIn.isOverBudget).toBe(false);
    expect(signIn.files.some((f) => f.file.includes('/sign-in-start-'))).toBe(true);
    // Neither the back-office nor the whole catalogue of texts (messages.ts): only its own (messages-sign-in.ts).
    expect(signIn.files.some((f) => /\/(backoffice-start-|messages-[\w-]{8}\.js$)/.test(f.file))).toBe(false);
    expect(signIn.totalGzipBytes).toBeLessThan(backoffice.totalGzipBytes - 20 * 1024);
  });
});
