import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithClient, requestedUrls } from '#client/lib/test-utils.tsx';
import { OverdueBanner } from '#client/backoffice/features/leads/components/overdue-banner.tsx';

const withTotal = (total: number, totalIsLowerBound = false) =>
  mockApi({
    'GET /api/leads': {
      body: { data: [], total, totalIsLowerBound, page: 1, pageSize: 1, totalPages: total },
    },
  });

describe('OverdueBanner', () => {
  it.each([
    [1, '1 lead nuovo attende da oltre 24 ore di essere contattato.'],
    [3, '3 lead nuovi attendono da oltre 24 ore di essere contattati.'],
    [1234, '1.234 lead nuovi attendono da oltre 24 ore di essere contattati.'],
  ])('%i waiting: the sentence agrees with its subject', async (total, text) => {
    withTotal(total);
    renderWithClient(<OverdueBanner onShow={vi.fn()} />);
    expect(await screen.findByRole('status')).toHaveTextContent(text);
  });

  it('past the count it says so, starting the sentence with a capital', async () => {
    withTotal(10_000, true);
    renderWithClient(<OverdueBanner onShow={vi.fn()} />);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Più di 10.000 lead nuovi attendono da oltre 24 ore di essere contattati.',
    );
  });

  it("asks for the chosen point's overdue leads only, and 'Mostra' shows them", async () => {
    const fetchMock = withTotal(2);
    const onShow = vi.fn();
    const user = userEvent.setup();
    renderWithClient(<OverdueBanner puntoFisicoId={7} onShow={onShow} />);
    await user.click(await screen.findByRole('button', { name: 'Mostra' }));
    expect(onShow).toHaveBeenCalledOnce();
    const url = new URL(requestedUrls(fetchMock)[0], 'http://localhost');
    expect(url.searchParams.get('puntoFisicoId')).toBe('7');
    expect(url.searchParams.get('overdue')).toBe('true');
  });

  it('with nobody waiting it shows nothing', async () => {
    const fetchMock = withTotal(0);
    const { container } = renderWithClient(<OverdueBanner onShow={vi.fn()} />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(container).toBeEmptyDOMElement();
  });
});
