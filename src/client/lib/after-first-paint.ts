/**
 * Runs `task` once the page's prerendered HTML has been painted: in the task after the first frame
 * (a `requestAnimationFrame` runs just before a frame, a timeout set there just after it). The
 * entries load their app this way, so the scripts are fetched and run after the page shows, never
 * in the way of its first paint (docs/primo-caricamento.md). A hidden tab paints no
 * frame: there the task runs at once.
 */
export function afterFirstPaint(task: () => void): void {
  if (document.visibilityState === 'hidden') {
    task();
    return;
  }
  requestAnimationFrame(() => setTimeout(task, 0));
}
