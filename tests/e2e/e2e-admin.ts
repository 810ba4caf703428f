/** The admin the E2E server is started with (playwright.config.ts) and the specs sign in as. */
export const E2E_ADMIN = { email: 'admin@e2e.winsolution.it', password: 'password-e2e-admin' };
