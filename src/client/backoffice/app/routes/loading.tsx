import { Loader2 } from 'lucide-react';
import { Logo } from '#client/components/ui/logo.tsx';
import { msg } from '#shared/messages.ts';

export function LoadingScreen() {
  return (
    <div role="status" className="flex min-h-dvh flex-col items-center justify-center gap-4">
      <Logo className="size-14" />
      <Loader2 className="size-8 animate-spin text-primary" aria-hidden />
      <p className="text-muted-foreground">{msg.common.loading}</p>
    </div>
  );
}
