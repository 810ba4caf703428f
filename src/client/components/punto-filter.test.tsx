import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithClient, requestedUrls } from '#client/lib/test-utils.tsx';
import { PuntoFilter } from '#client/components/punto-filter.tsx';

const POINTS = [
  { id: 7, nomeAttivita: 'Bar Aurora', indirizzo: 'Via Roma 1, Milano' },
  { id: 9, nomeAttivita: 'Bar Stella', indirizzo: 'Corso Italia 5, Torino' },
];

function suggestApi() {
  return mockApi({
    'GET /api/punti-fisici/suggest': (url) => ({
      body: POINTS.filter((p) =>
        p.nomeAttivita.toLowerCase().includes((url.searchParams.get('q') ?? '').toLowerCase()),
      ),
    }),
    'GET /api/punti-fisici/7': { body: { ...POINTS[0], urlLanding: '', landingCode: 'x' } },
  });
}

describe('PuntoFilter (combobox)', () => {
  it('opens with Enter listing the points at once, searches from 2 characters, moves with the arrows and picks with Enter', async () => {
    const fetchMock = suggestApi();
    const onSelect = vi.fn();
    const user = userEvent.setup();
    renderWithClient(<PuntoFilter selectedId={null} onSelect={onSelect} />);

    const trigger = screen.getByRole('combobox', { name: 'Punto fisico' });
    expect(trigger).toHaveTextContent('Tutti i punti fisici');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    trigger.focus();
    await user.keyboard('{Enter}');
    const search = await screen.findByRole('combobox', { name: 'Cerca punto fisico' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');

    // Opened: the first points at once, before typing (the dashboard's chooser too).
    expect(await screen.findByRole('option', { name: /Bar Stella/ })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(requestedUrls(fetchMock)[0]).not.toMatch(/q=./);
    expect(search).toHaveAttribute('placeholder', 'Nome o indirizzo');

    await user.type(search, 'B');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Digita almeno 2 caratteri'));
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await user.type(search, 'ar');
    const list = screen.getByRole('listbox', { name: 'Punti fisici' });
    expect(await screen.findByRole('option', { name: /Bar Aurora/ })).toBeInTheDocument();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Tutti i punti fisici',
      'Bar AuroraVia Roma 1, Milano',
      'Bar StellaCorso Italia 5, Torino',
    ]);
    expect(list).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('2 risultati'));
    // One request for the term the user stopped at, not one per key.
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(requestedUrls(fetchMock)[1]).toContain('q=Bar');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: /Bar Stella/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(9);
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  });

  it('says when nothing matches, and Escape closes the list without choosing', async () => {
    suggestApi();
    const onSelect = vi.fn();
    const user = userEvent.setup();
    renderWithClient(<PuntoFilter selectedId={null} onSelect={onSelect} />);
    await user.click(screen.getByRole('combobox', { name: 'Punto fisico' }));
    await user.type(await screen.findByRole('combobox', { name: 'Cerca punto fisico' }), 'Zeta');
    const note = await screen.findByText('Nessun punto fisico trovato');
    expect(note.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');
    const list = screen.getByRole('listbox', { name: 'Punti fisici' });
    expect(list.contains(note)).toBe(false);
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Tutti i punti fisici']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    expect(onSelect).not.toHaveBeenCalled();
    expect(screen.getByRole('combobox', { name: 'Punto fisico' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the name of a point chosen by the URL, and the remove button clears it', async () => {
    suggestApi();
    const onSelect = vi.fn();
    const user = userEvent.setup();
    renderWithClient(<PuntoFilter selectedId={7} onSelect={onSelect} />);
    const trigger = screen.getByRole('combobox', { name: 'Punto fisico' });
    await waitFor(() => expect(trigger).toHaveTextContent('Bar Aurora'));
    await user.click(screen.getByRole('button', { name: 'Rimuovi filtro punto fisico' }));
    expect(onSelect).toHaveBeenLastCalledWith(null);
  });
});
