import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { msg } from '#shared/messages.ts';
import { mockApi, renderWithClient } from '#client/lib/test-utils.tsx';
import type { PraticheFilters as FilterState } from '#client/backoffice/features/pratiche/api/queries.ts';
import { PraticheFilters } from '#client/backoffice/features/pratiche/components/pratiche-filters.tsx';

const FILTERS: FilterState = {
  search: '',
  servizio: '',
  puntoFisicoId: null,
  stati: [],
  koMotivazione: '',
  schedaIncompleta: false,
};
const exact = (total: number) => ({ total, totalIsLowerBound: false });
const COUNTS = { inserito: exact(3), in_lavorazione: exact(12), completato: exact(1250), ko: exact(0) };

function render(counts: Parameters<typeof PraticheFilters>[0]['counts']) {
  mockApi({});
  renderWithClient(
    <PraticheFilters value={FILTERS} onChange={() => {}} onReset={() => {}} counts={counts} />,
  );
}

const statusButton = (label: string) => screen.getByRole('button', { name: new RegExp(`^${label}`) });

describe('PraticheFilters, the counts on the status buttons', () => {
  it('shows each status with its count, saying it counts practices (the dashboard counts services)', () => {
    render({ ...COUNTS, ko: exact(1) });
    expect(statusButton('Inserito').textContent).toBe('Inserito3 pratiche');
    expect(statusButton('Completato').textContent).toBe('Completato1.250 pratiche');
    expect(statusButton('KO').textContent).toBe('KO1 pratica');
  });

  it('a count that stopped at its bound says so, never a made-up number', () => {
    render({ ...COUNTS, inserito: { total: 1000, totalIsLowerBound: true } });
    expect(statusButton('Inserito').textContent).toBe('Inseritopiù di 1.000 pratiche');
  });

  it('a search too broad to count shows no number, and says how to get the counts back', () => {
    render(null);
    expect(statusButton('Inserito').textContent).toBe('Inserito');
    expect(statusButton('KO').textContent).toBe('KO');
    expect(screen.getByText(msg.pratica.conteggiNonCalcolati)).toBeTruthy();
  });

  it('shows an ellipsis while the counts load', () => {
    render(undefined);
    expect(statusButton('Inserito').textContent).toBe('Inserito… pratiche');
  });
});
