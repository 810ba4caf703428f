import { Bot, Compass, Hand, X, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { winbotMsg } from '#shared/messages-winbot.ts';
import type { TourEvent } from '#client/landing/winbot/tour.ts';

const w = winbotMsg;

const ITEM =
  'flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-left text-base hover:bg-muted focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

const MENU: Array<{ event: TourEvent; label: string; Icon: LucideIcon; iconClass: string }> = [
  { event: { type: 'restart-guide' }, label: w.menuRestart, Icon: Compass, iconClass: 'text-primary' },
  { event: { type: 'replay-welcome' }, label: w.menuWelcome, Icon: Hand, iconClass: 'text-primary' },
  { event: { type: 'close' }, label: w.menuClose, Icon: X, iconClass: 'text-slate-700' },
];

/** Minimised WINBOT: a floating button with its menu (restart the guide, replay the welcome, close). */
export function FloatingMenu({
  userName,
  dispatch,
}: {
  userName: string | null;
  dispatch: (event: TourEvent) => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const buttonId = useId();
  const menuId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!isOpen) return;
    items()[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !toggle.current?.contains(target)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen]);

  const close = (refocus: boolean) => {
    setIsOpen(false);
    if (refocus) toggle.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (i: number) => {
      event.preventDefault();
      list[(i + list.length) % list.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') close(false);
  };

  const choose = (event: TourEvent) => {
    setIsOpen(false);
    if (event.type === 'close') {
      // The button disappears with WINBOT: focus goes back to the page.
      document.querySelector<HTMLElement>('#root h1[tabindex="-1"]')?.focus({ preventScroll: true });
    }
    dispatch(event);
  };

  return (
    <div className="pointer-events-none fixed right-3 bottom-3 z-40 flex flex-col items-end gap-2 pb-[env(safe-area-inset-bottom)]">
      {isOpen ? (
        <div
          ref={menu}
          className="winbot-rise pointer-events-auto w-72 max-w-[calc(100vw-1.5rem)] rounded-xl border bg-card p-2 shadow-xl"
        >
          <p className="px-3 pt-1 pb-2 text-sm font-medium text-muted-foreground">
            {userName ? w.menuGreetingNamed(userName) : w.menuGreeting}
          </p>
          <div id={menuId} role="menu" aria-labelledby={buttonId} onKeyDown={onMenuKeyDown}>
            {MENU.map(({ event, label, Icon, iconClass }) => (
              <button
                key={event.type}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={ITEM}
                onClick={() => choose(event)}
              >
                <Icon aria-hidden className={`size-5 shrink-0 ${iconClass}`} />
                {label}
              </button>
            ))}
          </div>
        </div>
      ) : null}
      <button
        ref={toggle}
        id={buttonId}
        type="button"
        aria-label={w.openMenu}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        data-testid="winbot-fab"
        onClick={() => setIsOpen((open) => !open)}
        className="winbot-pop pointer-events-auto flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg ring-4 ring-white focus-visible:ring-ring focus-visible:outline-none"
      >
        <Bot aria-hidden className="size-7" />
      </button>
    </div>
  );
}
