/**
 * Taps on the buttons of a page drawn before its scripts (the landing's first step, rendered by the
 * server) land on HTML that does not answer yet. They are held from the moment the entry runs and
 * clicked again once React has taken the page over: React then hydrates at once and handles them,
 * so a tap on 'Luce' while the scripts arrive is not lost (docs/primo-caricamento.md).
 */
export function holdEarlyClicks(root: HTMLElement): { replay: () => void } {
  const clicked: HTMLElement[] = [];
  const hold = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button && root.contains(button)) clicked.push(button);
  };
  root.addEventListener('click', hold, true);
  return {
    replay() {
      root.removeEventListener('click', hold, true);
      for (const button of clicked) if (button.isConnected) button.click();
    },
  };
}
