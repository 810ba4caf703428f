import { signInMsg as msg } from '#shared/messages-sign-in.ts';
import { Loader2 } from 'lucide-react';
import { cn } from '#client/lib/cn.ts';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2">
      <Loader2 aria-hidden className={cn('size-5 animate-spin text-primary', className)} />
      {label ? <span>{label}</span> : <span className="sr-only">{msg.ui.loading}</span>}
    </span>
  );
}

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-muted', className)} />;
}
