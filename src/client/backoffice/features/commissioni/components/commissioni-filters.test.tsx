import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { periodoRange, type DateRange } from '#shared/periodi.ts';
import {
  CommissioniFilters,
  EMPTY_COMMISSIONI_FILTERS,
  type CommissioniFilterState,
} from '#client/backoffice/features/commissioni/components/commissioni-filters.tsx';

/** The filters as the screen holds them: state, the range it implies, and a reset. */
function Harness(props: { rangeError?: string; onState?: (s: CommissioniFilterState) => void }) {
  const [value, setValue] = useState(EMPTY_COMMISSIONI_FILTERS);
  const range: DateRange =
    value.periodo === 'personalizzato'
      ? value.custom
      : periodoRange(value.periodo, new Date('2026-11-23T10:00:00Z'));
  return (
    <CommissioniFilters
      value={value}
      range={range}
      rangeError={props.rangeError}
      onChange={(next) => {
        const merged = { ...value, ...next };
        setValue(merged);
        props.onState?.(merged);
      }}
      onReset={() => setValue(EMPTY_COMMISSIONI_FILTERS)}
    />
  );
}

describe('CommissioniFilters', () => {
  it('shows the days a period covers, on the Rome calendar', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByTestId('periodo-range')).toHaveTextContent('Tutte le date');
    await user.selectOptions(screen.getByLabelText('Periodo'), 'Questo mese');
    expect(screen.getByTestId('periodo-range')).toHaveTextContent('dal 01/11/2026 al 30/11/2026');
    await user.selectOptions(screen.getByLabelText('Periodo'), 'Oggi');
    expect(screen.getByTestId('periodo-range')).toHaveTextContent('23/11/2026');
  });

  it("'Personalizzato' asks for two dates and passes them on as typed", async () => {
    const user = userEvent.setup();
    const onState = vi.fn();
    render(<Harness onState={onState} />);
    expect(screen.queryByLabelText('Dal')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Periodo'), 'Personalizzato');
    await user.type(screen.getByLabelText('Dal'), '2026-10-01');
    await user.type(screen.getByLabelText('Al'), '2026-10-31');
    expect(onState).toHaveBeenLastCalledWith(
      expect.objectContaining({
        periodo: 'personalizzato',
        custom: { dataInizio: '2026-10-01', dataFine: '2026-10-31' },
      }),
    );
  });

  it('marks both dates invalid and shows the message when the range is refused', async () => {
    const user = userEvent.setup();
    render(<Harness rangeError="La data di inizio è successiva alla data di fine" />);
    await user.selectOptions(screen.getByLabelText('Periodo'), 'Personalizzato');
    expect(screen.getByLabelText('Dal')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Al')).toHaveAccessibleDescription(
      'La data di inizio è successiva alla data di fine',
    );
  });

  it('status buttons are a pressed group, and the reset is enabled only once something is chosen', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const reset = screen.getByRole('button', { name: 'Azzera filtri' });
    expect(reset).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Tutti' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Pagato' }));
    expect(screen.getByRole('button', { name: 'Pagato' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Tutti' })).toHaveAttribute('aria-pressed', 'false');
    expect(reset).toBeEnabled();

    await user.click(reset);
    expect(screen.getByRole('button', { name: 'Tutti' })).toHaveAttribute('aria-pressed', 'true');
    expect(reset).toBeDisabled();
  });
});
