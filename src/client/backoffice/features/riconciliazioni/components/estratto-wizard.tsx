import { CheckCircle2, Eye, FileUp, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { msg } from '#shared/messages.ts';
import {
  ESTRATTO_CHIAVI,
  type Estratto,
  type EstrattoChiave,
  type EstrattoMappatura,
  type Riconciliazione,
} from '#shared/schemas/riconciliazione.ts';
import { romeParts } from '#shared/time.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Input, NativeSelect } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { ProgressBar } from '#client/components/ui/progress-bar.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { useAllFornitori } from '#client/lib/fornitori-queries.ts';
import {
  useConfermaEstratto,
  useEstrattoProgress,
  usePreviewEstratto,
  useUploadEstratto,
} from '#client/backoffice/features/riconciliazioni/api/riconciliazioni.ts';
import { Totali, VociTable } from '#client/backoffice/features/riconciliazioni/components/voci-table.tsx';

const m = msg.riconciliazione;
const fail = (error: unknown, fallback: string) =>
  toast({ title: errorMessage(error, fallback), variant: 'destructive' });

/** Last month on the Rome calendar: the statement a supplier sends is usually for it. */
function lastMonth(): string {
  const { year, month } = romeParts(new Date());
  const total = year * 12 + month - 2;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/** Upload a statement, map its columns, read the preview, confirm (docs/product/fornitori-riconciliazione.md). */
export function EstrattoWizard({ onConfirmed }: { onConfirmed: (rec: Riconciliazione) => void }) {
  const [estratto, setEstratto] = useState<Estratto | null>(null);
  if (!estratto) return <UploadStep onUploaded={setEstratto} />;
  return (
    <div className="grid gap-4">
      <MappingStep
        key={estratto.id}
        estratto={estratto}
        onChecked={setEstratto}
        onRestart={() => setEstratto(null)}
      />
      {estratto.anteprima && <PreviewStep estratto={estratto} onConfirmed={onConfirmed} />}
    </div>
  );
}

function UploadStep({ onUploaded }: { onUploaded: (e: Estratto) => void }) {
  const fornitori = useAllFornitori();
  const [fornitoreId, setFornitoreId] = useState('');
  const [periodo, setPeriodo] = useState(lastMonth);
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadEstratto();
  const submit = () => {
    if (!fornitoreId) return toast({ title: m.noFornitore, variant: 'destructive' });
    if (!file) return toast({ title: m.noFile, variant: 'destructive' });
    upload
      .mutateAsync({ fornitoreId: Number(fornitoreId), periodo, file })
      .then(onUploaded)
      .catch((error: unknown) => fail(error, m.tipoFile));
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.fileLabel}</CardTitle>
        <CardDescription>{m.fileHint}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:max-w-md">
        <div className="grid gap-2">
          <Label htmlFor="ric-fornitore">{m.fornitore}</Label>
          <NativeSelect
            id="ric-fornitore"
            value={fornitoreId}
            onChange={(e) => setFornitoreId(e.target.value)}
          >
            <option value="">{m.scegliFornitore}</option>
            {(fornitori.data ?? []).map((f) => (
              <option key={f.id} value={f.id}>
                {f.nome}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="ric-periodo">{m.periodo}</Label>
          <Input id="ric-periodo" type="month" value={periodo} onChange={(e) => setPeriodo(e.target.value)} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="ric-file">{m.fileLabel}</Label>
          <Input
            id="ric-file"
            type="file"
            accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
        <Button onClick={submit} disabled={upload.isPending} className="justify-self-start">
          {upload.isPending ? <Spinner /> : <FileUp aria-hidden />}
          {upload.isPending ? m.uploading : m.upload}
        </Button>
      </CardContent>
    </Card>
  );
}

function MappingStep(props: { estratto: Estratto; onChecked: (e: Estratto) => void; onRestart: () => void }) {
  const { estratto } = props;
  const initial = estratto.mappatura ?? { identificativi: [], importo: '' };
  const [importo, setImporto] = useState(initial.importo);
  const [colonne, setColonne] = useState<Partial<Record<EstrattoChiave, string>>>(
    Object.fromEntries(initial.identificativi.map((i) => [i.chiave, i.colonna])),
  );
  const preview = usePreviewEstratto();
  const progress = useEstrattoProgress(estratto.id, preview.isPending);
  const check = () => {
    const mappatura: EstrattoMappatura = {
      importo,
      identificativi: ESTRATTO_CHIAVI.flatMap((chiave) =>
        colonne[chiave] ? [{ chiave, colonna: colonne[chiave] }] : [],
      ),
    };
    preview
      .mutateAsync({ id: estratto.id, mappatura })
      .then(props.onChecked)
      .catch((error: unknown) => fail(error, m.tipoFile));
  };
  const select = (id: string, label: string, value: string, onChange: (v: string) => void) => (
    <div key={id} className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{m.nessunaColonna}</option>
        {estratto.intestazioni.map((h, i) =>
          h ? (
            <option key={i} value={h}>
              {h}
            </option>
          ) : null,
        )}
      </NativeSelect>
    </div>
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          {m.stepColonne}: {estratto.nomeFile}
        </CardTitle>
        <CardDescription>
          {estratto.fornitoreNome} · {estratto.periodo} ·{' '}
          {m.rigaIntestazione(estratto.rigaIntestazione, estratto.totale)}. {m.colonneHint}
          {estratto.mappaturaSalvata && <span className="block">{m.mappaturaSalvata}</span>}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {select('col-importo', m.colonnaImporto, importo, setImporto)}
          {ESTRATTO_CHIAVI.map((chiave) =>
            select(`col-${chiave}`, m.colonnaDi(m.chiavi[chiave]), colonne[chiave] ?? '', (v) =>
              setColonne({ ...colonne, [chiave]: v }),
            ),
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={check} disabled={preview.isPending}>
            {preview.isPending ? <Spinner /> : <Eye aria-hidden />}
            {preview.isPending ? m.verificando : m.verifica}
          </Button>
          <Button variant="outline" onClick={props.onRestart}>
            <RotateCcw aria-hidden />
            {m.nuova}
          </Button>
        </div>
        {preview.isPending && (
          <div className="grid gap-2">
            <ProgressBar done={progress.data?.elaborate ?? 0} total={estratto.totale} label={m.verificando} />
            <p className="text-sm text-muted-foreground">
              {m.avanzamento(progress.data?.elaborate ?? 0, estratto.totale)}
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function PreviewStep({
  estratto,
  onConfirmed,
}: {
  estratto: Estratto;
  onConfirmed: (r: Riconciliazione) => void;
}) {
  const a = estratto.anteprima!;
  const conferma = useConfermaEstratto();
  const count = (esito: string) => a.righe.find((r) => r.esito === esito)?.righe ?? 0;
  const confirm = () =>
    conferma
      .mutateAsync(estratto.id)
      .then(onConfirmed)
      .catch((error: unknown) => fail(error, m.nonVerificato));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.stepAnteprima}</CardTitle>
        <CardDescription>
          {m.righeTrovate}: {count('trovato')} · {m.righeNonTrovate}: {count('non_trovato')} ·{' '}
          {m.righeAmbigue}: {count('ambiguo')}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Totali {...a} />
        <h3 className="text-sm font-medium">{m.differenze}</h3>
        <VociTable voci={a.differenze} />
        <Button onClick={confirm} disabled={conferma.isPending} className="justify-self-start">
          {conferma.isPending ? <Spinner /> : <CheckCircle2 aria-hidden />}
          {conferma.isPending ? m.confermando : m.conferma}
        </Button>
      </CardContent>
    </Card>
  );
}
