import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The API files `npm run test:pg` does not repeat on PostgreSQL (docs/decisions/002-test-databases.md):
 * what they prove lives above the database — validation, roles, HTTP, files, PDFs — and the
 * contract run, which still runs there, sends every operation to PostgreSQL once.
 */
const NOT_REPEATED_ON_POSTGRES = [
  // HTTP layer and validation: the same on either database.
  'security-fuzz',
  'security-attacks',
  'security-findings',
  'security-authz',
  'permissions',
  'origin-check',
  'compression',
  'request-log',
  'openapi',
  'openapi-contract',
  'totp',
  'impostazioni',
  'fornitori',
  // Files, PDFs and spreadsheets: their CPU, not their queries.
  'lettura-ocr',
  'letture-bollette',
  'landing-upload',
  's3-storage',
  'documenti',
  'pratiche-export',
  'commissioni-export',
].map((name) => `tests/api/${name}.test.ts`);

export default defineConfig({
  test: {
    globalSetup: ['tests/setup/global-setup.ts'],
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          // Files share their worker's loaded modules (the app, drizzle, PGlite's loader) instead of
          // importing them again each: the API suite in 30% less time. Every file opens its own
          // database and app, and no test mocks a module or changes process.env.
          isolate: false,
          include: [
            'src/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
            'tests/unit/**/*.test.ts',
            'tests/api/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...(process.env.PG_PASS ? NOT_REPEATED_ON_POSTGRES : [])],
        },
      },
      {
        // Component tests: React components in a simulated DOM, with Testing Library.
        extends: true,
        test: {
          name: 'components',
          include: ['src/client/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['tests/setup/components.ts'],
        },
      },
    ],
  },
});
