import { msg } from '#shared/messages.ts';
import { servizioLabel } from '#shared/servizi-catalogo.ts';
import { NativeSelect } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import type { useAllFornitori } from '#client/lib/fornitori-queries.ts';

const m = msg.inviiFornitori;

type Fornitore = NonNullable<ReturnType<typeof useAllFornitori>['data']>[number];

/** Which supplier and which of its services the screen works on. */
export function SceltaFornitore({
  attivi,
  fornitore,
  tipo,
  onChange,
}: {
  attivi: Fornitore[];
  fornitore: Fornitore;
  tipo: string;
  onChange: (scelta: { fornitoreId: number; tipo: string }) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:max-w-2xl">
      <div className="grid gap-2">
        <Label htmlFor="invio-fornitore">{m.fornitore}</Label>
        <NativeSelect
          id="invio-fornitore"
          value={fornitore.id}
          onChange={(e) => onChange({ fornitoreId: Number(e.target.value), tipo })}
        >
          {attivi.map((f) => (
            <option key={f.id} value={f.id}>
              {f.nome}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="invio-servizio">{m.servizio}</Label>
        <NativeSelect
          id="invio-servizio"
          value={tipo}
          onChange={(e) => onChange({ fornitoreId: fornitore.id, tipo: e.target.value })}
        >
          {fornitore.serviziSupportati.map((s) => (
            <option key={s} value={s}>
              {servizioLabel(s)}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
