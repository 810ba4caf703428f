import { msg } from '#shared/messages.ts';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useLayoutEffect, useRef, type ComponentProps } from 'react';
import { cn } from '#client/lib/cn.ts';

export const Dialog = DialogPrimitive.Root;

/**
 * Records the element that had the focus when the dialog opened: a layout effect of a child of
 * the content runs before Radix's own effect moves the focus into the dialog.
 */
function RememberOpener({ openerRef }: { openerRef: { current: HTMLElement | null } }) {
  useLayoutEffect(() => {
    openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [openerRef]);
  return null;
}

/**
 * On close the focus goes back to what opened the dialog. Radix returns it only to a
 * Dialog.Trigger; ours are mostly opened by a plain button, a link or an address, and without
 * this a keyboard user found the focus at the top of the page after every dialog.
 */
export function DialogContent({
  className,
  children,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content>) {
  const openerRef = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border bg-card p-6 shadow-lg',
          className,
        )}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented) return;
          const target = openerRef.current;
          if (target?.isConnected && target !== document.body) {
            event.preventDefault();
            target.focus({ preventScroll: true });
          }
        }}
        {...props}
      >
        <RememberOpener openerRef={openerRef} />
        {children}
        <DialogPrimitive.Close className="absolute top-4 right-4 rounded-sm opacity-70 hover:opacity-100 focus:ring-2 focus:ring-ring focus:outline-none">
          <X className="size-4" aria-hidden />
          <span className="sr-only">{msg.ui.close}</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 pr-6', className)} {...props} />;
}
export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />
  );
}
export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold', className)} {...props} />;
}
export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />
  );
}
