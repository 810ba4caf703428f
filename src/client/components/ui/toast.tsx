import * as ToastPrimitive from '@radix-ui/react-toast';
import { msg } from '#shared/messages.ts';
import { X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { cn } from '#client/lib/cn.ts';
import {
  currentToast,
  dismissToast,
  subscribeToToasts,
  TOAST_DURATION_MS,
} from '#client/components/ui/toast-store.ts';

export { toast } from '#client/components/ui/toast-store.ts';

export function Toaster() {
  const item = useSyncExternalStore(subscribeToToasts, currentToast);
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" label={msg.ui.notifications}>
      {item && (
        <ToastPrimitive.Root
          key={item.id}
          open
          onOpenChange={(open) => !open && dismissToast(item.id)}
          className={cn(
            'pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-md border p-4 pr-8 shadow-lg',
            item.variant === 'destructive'
              ? 'border-destructive bg-destructive text-destructive-foreground'
              : 'bg-card',
          )}
          data-testid="toast"
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
            {item.description && (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {item.description}
              </ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            className="absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100"
            aria-label={msg.ui.close}
          >
            <X className="size-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport
        label={msg.ui.notificationsHotkey}
        className="fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col p-4 md:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
