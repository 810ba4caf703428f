import { Command as CommandPrimitive } from 'cmdk';
import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '#client/lib/cn.ts';

/**
 * cmdk's listbox with a search box: arrows move, Enter picks, typing searches, and the input
 * carries role="combobox" with aria-activedescendant, so screen readers announce each option.
 */
export function Command({ className, ...props }: ComponentProps<typeof CommandPrimitive>) {
  return <CommandPrimitive className={cn('flex w-full flex-col overflow-hidden', className)} {...props} />;
}

export function CommandInput({ className, ...props }: ComponentProps<typeof CommandPrimitive.Input>) {
  return (
    <div className="flex items-center gap-2 border-b px-3">
      <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <CommandPrimitive.Input
        className={cn(
          'flex h-10 w-full bg-transparent py-2 text-base outline-none placeholder:text-muted-foreground md:text-sm',
          className,
        )}
        {...props}
      />
    </div>
  );
}

export function CommandList({ className, ...props }: ComponentProps<typeof CommandPrimitive.List>) {
  return <CommandPrimitive.List className={cn('max-h-72 overflow-y-auto p-1', className)} {...props} />;
}

/** A line of the list that is not an option: a hint, an empty result, a spinner. */
export function CommandNote({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('px-3 py-2 text-sm text-muted-foreground', className)} {...props} />;
}

export function CommandItem({ className, ...props }: ComponentProps<typeof CommandPrimitive.Item>) {
  return (
    <CommandPrimitive.Item
      className={cn(
        'flex cursor-pointer items-center gap-2 rounded-sm px-3 py-2 text-sm outline-none select-none data-[disabled=true]:pointer-events-none data-[disabled=true]:text-muted-foreground data-[selected=true]:bg-blue-50 data-[selected=true]:text-blue-900',
        className,
      )}
      {...props}
    />
  );
}
