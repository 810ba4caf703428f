import { msg } from '#shared/messages.ts';
import { Pagination } from '#client/components/ui/pagination.tsx';
import { useRegistro } from '#client/backoffice/features/notifiche/api/notifiche.ts';
import { RegistroContent } from '#client/backoffice/features/notifiche/components/registro-content.tsx';
import { RegistroFilter } from '#client/backoffice/features/notifiche/components/registro-filter.tsx';
import { useRegistroUrlState } from '#client/backoffice/features/notifiche/hooks/use-registro-url-state.ts';
import { RegistroLayout } from '#client/backoffice/app/layout/registro-layout.tsx';

const m = msg.notifiche.registro;
const PAGE_SIZE = 25;

/** The admin's log of every e-mail the system sent or tried to send. See docs/product/notifications.md#registro */
export function RegistroEmailRoute() {
  const [{ stato, page }, setState] = useRegistroUrlState();
  const registro = useRegistro({ stato, page, pageSize: PAGE_SIZE });
  const data = registro.data;
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));

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
      <RegistroFilter stato={stato} data={data} onChange={(next) => setState({ stato: next, page: 1 })} />
      <RegistroContent registro={registro} />
      <Pagination
        page={page}
        pages={pages}
        onPageChange={(next) => setState({ page: next })}
        className="mt-4"
      />
    </RegistroLayout>
  );
}
