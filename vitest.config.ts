import { defineConfig } from 'vitest/config';

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
