import { ChevronLeft, ChevronRight } from 'lucide-react';
import { msg } from '#shared/messages.ts';
import { cn } from '#client/lib/cn.ts';
import { Button } from '#client/components/ui/button.tsx';

/**
 * 'Precedente' / 'Pagina n di m' / 'Successiva' under a list read with cursors
 * (src/client/lib/cursor-pages.ts): «Successiva» is enabled by the answer's `nextCursor`, not by
 * arithmetic, so it stays right when the total is a lower bound.
 */
export function CursorPagination(props: {
  page: number;
  /** Pages the total makes (rounded up); with `atLeast` a lower bound. */
  pages: number;
  nextCursor: string | null;
  onNext: (cursor: string) => void;
  onPrevious: () => void;
  atLeast?: boolean;
  className?: string;
}) {
  const { page, pages, nextCursor, onNext, onPrevious, atLeast, className } = props;
  if (page <= 1 && !nextCursor) return null;
  return (
    <nav
      aria-label={msg.ui.pagination}
      className={cn('mt-6 flex items-center justify-center gap-3', className)}
    >
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={onPrevious}>
        <ChevronLeft aria-hidden /> {msg.ui.previous}
      </Button>
      <span className="text-sm tabular-nums">{msg.ui.pageOf(page, Math.max(pages, page), atLeast)}</span>
      <Button
        size="sm"
        variant="outline"
        disabled={!nextCursor}
        onClick={() => nextCursor && onNext(nextCursor)}
      >
        {msg.ui.next} <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
