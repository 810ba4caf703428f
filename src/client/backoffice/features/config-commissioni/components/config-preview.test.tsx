import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConfigValues } from '#shared/commissioni/preview.ts';
import { WORKED_EXAMPLE_CONFIG } from '#test/setup/worked-example.ts';
import { ConfigPreview } from '#client/backoffice/features/config-commissioni/components/config-preview.tsx';

const ZERO: ConfigValues = {
  ricavoBase: '0.00',
  bonusRid: '0.00',
  commissionePuntoFisico: '0.00',
  commissioneAgente: '0.00',
  commissioneAreaManager: '0.00',
  commissioneAggiuntivaPuntoFisico: '0.00',
  commissioneAggiuntivaAgente: '0.00',
  commissioneAggiuntivaAreaManager: '0.00',
  commissioneAggiuntivaRidPuntoFisico: '0.00',
  commissioneAggiuntivaRidAgente: '0.00',
  commissioneAggiuntivaRidAreaManager: '0.00',
  percentualePuntoFisico: '0.00',
  percentualeAgente: '0.00',
  percentualeAreaManager: '0.00',
  percentualeStruttura: '0.00',
};

/** The worked example of docs/product/commissions.md#esempio-svolto, with 8 / 4 / 1,50 without RID. */
const LUCE: ConfigValues = { ...ZERO, ...WORKED_EXAMPLE_CONFIG };

const NOLEGGIO: ConfigValues = {
  ...ZERO,
  percentualePuntoFisico: '3.00',
  percentualeAgente: '1.50',
  percentualeAreaManager: '0.75',
  percentualeStruttura: '10.00',
};

/** The four figures of one sample sale: punto fisico, agente, area manager, struttura. */
const figures = (key: string) =>
  ['puntoFisico', 'agente', 'areaManager', 'struttura'].map(
    (role) => screen.getByTestId(`preview-${key}-${role}`).textContent,
  );

describe('ConfigPreview', () => {
  it('fixed amounts: each sample sale follows the formulas of the product doc', () => {
    render(<ConfigPreview servizio="luce" values={LUCE} />);
    // 2 forniture con RID: ricavo 2 × (100 + 20) = 240; 30 + 10, 15 + 5, 5 + 2; 240 − 40 − 20 − 7.
    expect(screen.getByTestId('preview-2-con-rid')).toHaveTextContent('Ricavo € 240,00');
    expect(figures('2-con-rid')).toEqual(['€ 40,00', '€ 20,00', '€ 7,00', '€ 173,00']);
    // 2 forniture senza RID: ricavo 2 × 100 = 200; 30 + 8, 15 + 4, 5 + 1,50; 200 − 38 − 19 − 6,50.
    expect(screen.getByTestId('preview-2-senza-rid')).toHaveTextContent('Ricavo € 200,00');
    expect(figures('2-senza-rid')).toEqual(['€ 38,00', '€ 19,00', '€ 6,50', '€ 136,50']);
    // Gas after luce: all additional, 10 / 5 / 2 and 120 − 17 = 103.
    expect(figures('aggiuntiva-con-rid')).toEqual(['€ 10,00', '€ 5,00', '€ 2,00', '€ 103,00']);
    expect(screen.queryByText('La struttura ci rimette')).toBeNull();
    expect(screen.queryByLabelText('Totale vendita di esempio')).toBeNull();
  });

  it('a structure that loses money is said in words, and in red', () => {
    render(<ConfigPreview servizio="luce" values={{ ...LUCE, commissionePuntoFisico: '150.00' }} />);
    // 1 fornitura con RID: ricavo 120, roles 150 + 15 + 5 = 170 → 120 − 170 = −50.
    expect(figures('1-con-rid')).toEqual(['€ 150,00', '€ 15,00', '€ 5,00', '€ -50,00']);
    const loss = screen.getByTestId('preview-1-con-rid');
    expect(loss).toHaveTextContent('La struttura ci rimette');
    expect(screen.getByTestId('preview-1-con-rid-struttura')).toHaveClass('text-red-700');
    // 2 con RID: 240 − (160 + 20 + 7) = 53, no loss there.
    expect(figures('2-con-rid')[3]).toBe('€ 53,00');
    expect(screen.getByTestId('preview-2-con-rid')).not.toHaveTextContent('La struttura ci rimette');
  });

  it('rental: the shares follow the sale total typed the Italian way, rounded half away from zero', async () => {
    const user = userEvent.setup();
    render(<ConfigPreview servizio="noleggio" values={NOLEGGIO} />);
    const totale = screen.getByLabelText('Totale vendita di esempio');
    // Default sample sale € 10.000,00: 3%, 1,5%, 0,75%, 10%.
    expect(totale).toHaveValue('10.000,00');
    expect(figures('noleggio')).toEqual(['€ 300,00', '€ 150,00', '€ 75,00', '€ 1.000,00']);

    await user.clear(totale);
    await user.type(totale, '1234,5');
    // 1.234,50 × 3% = 37,035 → 37,04; × 1,5% = 18,5175 → 18,52; × 0,75% = 9,25875 → 9,26; × 10% = 123,45.
    expect(screen.getByTestId('preview-noleggio')).toHaveTextContent('Totale € 1.234,50');
    expect(figures('noleggio')).toEqual(['€ 37,04', '€ 18,52', '€ 9,26', '€ 123,45']);
    await user.tab();
    expect(totale).toHaveValue('1.234,50');
  });

  it('a sale total that is not an amount falls back to the € 10.000,00 sample', async () => {
    const user = userEvent.setup();
    render(<ConfigPreview servizio="noleggio" values={NOLEGGIO} />);
    const totale = screen.getByLabelText('Totale vendita di esempio');
    await user.clear(totale);
    await user.type(totale, '200');
    expect(figures('noleggio')).toEqual(['€ 6,00', '€ 3,00', '€ 1,50', '€ 20,00']);
    await user.clear(totale);
    await user.type(totale, 'abc');
    expect(figures('noleggio')).toEqual(['€ 300,00', '€ 150,00', '€ 75,00', '€ 1.000,00']);
    await user.tab();
    expect(totale).toHaveValue('abc');
  });

  it('without valid values it asks to fix them instead of showing figures', () => {
    render(<ConfigPreview servizio="luce" values={null} />);
    expect(screen.getByTestId('config-preview')).toHaveTextContent(
      "Correggi i valori evidenziati per vedere l'anteprima.",
    );
    expect(screen.queryByTestId('preview-1-senza-rid')).toBeNull();
  });
});
