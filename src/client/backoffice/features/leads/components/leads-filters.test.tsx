import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithClient } from '#client/lib/test-utils.tsx';
import type { LeadsUrlState } from '#client/backoffice/features/leads/hooks/use-leads-url-state.ts';
import { LeadsFilters } from '#client/backoffice/features/leads/components/leads-filters.tsx';

const EMPTY: LeadsUrlState = { search: '', status: '' };

/** The filters as the screen holds them in its URL: each change is recorded with its history mode. */
function Harness({
  onChange,
}: {
  onChange: (next: Partial<LeadsUrlState>, o?: { replace?: boolean }) => void;
}) {
  const [value, setValue] = useState(EMPTY);
  return (
    <LeadsFilters
      value={value}
      onChange={(next, options) => {
        onChange(next, options);
        setValue((v) => ({ ...v, ...next }));
      }}
      onReset={() => setValue({ search: '', status: '' })}
    />
  );
}

describe('LeadsFilters', () => {
  it('a status choice changes the filter', async () => {
    mockApi({});
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithClient(<Harness onChange={onChange} />);
    await user.selectOptions(screen.getByLabelText('Stato contatto'), 'Nuovi da oltre 24 ore');
    expect(onChange.mock.lastCall?.[0]).toEqual({ status: 'overdue' });
  });

  it('commits a search once the typing stops: a new search is a history entry, refining it replaces it', async () => {
    mockApi({});
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithClient(<Harness onChange={onChange} />);
    const box = screen.getByLabelText('Cerca');
    await user.type(box, 'rossi');
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ search: 'rossi' }, { replace: false }));
    // One commit for the whole word, not one per key.
    expect(onChange).toHaveBeenCalledTimes(1);

    await user.type(box, ' mario');
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith({ search: 'rossi mario' }, { replace: true }),
    );
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it("'Azzera filtri' empties the search box as well", async () => {
    mockApi({});
    const user = userEvent.setup();
    renderWithClient(<Harness onChange={vi.fn()} />);
    await user.type(screen.getByLabelText('Cerca'), 'bianchi');
    await user.click(screen.getByRole('button', { name: 'Azzera filtri' }));
    expect(screen.getByLabelText('Cerca')).toHaveValue('');
  });
});
