import { Bot } from 'lucide-react';
import type { Tone } from './feedback';

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
