import { useEffect, useRef, type ReactNode } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Where focus goes when the element it came from is gone: the current step's title. */
function fallbackFocus(): HTMLElement | null {
  return document.querySelector<HTMLElement>('#root h1[tabindex="-1"]');
}

/**
 * Focus moves in on open and back where it came from on close; Tab cycles inside; Escape calls
 * `onEscape`. The page behind is `inert` while open, for pointers, keyboards and screen readers.
 */
export function useModalFocus(ref: React.RefObject<HTMLElement | null>, onEscape: () => void) {
  const escape = useRef(onEscape);
  useEffect(() => {
    escape.current = onEscape;
  }, [onEscape]);

  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const page = document.getElementById('root');
    page?.setAttribute('inert', '');
    const first =
      node.querySelector<HTMLElement>('[data-autofocus]') ?? node.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? node).focus({ preventScroll: true });

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        escape.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = Array.from(node.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const [head, tail] = [items[0], items[items.length - 1]];
      const active = document.activeElement;
      if (event.shiftKey && (active === head || !node.contains(active))) {
        event.preventDefault();
        tail.focus();
      } else if (!event.shiftKey && (active === tail || !node.contains(active))) {
        event.preventDefault();
        head.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      page?.removeAttribute('inert');
      const target = previous?.isConnected && previous !== document.body ? previous : fallbackFocus();
      target?.focus({ preventScroll: true });
    };
  }, [ref]);
}

/**
 * WINBOT's modal: a sheet at the bottom of a phone, a centred card on wider screens. Scrolls
 * inside itself when the text is zoomed; never moves the page underneath.
 */
export function Modal({
  labelledBy,
  describedBy,
  onEscape,
  children,
  testId,
}: {
  labelledBy: string;
  describedBy?: string;
  onEscape: () => void;
  children: ReactNode;
  testId?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useModalFocus(ref, onEscape);
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/60 sm:items-center sm:p-4">
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        data-testid={testId}
        className="winbot-rise max-h-[100dvh] w-full overflow-y-auto overscroll-contain rounded-t-2xl bg-card p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] text-foreground shadow-2xl outline-none sm:max-w-md sm:rounded-2xl"
      >
        {children}
      </div>
    </div>
  );
}
