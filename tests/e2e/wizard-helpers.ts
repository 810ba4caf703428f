import type { Page } from '@playwright/test';
import { msg } from '#shared/messages.ts';

let seq = 0;

/** A visitor nobody has seen before: surname, phone and e-mail unique to this run. */
export function person(surname = 'Rossi', mobilePrefix = '347') {
  const n = `${Date.now()}${seq++}`.slice(-8);
  return {
    nome: 'Giulia',
    cognome: `${surname}${n}`,
    telefono: `${mobilePrefix}${n.slice(-7)}`,
    email: `${surname.toLowerCase()}.${n}@esempio.it`,
  };
}

export type Person = ReturnType<typeof person>;

/** Step 2 filled in as a customer would, privacy box included. */
export async function fillData(page: Page, p: Person) {
  await page.getByLabel('Nome', { exact: false }).first().fill(p.nome);
  await page.getByLabel('Cognome').fill(p.cognome);
  await page.getByLabel('Cellulare').fill(p.telefono);
  await page.getByLabel('Email').fill(p.email);
  await page.getByLabel(msg.landing.privacyLabel).check();
}
