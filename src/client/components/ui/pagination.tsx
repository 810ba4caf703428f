import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '#client/lib/cn.ts';
import { Button } from '#client/components/ui/button.tsx';

/** 'Precedente' / 'Pagina n di m' / 'Successiva' under a server-paginated list; nothing for one page. */
export function Pagination(props: {
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  /** The total is a lower bound: 'Pagina n di oltre m', and more pages may follow. */
  atLeast?: boolean;
  className?: string;
}) {
  const { page, pages, onPageChange, atLeast, className } = props;
  if (pages <= 1) return null;
  return (
    <nav aria-label="Paginazione" className={cn('mt-6 flex items-center justify-center gap-3', className)}>
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft aria-hidden /> Precedente
      </Button>
      <span className="text-sm tabular-nums">
        Pagina {page} di {atLeast ? 'oltre ' : ''}
        {pages}
      </span>
      <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
        Successiva <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}

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
    <nav aria-label="Paginazione" className={cn('mt-6 flex items-center justify-center gap-3', className)}>
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={onPrevious}>
        <ChevronLeft aria-hidden /> Precedente
      </Button>
      <span className="text-sm tabular-nums">
        Pagina {page} di {atLeast ? 'oltre ' : ''}
        {Math.max(pages, page)}
      </span>
      <Button
        size="sm"
        variant="outline"
        disabled={!nextCursor}
        onClick={() => nextCursor && onNext(nextCursor)}
      >
        Successiva <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
