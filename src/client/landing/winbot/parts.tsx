import { Bot } from 'lucide-react';
import { useEffect, type RefObject } from 'react';
import type { Tone } from '#client/landing/winbot/feedback.ts';

/** Background, border and text of each tone: every pair reads at WCAG AA. */
export const TONE_CLASSES: Record<Tone, string> = {
  red: 'border-red-600 bg-red-50 text-red-900',
  orange: 'border-orange-600 bg-orange-50 text-orange-900',
  yellow: 'border-yellow-600 bg-yellow-50 text-yellow-900',
  green: 'border-green-600 bg-green-50 text-green-900',
  purple: 'border-purple-600 bg-purple-50 text-purple-900',
  blue: 'border-blue-600 bg-blue-50 text-blue-900',
  grey: 'border-slate-500 bg-slate-100 text-slate-900',
};

/** WINBOT's face. */
export function Avatar({ size = 'md' }: { size?: 'sm' | 'md' | 'lg' }) {
  const box = size === 'lg' ? 'size-14' : size === 'md' ? 'size-10' : 'size-8';
  const icon = size === 'lg' ? 'size-8' : size === 'md' ? 'size-6' : 'size-5';
  return (
    <span
      aria-hidden
      className={`flex ${box} shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground`}
    >
      <Bot className={icon} />
    </span>
  );
}

/**
 * While an overlay is fixed at the top or bottom of the screen, the page scrolls focused and
 * highlighted elements clear of it (scroll-padding), so it never hides the field being filled in.
 */
export function useScrollClearance(ref: RefObject<HTMLElement | null>, edge: 'top' | 'bottom') {
  useEffect(() => {
    const node = ref.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const style = document.documentElement.style;
    const property = edge === 'top' ? 'scrollPaddingTop' : 'scrollPaddingBottom';
    const observer = new ResizeObserver(() => {
      style[property] = `${Math.ceil(node.getBoundingClientRect().height) + 8}px`;
    });
    observer.observe(node);
    return () => {
      observer.disconnect();
      style[property] = '';
    };
  }, [ref, edge]);
}
