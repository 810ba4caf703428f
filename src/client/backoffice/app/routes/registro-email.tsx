import { msg } from '#shared/messages.ts';
import { CursorPagination } from '#client/components/ui/pagination.tsx';
import { useCursorPages } from '#client/lib/cursor-pages.ts';
import { pageCount } from '#client/lib/page-total.ts';
import { useRegistro } from '#client/backoffice/features/notifiche/api/notifiche.ts';
import { RegistroContent } from '#client/backoffice/features/notifiche/components/registro-content.tsx';
import { RegistroFilter } from '#client/backoffice/features/notifiche/components/registro-filter.tsx';
import { useRegistroUrlState } from '#client/backoffice/features/notifiche/hooks/use-registro-url-state.ts';
import { RegistroLayout } from '#client/backoffice/app/layout/registro-layout.tsx';

const m = msg.notifiche.registro;
const PAGE_SIZE = 25;

/** The admin's log of every e-mail the system sent or tried to send. See docs/product/notifications.md#registro */
export function RegistroEmailRoute() {
  const [{ stato }, setState] = useRegistroUrlState();
  const pager = useCursorPages(stato ?? '');
  const registro = useRegistro({ stato, cursor: pager.cursor, pageSize: PAGE_SIZE });
  const data = registro.data;
  const { pages, atLeast } = data
    ? pageCount(data, PAGE_SIZE, pager.page, data.items.length)
    : { pages: 1, atLeast: false };

  return (
    <RegistroLayout title={m.title} subtitle={m.subtitle} backLabel={m.back}>
      {data && !data.mailConfigured && (
        <p
          role="status"
          className="mb-4 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900"
        >
          {m.nonConfigurataBanner}
        </p>
      )}
      <RegistroFilter stato={stato} data={data} onChange={(next) => setState({ stato: next })} />
      <RegistroContent registro={registro} />
      <CursorPagination
        page={pager.page}
        pages={pages}
        atLeast={atLeast}
        nextCursor={registro.isPlaceholderData ? null : (data?.nextCursor ?? null)}
        onNext={pager.next}
        onPrevious={pager.previous}
        className="mt-4"
      />
    </RegistroLayout>
  );
}
