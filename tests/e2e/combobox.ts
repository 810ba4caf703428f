import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The point-of-sale filter (a combobox opening a searchable list). Opens it and types, returning
 * its popover: the options (in the listbox) and the search's note (a live region beside it), so
 * a test can look at both before choosing.
 */
export async function searchPoint(page: Page, text: string): Promise<Locator> {
  const popover = page.getByRole('dialog', { name: 'Punti fisici', exact: true });
  if (!(await popover.isVisible())) await page.getByRole('combobox', { name: 'Punto fisico' }).click();
  await page.getByRole('combobox', { name: 'Cerca punto fisico' }).fill(text);
  return popover;
}

export async function choosePoint(page: Page, text: string, option: RegExp | string) {
  const popover = await searchPoint(page, text);
  await popover.getByRole('option', { name: option }).click();
  await expect(popover).toBeHidden();
}

/**
 * The person picker of the point dialogs: label 'Responsabile', 'Agente' or 'Area Manager'.
 * Returns its popover, as searchPoint does.
 */
export async function searchPerson(scope: Page | Locator, label: string, text: string): Promise<Locator> {
  const page = 'page' in scope ? scope.page() : scope;
  const popover = page.getByRole('dialog', { name: label, exact: true });
  if (!(await popover.isVisible())) await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('combobox', { name: `Cerca ${label.toLowerCase()}` }).fill(text);
  return popover;
}
