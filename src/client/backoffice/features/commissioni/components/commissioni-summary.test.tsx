import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CommissioniSummary as Summary } from '#shared/schemas/commissione.ts';
import { CommissioniSummary } from '#client/backoffice/features/commissioni/components/commissioni-summary.tsx';

const NO_STORNI = { totale: '0.00', daIncassare: '0.00', incassate: '0.00' };
const card = (id: string) => screen.getByTestId(`stat-commissioni-${id}`);

describe('CommissioniSummary', () => {
  it('without storni shows the three totals and no storni line', () => {
    const summary: Summary = {
      totale: '150.00',
      daIncassare: '100.00',
      incassate: '50.00',
      storni: NO_STORNI,
    };
    render(<CommissioniSummary summary={summary} />);
    expect(screen.getByTestId('stat-commissioni-totale-value')).toHaveTextContent('€ 150,00');
    expect(screen.getByTestId('stat-commissioni-da-incassare-value')).toHaveTextContent('€ 100,00');
    expect(screen.getByTestId('stat-commissioni-incassate-value')).toHaveTextContent('€ 50,00');
    expect(screen.queryByTestId('storni-detail')).toBeNull();
    expect(screen.queryByText('Storno')).toBeNull();
  });

  it('shows storni as their own line, with the commissions beside them and the net above', () => {
    const summary: Summary = {
      totale: '110.00',
      daIncassare: '60.00',
      incassate: '50.00',
      storni: { totale: '-40.00', daIncassare: '-40.00', incassate: '0.00' },
    };
    render(<CommissioniSummary summary={summary} />);
    expect(within(card('da-incassare')).getByTestId('storni-detail')).toHaveTextContent(
      'Commissioni € 100,00 · Storno € -40,00',
    );
    expect(within(card('totale')).getByTestId('storni-detail')).toHaveTextContent(
      'Commissioni € 150,00 · Storno € -40,00',
    );
    expect(within(card('incassate')).queryByTestId('storni-detail')).toBeNull();
    // Each amount is kept whole on a narrow card: a line may break between them, not inside one.
    expect(within(card('totale')).getByText('€ 150,00')).toHaveClass('whitespace-nowrap');
    expect(within(card('totale')).getByText('Storno € -40,00')).toHaveClass('whitespace-nowrap');
  });

  it('a negative Da Incassare is never bare: red, marked Storno, explained by its storni line', () => {
    const summary: Summary = {
      totale: '10.00',
      daIncassare: '-30.00',
      incassate: '40.00',
      storni: { totale: '-70.00', daIncassare: '-70.00', incassate: '0.00' },
    };
    render(<CommissioniSummary summary={summary} />);
    const value = screen.getByTestId('stat-commissioni-da-incassare-value');
    expect(value).toHaveTextContent('€ -30,00Storno');
    expect(value.querySelector('[data-storno]')).toHaveClass('text-red-700');
    const daIncassare = card('da-incassare');
    expect(within(daIncassare).getByTestId('storni-detail')).toHaveTextContent(
      'Commissioni € 40,00 · Storno € -70,00',
    );
    expect(daIncassare).toHaveTextContent('Da recuperare sui prossimi pagamenti');
  });
});
