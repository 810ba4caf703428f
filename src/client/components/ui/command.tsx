import { Command as CommandPrimitive } from 'cmdk';
import { Loader2, Search } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';
import { fillMessage, msg } from '#shared/messages.ts';

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

/**
 * The search's state in words: a hint, 'Ricerca...', no result, or (read, not shown) how many
 * results arrived. It sits outside the listbox, whose children must all be options (or axe and
 * screen readers stumble), and stays mounted while the popover is open, so each change is
 * announced; the options themselves are read as the arrows move.
 */
export function CommandStatus({ children, count }: { children?: ReactNode; count?: number }) {
  const hasNote = children != null && children !== false;
  return (
    <div role="status" aria-live="polite">
      {hasNote && <div className="px-3 py-2 text-sm text-muted-foreground">{children}</div>}
      {!hasNote && count != null && count > 0 && <span className="sr-only">{msg.ui.results(count)}</span>}
    </div>
  );
}

/** Where a search from `minChars` characters stands, as the three comboboxes word it. */
export type SearchState = 'searching' | 'not-found' | 'too-short' | 'idle';

/** CommandStatus of a search: 'Ricerca...', `notFound`, 'Digita almeno n caratteri', or the count. */
export function CommandSearchStatus(props: {
  state: SearchState;
  count: number;
  notFound: string;
  minChars: number;
}) {
  const { state, count, notFound, minChars } = props;
  return (
    <CommandStatus count={state === 'searching' ? undefined : count}>
      {state === 'searching' ? (
        <>
          <Loader2 className="mr-2 inline size-4 animate-spin" aria-hidden />
          {msg.common.searching}
        </>
      ) : state === 'not-found' ? (
        notFound
      ) : state === 'too-short' ? (
        fillMessage(msg.common.typeAtLeast, { n: minChars })
      ) : null}
    </CommandStatus>
  );
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
