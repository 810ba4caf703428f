import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Menu } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { User } from '#shared/schemas/utente.ts';
import { msg } from '#shared/messages.ts';
import { Logo } from '#client/components/ui/logo.tsx';
import { Sidebar } from '#client/backoffice/app/layout/sidebar.tsx';

/** Fixed sidebar on the left from medium screens; a drawer behind a menu button on phones. */
export function AppLayout({ user, children }: { user: User; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="min-h-dvh">
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 md:block">
        <Sidebar user={user} />
      </aside>
      <div className="sticky top-0 z-20 flex items-center gap-3 border-b bg-card px-4 py-3 md:hidden">
        <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
          <DialogPrimitive.Trigger className="rounded-md p-2 hover:bg-muted" aria-label={msg.layout.openMenu}>
            <Menu className="size-5" aria-hidden />
          </DialogPrimitive.Trigger>
          <DialogPrimitive.Portal>
            <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50" />
            <DialogPrimitive.Content
              className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw]"
              aria-describedby={undefined}
            >
              <DialogPrimitive.Title className="sr-only">{msg.layout.menu}</DialogPrimitive.Title>
              <Sidebar user={user} onNavigate={() => setOpen(false)} />
            </DialogPrimitive.Content>
          </DialogPrimitive.Portal>
        </DialogPrimitive.Root>
        <Logo className="size-8" />
        <span className="font-bold">{msg.app.brand}</span>
      </div>
      <main className="p-4 md:ml-64 md:p-8">{children}</main>
    </div>
  );
}
