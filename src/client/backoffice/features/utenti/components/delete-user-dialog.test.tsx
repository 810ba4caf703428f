import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '#shared/schemas/utente.ts';
import { mockApi, renderWithClient } from '#client/lib/test-utils.tsx';
import { useDeleteUserFlow } from '#client/backoffice/features/utenti/hooks/use-delete-user-flow.ts';
import { DeleteUserDialog } from '#client/backoffice/features/utenti/components/delete-user-dialog.tsx';

const USER = { id: 5, firstName: 'Anna', lastName: 'Galli', email: 'anna.galli@esempio.it' } as User;

function Harness() {
  const flow = useDeleteUserFlow();
  return (
    <>
      <button onClick={() => flow.ask(USER)}>Elimina Anna</button>
      <DeleteUserDialog flow={flow} />
    </>
  );
}

describe('DeleteUserDialog', () => {
  it('a refusal stays in the dialog, saying why in Italian', async () => {
    mockApi({
      'DELETE /api/users/5': {
        status: 409,
        body: { message: "L'utente è responsabile di un punto fisico: non può essere eliminato" },
      },
    });
    const user = userEvent.setup();
    renderWithClient(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Elimina Anna' }));
    const dialog = await screen.findByRole('alertdialog', { name: "Eliminare l'utente?" });
    expect(dialog).toHaveTextContent('Anna Galli (anna.galli@esempio.it) verrà eliminato definitivamente.');
    await user.click(screen.getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('responsabile di un punto fisico');
    expect(dialog).toBeInTheDocument();
  });

  it("a deletion closes the dialog and marks the users' reads stale, and only those", async () => {
    mockApi({ 'DELETE /api/users/5': { status: 204, body: null } });
    const user = userEvent.setup();
    const { queryClient } = renderWithClient(<Harness />);
    queryClient.setQueryData(['users', 'list'], []);
    queryClient.setQueryData(['punti-fisici', 'list'], []);
    await user.click(screen.getByRole('button', { name: 'Elimina Anna' }));
    await user.click(await screen.findByRole('button', { name: 'Elimina' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(queryClient.getQueryState(['users', 'list'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['punti-fisici', 'list'])?.isInvalidated).toBe(false);
  });
});
