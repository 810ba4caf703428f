import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { winbotMsg } from '#shared/messages-winbot.ts';
import { INITIAL_SNAPSHOT, NO_CHECKS, wizardStore } from '#client/landing/guide-bridge.ts';
import Winbot from '#client/landing/winbot/winbot.tsx';

const w = winbotMsg;

beforeEach(() => {
  localStorage.clear();
  wizardStore.set(INITIAL_SNAPSHOT);
});
afterEach(() => wizardStore.set(INITIAL_SNAPSHOT));

describe('Winbot', () => {
  it('opens the welcome on a first visit and remembers it once closed', async () => {
    const user = userEvent.setup();
    render(<Winbot />);
    const dialog = await screen.findByRole('dialog', { name: w.slide1Title });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: w.next })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: w.close }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: w.openMenu })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('winbot-state')!)).toEqual({
      hasSeenTutorial: true,
      userName: null,
    });
  });

  it('starts minimised for a returning visitor', async () => {
    localStorage.setItem('winbot-state', JSON.stringify({ hasSeenTutorial: true, userName: 'Giulia' }));
    const user = userEvent.setup();
    render(<Winbot />);
    await user.click(await screen.findByRole('button', { name: w.openMenu }));
    expect(screen.getByText(w.menuGreetingNamed('Giulia'))).toBeInTheDocument();
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual([
      w.menuRestart,
      w.menuWelcome,
      w.menuClose,
    ]);
  });

  it('in guide mode, the banner follows the data step and is announced politely', async () => {
    const user = userEvent.setup();
    render(<Winbot />);
    await user.click(await screen.findByRole('button', { name: w.next }));
    await user.click(screen.getByRole('button', { name: new RegExp(w.guided) }));
    expect(screen.getByRole('dialog', { name: w.intro.welcome.title })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: w.discover }));
    act(() => wizardStore.set({ page: 2, servizi: ['internet'] }));
    await user.click(screen.getByRole('button', { name: w.gotIt }));
    const title = screen.getByTestId('winbot-feedback-title');
    expect(title).toHaveTextContent('Inizia a compilare');
    expect(title.closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    act(() => wizardStore.set({ checks: { ...NO_CHECKS, nome: true, cognome: true, telefono: true } }));
    expect(title).toHaveTextContent('Quasi fatto!');
    expect(screen.getByTestId('winbot-banner')).toHaveAttribute('data-tone', 'yellow');
  });
});
