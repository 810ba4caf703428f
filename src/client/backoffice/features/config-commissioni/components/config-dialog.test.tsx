import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CommissioneConfig } from '#shared/schemas/commissione.ts';
import type { Fornitore } from '#shared/schemas/fornitore.ts';
import { mockApi, renderWithClient } from '#client/lib/test-utils.tsx';
import { WORKED_EXAMPLE_CONFIG } from '#test/setup/worked-example.ts';
import {
  ConfigDialog,
  type ConfigTarget,
} from '#client/backoffice/features/config-commissioni/components/config-dialog.tsx';

const ENEL: Fornitore = {
  id: 7,
  codice: 'ENEL',
  nome: 'Enel Energia',
  serviziSupportati: ['luce', 'gas'],
  isActive: true,
};

const ZERO_PERCENT = {
  percentualePuntoFisico: '0.00',
  percentualeAgente: '0.00',
  percentualeAreaManager: '0.00',
  percentualeStruttura: '0.00',
};

/** The worked example of docs/product/commissions.md#esempio-svolto, ricavo base 1.234,56. */
const LUCE_CONFIG: CommissioneConfig = {
  id: 3,
  fornitoreId: 7,
  fornitore: { codice: 'ENEL', nome: 'Enel Energia' },
  servizio: 'luce',
  ...WORKED_EXAMPLE_CONFIG,
  ricavoBase: '1234.56',
  ...ZERO_PERCENT,
  stornoMesi: null,
  stornoModo: null,
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const LUCE: ConfigTarget = { fornitore: ENEL, servizio: 'luce', config: LUCE_CONFIG };
const NOLEGGIO: ConfigTarget = {
  fornitore: { ...ENEL, serviziSupportati: ['noleggio'] },
  servizio: 'noleggio',
  config: undefined,
};

const AMOUNT_INVALID = 'Importo non valido: usa un numero non negativo con al massimo 2 decimali';
const SAVE = 'POST /api/commissioni-fornitori';

/** The body of the one save the dialog sent. */
function sentBody(fetchMock: ReturnType<typeof mockApi>) {
  const saves = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
  expect(saves).toHaveLength(1);
  const body = saves[0][1]?.body;
  expect(typeof body).toBe('string');
  return JSON.parse(body as string) as Record<string, unknown>;
}

const figures = (key: string) =>
  ['puntoFisico', 'agente', 'areaManager', 'struttura'].map(
    (role) => screen.getByTestId(`preview-${key}-${role}`).textContent,
  );

describe('ConfigDialog', () => {
  it('shows the saved amounts the Italian way', () => {
    mockApi({});
    renderWithClient(<ConfigDialog target={LUCE} onOpenChange={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Modifica commissioni Luce' });
    expect(dialog).toHaveTextContent('Enel Energia (ENEL).');
    expect(screen.getByLabelText('Ricavo base')).toHaveValue('1.234,56');
    expect(screen.getByLabelText('Bonus RID')).toHaveValue('20,00');
    expect(screen.getByLabelText('Punto fisico (commissione unità base)')).toHaveValue('30,00');
    expect(screen.getByLabelText('Area manager (aggiuntiva senza RID)')).toHaveValue('1,50');
    expect(screen.getByLabelText('Agente (aggiuntiva con RID)')).toHaveValue('5,00');
  });

  it('a supplier not configured yet starts from 0,00', () => {
    mockApi({});
    renderWithClient(<ConfigDialog target={{ ...LUCE, config: undefined }} onOpenChange={vi.fn()} />);
    expect(screen.getByRole('dialog', { name: 'Configura commissioni Luce' })).toBeInTheDocument();
    expect(screen.getByLabelText('Ricavo base')).toHaveValue('0,00');
    expect(screen.getByLabelText('Punto fisico (commissione unità base)')).toHaveValue('0,00');
  });

  it('accepts a comma, rewrites it on leaving the field and sends the dot form', async () => {
    const fetchMock = mockApi({ [SAVE]: { status: 200, body: LUCE_CONFIG } });
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    renderWithClient(<ConfigDialog target={LUCE} onOpenChange={onOpenChange} />);
    const puntoFisico = screen.getByLabelText('Punto fisico (commissione unità base)');
    await user.clear(puntoFisico);
    await user.type(puntoFisico, '30,5');
    await user.tab();
    expect(puntoFisico).toHaveValue('30,50');
    expect(puntoFisico).not.toHaveAttribute('aria-invalid');
    const bonusRid = screen.getByLabelText('Bonus RID');
    await user.clear(bonusRid);
    await user.type(bonusRid, '1.000');
    await user.tab();
    expect(bonusRid).toHaveValue('1.000,00');

    await user.click(screen.getByRole('button', { name: 'Salva commissioni' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sentBody(fetchMock)).toMatchObject({
      servizio: 'luce',
      commissionePuntoFisico: '30.50',
      bonusRid: '1000.00',
      ricavoBase: '1234.56',
      commissioneAggiuntivaAreaManager: '1.50',
      percentualeStruttura: '0.00',
    });
  });

  it.each([
    ['12,345', 'three decimals'],
    ['trenta', 'letters'],
  ])('refuses %s (%s) in Italian and sends nothing', async (typed) => {
    const fetchMock = mockApi({ [SAVE]: { status: 200, body: LUCE_CONFIG } });
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    renderWithClient(<ConfigDialog target={LUCE} onOpenChange={onOpenChange} />);
    const agente = screen.getByLabelText('Agente (commissione unità base)');
    await user.clear(agente);
    await user.type(agente, typed);
    await user.tab();
    expect(agente).toHaveValue(typed);
    expect(agente).toHaveAttribute('aria-invalid', 'true');
    expect(agente).toHaveAccessibleDescription(AMOUNT_INVALID);
    expect(screen.getByTestId('config-preview')).toHaveTextContent(
      "Correggi i valori evidenziati per vedere l'anteprima.",
    );

    await user.click(screen.getByRole('button', { name: 'Salva commissioni' }));
    expect(await screen.findByText(AMOUNT_INVALID)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('a refusal from the server shows under the field it names, and the dialog stays open', async () => {
    const fetchMock = mockApi({
      [SAVE]: {
        status: 400,
        body: {
          message: 'Dati non validi',
          issues: [{ path: 'ricavoBase', message: 'Importo troppo grande' }],
        },
      },
    });
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    renderWithClient(<ConfigDialog target={LUCE} onOpenChange={onOpenChange} />);
    await user.click(screen.getByRole('button', { name: 'Salva commissioni' }));
    const ricavo = screen.getByLabelText('Ricavo base');
    await waitFor(() => expect(ricavo).toHaveAccessibleDescription('Importo troppo grande'));
    expect(ricavo).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('the preview follows the amounts as they are typed', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderWithClient(<ConfigDialog target={LUCE} onOpenChange={vi.fn()} />);
    // 2 forniture con RID: ricavo 2 × (1.234,56 + 20) = 2.509,12; 30 + 10, 15 + 5, 5 + 2.
    const preview = screen.getByTestId('config-preview');
    expect(within(preview).getByTestId('preview-2-con-rid')).toHaveTextContent('Ricavo € 2.509,12');
    expect(figures('2-con-rid')).toEqual(['€ 40,00', '€ 20,00', '€ 7,00', '€ 2.442,12']);

    const ricavo = screen.getByLabelText('Ricavo base');
    await user.clear(ricavo);
    await user.type(ricavo, '100');
    // The worked example: 2 × (100 + 20) = 240; 240 − 40 − 20 − 7 = 173.
    expect(figures('2-con-rid')).toEqual(['€ 40,00', '€ 20,00', '€ 7,00', '€ 173,00']);
    const puntoFisico = screen.getByLabelText('Punto fisico (commissione unità base)');
    await user.clear(puntoFisico);
    await user.type(puntoFisico, '150,5');
    // 1 fornitura con RID: ricavo 120, roles 150,50 + 15 + 5 → 120 − 170,50 = −50,50.
    expect(figures('1-con-rid')).toEqual(['€ 150,50', '€ 15,00', '€ 5,00', '€ -50,50']);
    expect(screen.getByTestId('preview-1-con-rid')).toHaveTextContent('La struttura ci rimette');
  });

  it('rental: percentages with a comma drive the sum, the preview and what is sent', async () => {
    const fetchMock = mockApi({
      [SAVE]: { status: 201, body: { ...LUCE_CONFIG, servizio: 'noleggio' } },
    });
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    renderWithClient(<ConfigDialog target={NOLEGGIO} onOpenChange={onOpenChange} />);
    expect(screen.getByRole('dialog', { name: 'Configura commissioni Noleggio' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Ricavo base')).toBeNull();
    const typed = [
      ['Punto fisico (percentuale)', '3'],
      ['Agente (percentuale)', '1,5'],
      ['Area manager (percentuale)', '0,75'],
      ['Struttura (percentuale)', '10'],
    ] as const;
    for (const [label, text] of typed) {
      const field = screen.getByLabelText(label);
      await user.clear(field);
      await user.type(field, text);
    }
    // 3 + 1,5 + 0,75 + 10.
    expect(screen.getByTestId('percent-sum')).toHaveTextContent('Totale percentuali: 15,25% su 100%');
    const totale = screen.getByLabelText('Totale vendita di esempio');
    await user.clear(totale);
    await user.type(totale, '1.234,50');
    // docs/product/commissions.md#arrotondamento: 37,035 → 37,04; 18,5175 → 18,52; 9,25875 → 9,26; 123,45.
    expect(figures('noleggio')).toEqual(['€ 37,04', '€ 18,52', '€ 9,26', '€ 123,45']);

    await user.click(screen.getByRole('button', { name: 'Salva commissioni' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sentBody(fetchMock)).toMatchObject({
      servizio: 'noleggio',
      percentualePuntoFisico: '3.00',
      percentualeAgente: '1.50',
      percentualeAreaManager: '0.75',
      percentualeStruttura: '10.00',
    });
  });

  it('rental: percentages over 100 together are refused, and nothing is sent', async () => {
    const fetchMock = mockApi({ [SAVE]: { status: 200, body: LUCE_CONFIG } });
    const user = userEvent.setup();
    renderWithClient(<ConfigDialog target={NOLEGGIO} onOpenChange={vi.fn()} />);
    for (const label of ['Punto fisico (percentuale)', 'Struttura (percentuale)']) {
      const field = screen.getByLabelText(label);
      await user.clear(field);
      await user.type(field, '60,5');
    }
    expect(screen.getByTestId('percent-sum')).toHaveTextContent('Totale percentuali: 121,00% su 100%');
    await user.click(screen.getByRole('button', { name: 'Salva commissioni' }));
    expect(await screen.findByText('La somma delle percentuali non può superare 100')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
