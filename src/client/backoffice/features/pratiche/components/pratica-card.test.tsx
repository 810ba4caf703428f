import { useIsMutating } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Pratica } from '#shared/schemas/pratica.ts';
import { Toaster } from '#client/components/ui/toast.tsx';
import { mockApi, renderWithClient } from '#client/lib/test-utils.tsx';
import { PraticaCard } from '#client/backoffice/features/pratiche/components/pratica-card.tsx';

const PRATICA: Pratica = {
  id: 77,
  statoPratica: 'inserita',
  leadId: 12,
  lead: { nome: 'Marta', cognome: 'Rinaldi', telefono: '3331234567', email: 'marta@esempio.it' },
  puntoFisicoId: null,
  puntoFisico: null,
  orarioContatto: null,
  dataCreazione: '2026-11-20T09:30:00.000Z',
  indirizzoIP: null,
  servizi: [],
  documentiCount: 0,
};

/** As in the list: while the deletion runs and the list refetches, the card is gone. */
function ListWithOneCard({ onDeleted }: { onDeleted: () => void }) {
  const deleting = useIsMutating() > 0;
  return (
    <>
      {deleting ? null : <PraticaCard pratica={PRATICA} role="admin" onDeleted={onDeleted} />}
      <Toaster />
    </>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('PraticaCard deletion', () => {
  it("says 'Pratica eliminata' even though the card left the page before the answer", async () => {
    // The answer comes after the list has re-rendered without the card.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    vi.stubGlobal('fetch', async () => {
      await answered;
      return new Response(null, { status: 204 });
    });
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const onDeleted = vi.fn();
    const user = userEvent.setup();
    renderWithClient(<ListWithOneCard onDeleted={onDeleted} />);
    await user.click(screen.getByRole('button', { name: 'Elimina pratica #77' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('#77'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Elimina pratica #77' })).toBeNull());
    answer();
    expect(await screen.findByText('Pratica eliminata')).toBeInTheDocument();
    expect(onDeleted).toHaveBeenCalledOnce();
  });

  it('a refusal is told in Italian, and a dismissed confirmation sends nothing', async () => {
    const fetchMock = mockApi({
      'DELETE /api/pratiche/77': { status: 403, body: { message: 'Operazione non consentita' } },
    });
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal('confirm', confirm);
    const user = userEvent.setup();
    renderWithClient(<ListWithOneCard onDeleted={vi.fn()} />);
    const button = screen.getByRole('button', { name: 'Elimina pratica #77' });
    await user.click(button);
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(button);
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('Operazione non consentita')).toBeInTheDocument();
  });
});
