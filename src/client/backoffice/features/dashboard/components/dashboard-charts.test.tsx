import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatEuroCompact } from '#shared/money.ts';
import type { MonthlyStat } from '#shared/schemas/dashboard.ts';
import { DashboardCharts } from '#client/backoffice/features/dashboard/components/dashboard-charts.tsx';

/** Intl writes a no-break space before the unit and the euro sign; the tables write a plain one. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('formatEuroCompact: a chart column label', () => {
  it.each([
    ['69161790.25', '69,2 Mln €'],
    ['19162483.00', '19,2 Mln €'],
    ['5916038.75', '5,9 Mln €'],
    ['999999.00', '1 Mln €'],
    ['1234567890.00', '1,2 Mld €'],
    ['12345.67', '12,3K €'],
    ['950.00', '950 €'],
    ['0.00', '0 €'],
    [-123456789, '-1,2 Mln €'],
    ['-0.04', '0 €'],
  ])('%s → %s', (value, label) => expect(plain(formatEuroCompact(value))).toBe(label));
});

const month = (key: string, label: string, commissioni: string): MonthlyStat => ({
  month: key,
  label,
  commissioni,
});

const MONTHS = [
  month('2026-06', 'Giu 2026', '5916038.75'),
  month('2026-07', 'Lug 2026', '9459280.25'),
  month('2026-08', 'Ago 2026', '10476892.00'),
  month('2026-09', 'Set 2026', '11071516.25'),
  month('2026-10', 'Ott 2026', '-13069027.00'),
  month('2026-11', 'Nov 2026', '69161790.25'),
];

const trend = () => {
  render(<DashboardCharts serviceStats={[]} monthlyStats={MONTHS} />);
  return screen.getByRole('list', { name: 'Trend Ultimi 6 Mesi' });
};

describe('Trend Ultimi 6 Mesi', () => {
  it('shows amounts in millions compact, the exact one as the tooltip', () => {
    trend();
    const shown = ['5,9 Mln €', '9,5 Mln €', '10,5 Mln €', '11,1 Mln €', '-13,1 Mln €', '69,2 Mln €'];
    MONTHS.forEach((m, i) => {
      const short = screen.getByTestId(`bar-${m.month}-short`);
      expect(short).toHaveTextContent(shown[i]);
      expect(short).toHaveAttribute('aria-hidden', 'true');
    });
    expect(screen.getByTestId('bar-2026-11-short').firstElementChild).toHaveAttribute(
      'title',
      '€ 69.161.790,25',
    );
  });

  it('keeps a list of six months with the exact amounts for screen readers', () => {
    const items = within(trend()).getAllByRole('listitem');
    expect(items).toHaveLength(6);
    expect(items[0]).toHaveTextContent('€ 5.916.038,75');
    expect(items[0]).toHaveTextContent('Giu 2026');
    expect(items[5]).toHaveTextContent('€ 69.161.790,25');
    expect(within(items[5]).getByText('€ 69.161.790,25').closest('.sr-only')).not.toBeNull();
  });

  it('a month outweighed by storni reads red with Storno, short as well as exact', () => {
    trend();
    const short = screen.getByTestId('bar-2026-10-short');
    expect(short).toHaveTextContent('-13,1 Mln €Storno');
    expect(short.querySelector('[data-storno]')).toHaveClass('text-red-700');
    expect(screen.getByTestId('bar-2026-10')).toHaveTextContent('€ -13.069.027,00Storno');
  });

  it('columns stand on their share of the largest month', () => {
    trend();
    const share = (key: string) =>
      screen.getByTestId(`bar-${key}`).querySelector('[data-share]')?.getAttribute('data-share');
    expect(share('2026-11')).toBe('100.0');
    expect(share('2026-06')).toBe('8.6');
    expect(share('2026-10')).toBe('0.0');
  });
});
