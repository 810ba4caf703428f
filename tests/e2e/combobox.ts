import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The point-of-sale filter (a combobox opening a searchable list). Opens it and types, returning
 * the list, so a test can look at the options before choosing one.
 */
export async function searchPoint(page: Page, text: string): Promise<Locator> {
  const list = page.getByRole('listbox', { name: 'Punti fisici' });
  if (!(await list.isVisible())) await page.getByRole('combobox', { name: 'Punto fisico' }).click();
  await page.getByRole('combobox', { name: 'Cerca punto fisico' }).fill(text);
  return list;
}

export async function choosePoint(page: Page, text: string, option: RegExp | string) {
  const list = await searchPoint(page, text);
  await list.getByRole('option', { name: option }).click();
  await expect(list).toBeHidden();
}

/** The person picker of the point dialogs: label 'Responsabile', 'Agente' or 'Area Manager'. */
export async function searchPerson(scope: Page | Locator, label: string, text: string): Promise<Locator> {
  const page = 'page' in scope ? scope.page() : scope;
  const list = page.getByRole('listbox', { name: `Risultati ${label}` });
  if (!(await list.isVisible())) await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('combobox', { name: `Cerca ${label.toLowerCase()}` }).fill(text);
  return list;
}
