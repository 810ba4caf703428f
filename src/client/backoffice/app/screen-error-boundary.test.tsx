import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithClient } from '#client/lib/test-utils.tsx';
import { ScreenErrorBoundary } from '#client/backoffice/app/screen-error-boundary.tsx';

/** A screen that draws a field its data may lack (a reply of an unexpected shape). */
function Fragile() {
  const q = useQuery({
    queryKey: ['fragile'],
    queryFn: () => fetch('/api/fragile').then((r) => r.json() as Promise<{ items?: string[] }>),
  });
  if (!q.data) return <p>Caricamento</p>;
  return <p>{q.data.items!.join(', ')}</p>;
}

describe('ScreenErrorBoundary', () => {
  it("replaces only the failed screen with an Italian message, and 'Riprova' reads its data again", async () => {
    let shape: { items?: string[] } = {};
    mockApi({ 'GET /api/fragile': () => ({ body: shape }) });
    const onCaughtError = vi.fn();
    const user = userEvent.setup();
    renderWithClient(
      <>
        <nav>Menu principale</nav>
        <ScreenErrorBoundary>
          <Fragile />
        </ScreenErrorBoundary>
      </>,
      { onCaughtError },
    );

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Qualcosa è andato storto');
    expect(alert).toHaveTextContent('Questa schermata non è stata caricata correttamente.');
    expect(screen.getByText('Menu principale')).toBeInTheDocument();
    expect(onCaughtError).toHaveBeenCalledOnce();

    shape = { items: ['Luce', 'Gas'] };
    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByText('Luce, Gas')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
