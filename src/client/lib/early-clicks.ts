/**
 * What a person does on a page drawn before its scripts, kept until the page answers.
 *
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

let submitAsked = false;
let stopHoldingSubmit: (() => void) | undefined;

/**
 * Enter pressed in a field of a form drawn before its scripts: its submit button is disabled until
 * React answers (the browser would send the form itself, the password in the address), so the
 * browser drops that Enter. It is held from the moment the entry runs; the form asks for it once
 * hydrated (takeEarlySubmit) and is sent then, as the person meant.
 */
export function holdEarlySubmit(root: HTMLElement): void {
  const hold = (event: KeyboardEvent) => {
    const form = event.target instanceof HTMLInputElement ? event.target.form : null;
    // Only while the button is disabled: once it answers, the form sends itself (not twice).
    if (event.key === 'Enter' && form && root.contains(form))
      submitAsked = form.querySelector('button[type="submit"]:disabled') !== null;
  };
  root.addEventListener('keydown', hold, true);
  stopHoldingSubmit = () => root.removeEventListener('keydown', hold, true);
}

/** Whether Enter was pressed before the form answered; from now on the form answers itself. */
export function takeEarlySubmit(): boolean {
  stopHoldingSubmit?.();
  stopHoldingSubmit = undefined;
  const asked = submitAsked;
  submitAsked = false;
  return asked;
}
