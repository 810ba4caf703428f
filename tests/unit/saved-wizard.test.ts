// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { loadWizard, saveWizard, type SavedWizard } from '#client/landing/saved-wizard.ts';

const clean: SavedWizard = {
  step: 1,
  values: {
    nome: '',
    cognome: '',
    telefono: '',
    email: '',
    serviziRichiesti: [],
    privacyAccepted: false as unknown as true,
    orarioContatto: '',
  },
  isCombined: false,
  attempt: null,
  done: null,
};

/** The wizard kept across a reload (docs/product/landing.md#ricarica-della-pagina). */
describe('saved wizard', () => {
  beforeEach(() => sessionStorage.clear());

  it('writes nothing for a clean start: a new visit starts from there anyway', () => {
    saveWizard('WE-AAAA', clean);
    expect(sessionStorage.length).toBe(0);
    expect(loadWizard('WE-AAAA')).toBeNull();
  });

  it('keeps a choice on step 1, and forgets it once undone', () => {
    saveWizard('WE-AAAA', { ...clean, values: { ...clean.values, serviziRichiesti: ['luce'] } });
    expect(loadWizard('WE-AAAA')?.values.serviziRichiesti).toEqual(['luce']);
    saveWizard('WE-AAAA', clean);
    expect(loadWizard('WE-AAAA')).toBeNull();
  });

  it('keeps a later step even with nothing typed', () => {
    saveWizard('WE-AAAA', { ...clean, step: 2 });
    expect(loadWizard('WE-AAAA')?.step).toBe(2);
  });
});
