import { AlertTriangle, RotateCcw } from 'lucide-react';
import { cn } from '#client/lib/cn.ts';
import { Button } from '#client/components/ui/button.tsx';

/**
 * What a screen or a panel shows when its data could not be read: the reason in Italian and a
 * 'Riprova' that asks again (or, when asking again cannot help, the way out named by `retryLabel`).
 * No screen fails silently or stays blank.
 */
export function ErrorState(props: {
  message: string;
  onRetry: () => void;
  retryLabel?: string;
  isRetrying?: boolean;
  className?: string;
}) {
  const { message, onRetry, retryLabel = 'Riprova', isRetrying, className } = props;
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800 sm:flex-row sm:items-center sm:justify-between',
        className,
      )}
    >
      <p className="flex items-start gap-2 text-sm">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span className="[overflow-wrap:anywhere]">{message}</span>
      </p>
      <Button
        variant="outline"
        size="sm"
        className="shrink-0 self-start border-red-300 text-red-900 sm:self-auto"
        onClick={onRetry}
        disabled={isRetrying}
      >
        <RotateCcw aria-hidden className={isRetrying ? 'animate-spin' : undefined} />
        {retryLabel}
      </Button>
    </div>
  );
}
