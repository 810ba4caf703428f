import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

// tailwind-merge builds its class tables on its first call: about 50 ms on a mid-range phone,
// which would otherwise lengthen the first screen's render. Built in a task of its own while the
// page waits for the session (docs/primo-caricamento.md).
if (typeof window !== 'undefined') setTimeout(() => cn('p-0', 'p-1'), 0);
