import { msg } from '#shared/messages.ts';
import { PageHeader } from '#client/components/ui/page-header.tsx';
import { SearchInput } from '#client/components/ui/search-input.tsx';
import { urlSearchText, useUrlSearchText, useUrlState } from '#client/lib/use-url-state.ts';
import { useAuth } from '#client/backoffice/features/auth/auth-context.tsx';
import { PuntiGrid } from '#client/backoffice/features/punti-fisici/components/punti-grid.tsx';
import { PuntoFormDialog } from '#client/backoffice/features/punti-fisici/components/punto-form-dialog.tsx';
import { PersonPicker } from '#client/backoffice/features/utenti/components/person-picker.tsx';
import { usePuntiActions } from '#client/backoffice/features/punti-fisici/hooks/use-punti-actions.ts';
import {
  DeletePuntoDialog,
  PuntiHeaderActions,
} from '#client/backoffice/features/punti-fisici/components/punti-screen-parts.tsx';

interface PuntiUrlState {
  q: string;
}
const parse = (p: URLSearchParams): PuntiUrlState => ({ q: urlSearchText(p) });
const serialize = (s: PuntiUrlState) => ({ search: s.q });

/**
 * `/punti-fisici?search=…`: one page of the points in scope (pages by cursor) and a search box in the URL;
 * managers create and edit, the admin deletes and updates QR codes. See docs/product/screens.md#punti-fisici
 */
export function PuntiFisiciRoute() {
  const { user } = useAuth();
  const role = user!.role;
  const actions = usePuntiActions();
  const [state, setState] = useUrlState(parse, serialize);
  const [text, setText] = useUrlSearchText(state.q, (q) =>
    // A new search is a history entry; refining it replaces that entry.
    setState({ q }, { replace: state.q !== '' }),
  );

  return (
    <>
      <PageHeader
        title={msg.puntiScreen.title}
        subtitle={msg.puntiScreen.subtitle}
        actions={<PuntiHeaderActions role={role} actions={actions} />}
      />
      <SearchInput
        className="mb-4 sm:max-w-md"
        label={msg.puntoFisico.searchLabel}
        placeholder={msg.puntoFisico.searchPlaceholder}
        value={text}
        onChange={setText}
      />
      <PuntiGrid
        role={role}
        q={state.q}
        onClearSearch={() => {
          setText('');
          setState({ q: '' });
        }}
        onEdit={actions.openEdit}
        onDelete={actions.setDeleting}
      />
      <PuntoFormDialog
        open={actions.dialog.open}
        punto={actions.dialog.punto}
        actorRole={role}
        onOpenChange={actions.setDialogOpen}
        // The new point may sort onto any page: the list shows it by its name.
        onCreated={(created) => setState({ q: created.nomeAttivita })}
        PersonPicker={PersonPicker}
      />
      <DeletePuntoDialog actions={actions} />
    </>
  );
}
