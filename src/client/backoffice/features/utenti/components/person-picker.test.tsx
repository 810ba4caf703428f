import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithClient, requestedUrls } from '#client/lib/test-utils.tsx';
import { PersonPicker } from '#client/backoffice/features/utenti/components/person-picker.tsx';

const PEOPLE = [
  { id: 3, firstName: 'Anna', lastName: 'Galli', email: 'anna.galli@esempio.it', phone: null },
  { id: 4, firstName: 'Anna', lastName: 'Rota', email: 'anna.rota@esempio.it', phone: '3331112222' },
];

function searchApi() {
  return mockApi({
    'GET /api/users/search': (url) => ({
      body: PEOPLE.filter((p) =>
        `${p.firstName} ${p.lastName}`.toLowerCase().includes(url.searchParams.get('q')!.toLowerCase()),
      ),
    }),
  });
}

describe('PersonPicker (combobox)', () => {
  it('searches people of the role by name and picks one with the keyboard', async () => {
    const fetchMock = searchApi();
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithClient(
      <PersonPicker label="Agente" role="agente" value={null} onChange={onChange} canCreateUser={false} />,
    );
    screen.getByRole('combobox', { name: 'Agente' }).focus();
    await user.keyboard('{Enter}');
    const search = await screen.findByRole('combobox', { name: 'Cerca agente' });
    expect(screen.getByRole('status')).toHaveTextContent('Digita almeno 2 caratteri');
    await user.type(search, 'anna');
    expect(await screen.findByRole('option', { name: /Anna Rota/ })).toBeInTheDocument();
    // Announced once the results arrive; the options are read as the arrows move.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('2 risultati'));
    expect(requestedUrls(fetchMock).at(-1)).toMatch(/q=anna.*role=agente|role=agente.*q=anna/);

    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({
      id: 4,
      firstName: 'Anna',
      lastName: 'Rota',
      email: 'anna.rota@esempio.it',
      phone: '3331112222',
    });
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  });

  it("with no result offers 'Crea nuovo utente' as an option the keyboard reaches, to those who may create users", async () => {
    searchApi();
    const user = userEvent.setup();
    renderWithClient(
      <PersonPicker label="Responsabile" role="punto_fisico" value={null} onChange={vi.fn()} canCreateUser />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Responsabile' }));
    await user.type(await screen.findByRole('combobox', { name: 'Cerca responsabile' }), 'Zorro');
    const note = await screen.findByText('Nessun responsabile trovato');
    // A note, not an option: announced by a live region outside the listbox (whose children
    // must all be options).
    expect(note.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('listbox').contains(note)).toBe(false);
    expect(screen.getByRole('listbox').textContent).toBe('Crea nuovo utente');
    const create = screen.getByRole('option', { name: 'Crea nuovo utente' });
    expect(create).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: /Nuovo utente/ });
    // The new person starts from what was typed.
    expect(within(dialog).getByLabelText(/^Nome/)).toHaveValue('Zorro');
  });

  it('without the right to create users, no result offers nothing to create', async () => {
    searchApi();
    const user = userEvent.setup();
    renderWithClient(
      <PersonPicker label="Agente" role="agente" value={null} onChange={vi.fn()} canCreateUser={false} />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Agente' }));
    await user.type(await screen.findByRole('combobox', { name: 'Cerca agente' }), 'Zorro');
    expect(await screen.findByText('Nessun responsabile trovato')).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Crea nuovo utente' })).not.toBeInTheDocument();
  });

  it('shows the chosen person and its error, and the remove button clears it', async () => {
    searchApi();
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithClient(
      <PersonPicker
        label="Agente"
        role="agente"
        value={PEOPLE[0]}
        onChange={onChange}
        error="Agente non valido"
        canCreateUser={false}
      />,
    );
    const trigger = screen.getByRole('combobox', { name: 'Agente' });
    expect(trigger).toHaveTextContent('Anna Galli');
    expect(trigger).toHaveAttribute('aria-invalid', 'true');
    expect(trigger).toHaveAccessibleDescription('Agente non valido');
    await user.click(screen.getByRole('button', { name: 'Rimuovi agente' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
