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
