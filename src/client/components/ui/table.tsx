import type { ComponentProps } from 'react';
import { cn } from '#client/lib/cn.ts';

export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    // relative: visually hidden (absolute) labels inside stay within the scrolling box instead of
    // widening the page on a phone.
    <div className="relative w-full overflow-x-auto">
      <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}
export const TableHeader = (p: ComponentProps<'thead'>) => (
  <thead {...p} className={cn('[&_tr]:border-b', p.className)} />
);
export const TableBody = (p: ComponentProps<'tbody'>) => (
  <tbody {...p} className={cn('[&_tr:last-child]:border-0', p.className)} />
);
export const TableRow = (p: ComponentProps<'tr'>) => (
  <tr {...p} className={cn('border-b hover:bg-muted/50', p.className)} />
);
export const TableHead = (p: ComponentProps<'th'>) => (
  <th
    {...p}
    className={cn('h-11 px-3 text-left align-middle font-medium text-muted-foreground', p.className)}
  />
);
export const TableCell = (p: ComponentProps<'td'>) => (
  <td {...p} className={cn('p-3 align-middle', p.className)} />
);
