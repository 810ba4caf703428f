import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Commissione } from '#shared/schemas/commissione.ts';
import { PaymentDialog } from '#client/backoffice/features/commissioni/components/payment-dialog.tsx';

const commissione = (over: Partial<Commissione>) =>
  ({
    id: 41,
    statoPagamento: 'non_pagato',
    notePagamento: null,
    tipoServizio: 'luce',
    customerName: 'Marta Rinaldi',
    ...over,
  }) as Commissione;

describe('PaymentDialog', () => {
  it('marks an unpaid commission as paid with the note typed', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    render(
      <PaymentDialog
        commissione={commissione({})}
        pending={false}
        onOpenChange={vi.fn()}
        onConfirm={onConfirm}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Segna la commissione come pagata' });
    expect(dialog).toHaveTextContent('Commissione #41 · Luce · Marta Rinaldi');
    await user.type(screen.getByLabelText('Nota di pagamento (facoltativa)'), 'Bonifico del 20/11');
    await user.click(screen.getByRole('button', { name: 'Segna come pagata' }));
    expect(onConfirm).toHaveBeenCalledWith('Bonifico del 20/11');
  });

  it('a paid one goes back to unpaid, starting from its note', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    render(
      <PaymentDialog
        commissione={commissione({ statoPagamento: 'pagato', notePagamento: 'Bonifico' })}
        pending={false}
        onOpenChange={vi.fn()}
        onConfirm={onConfirm}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Segna la commissione come non pagata' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nota di pagamento (facoltativa)')).toHaveValue('Bonifico');
    await user.click(screen.getByRole('button', { name: 'Segna come non pagata' }));
    expect(onConfirm).toHaveBeenCalledWith('Bonifico');
  });

  it('refuses a note over 1000 characters, saying why, and Annulla closes', async () => {
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    render(
      <PaymentDialog
        commissione={commissione({ notePagamento: 'x'.repeat(1001) })}
        pending={false}
        onOpenChange={onOpenChange}
        onConfirm={onConfirm}
      />,
    );
    const note = screen.getByLabelText('Nota di pagamento (facoltativa)');
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(note).toHaveAccessibleDescription('La nota può avere al massimo 1000 caratteri');
    expect(screen.getByRole('button', { name: 'Segna come pagata' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Annulla' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
