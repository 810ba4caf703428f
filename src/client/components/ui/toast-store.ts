/**
 * The toast queue without its interface: screens call `toast()` from here, and the sign-in page
 * loads the toast component (Radix) only when a toast is shown (docs/primo-caricamento.md).
 */

/** One toast at a time, 5000 ms, at most 420 px wide from medium screens up. See docs/product/screens.md#notifiche */
export const TOAST_DURATION_MS = 5000;

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}
export interface ToastItem extends ToastInput {
  id: number;
}

let current: ToastItem | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function toast(input: ToastInput) {
  current = { ...input, id: nextId++ };
  emit();
}

export function dismissToast(id: number) {
  if (current?.id === id) {
    current = null;
    emit();
  }
}

export const currentToast = () => current;

export const subscribeToToasts = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
