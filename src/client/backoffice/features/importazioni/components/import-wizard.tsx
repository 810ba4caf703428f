import { Download, FileUp, Play, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { IMPORT_ESITI, IMPORT_TIPI, type ImportRigheNonValide, type ImportTipo } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import {
  IMPORT_CAMPI,
  IMPORT_CAMPI_OBBLIGATORI,
  type ImportCampo,
  type Importazione,
} from '#shared/schemas/importazione.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { ProgressBar } from '#client/components/ui/progress-bar.tsx';
import { Input, NativeSelect } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#client/components/ui/table.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { downloadFile } from '#client/lib/download.ts';
import {
  errorReportUrl,
  useApplyImport,
  useImportProgress,
  usePreviewImport,
  useUploadImport,
} from '#client/backoffice/features/importazioni/api/importazioni.ts';

const m = msg.importazione;
const fail = (error: unknown, fallback: string) =>
  toast({ title: errorMessage(error, fallback), variant: 'destructive' });

/**
 * 'Importa': choose what the file holds and upload it, confirm each column, read the preview,
 * apply with a progress bar, download the error report (docs/product/importazione.md).
 */
export function ImportWizard() {
  const [current, setCurrent] = useState<Importazione | null>(null);
  const [applyingId, setApplyingId] = useState<number | null>(null);
  const reset = () => {
    setCurrent(null);
    setApplyingId(null);
  };
  if (applyingId != null) return <ApplyProgress id={applyingId} onRestart={reset} />;
  if (!current) return <UploadStep onUploaded={setCurrent} />;
  return (
    <div className="grid gap-4">
      <MappingStep key={current.id} imp={current} onChecked={setCurrent} onRestart={reset} />
      {current.stato === 'verificata' && <PreviewStep imp={current} onStarted={setApplyingId} />}
    </div>
  );
}

function UploadStep({ onUploaded }: { onUploaded: (imp: Importazione) => void }) {
  const [tipo, setTipo] = useState<ImportTipo>('punti_fisici');
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadImport();
  const submit = () => {
    if (!file) return toast({ title: m.noFile, variant: 'destructive' });
    upload
      .mutateAsync({ tipo, file })
      .then(onUploaded)
      .catch((error: unknown) => fail(error, m.fileIlleggibile));
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.fileLabel}</CardTitle>
        <CardDescription>{m.fileHint}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:max-w-md">
        <div className="grid gap-2">
          <Label htmlFor="import-tipo">{m.tipoLabel}</Label>
          <NativeSelect id="import-tipo" value={tipo} onChange={(e) => setTipo(e.target.value as ImportTipo)}>
            {IMPORT_TIPI.map((t) => (
              <option key={t} value={t}>
                {m.tipi[t]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="import-file">{m.fileLabel}</Label>
          <Input
            id="import-file"
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

function MappingStep(props: {
  imp: Importazione;
  onChecked: (imp: Importazione) => void;
  onRestart: () => void;
}) {
  const { imp } = props;
  const [mappatura, setMappatura] = useState(imp.mappatura);
  const [righeNonValide, setRigheNonValide] = useState<ImportRigheNonValide>(imp.righeNonValide);
  const [calcolaCommissioni, setCalcolaCommissioni] = useState(imp.calcolaCommissioni);
  const preview = usePreviewImport();
  const campi = IMPORT_CAMPI[imp.tipo] as readonly ImportCampo[];
  const required = IMPORT_CAMPI_OBBLIGATORI[imp.tipo];
  const check = () =>
    preview
      .mutateAsync({ id: imp.id, mappatura, righeNonValide, calcolaCommissioni })
      .then(props.onChecked)
      .catch((error: unknown) => fail(error, m.fileIlleggibile));
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          {m.stepColonne}: {imp.nomeFile}
        </CardTitle>
        <CardDescription>
          {m.tipi[imp.tipo]} · {m.rigaIntestazione(imp.rigaIntestazione, imp.totale)}. {m.colonneHint}
          {imp.mappaturaSalvata && <span className="block">{m.mappaturaSalvata}</span>}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {campi.map((campo) => (
            <div key={campo} className="grid gap-1">
              <Label htmlFor={`col-${campo}`}>
                {m.campi[campo]}
                {required.includes(campo) && (
                  <span className="font-normal text-muted-foreground"> ({m.obbligatorio})</span>
                )}
              </Label>
              <NativeSelect
                id={`col-${campo}`}
                value={mappatura[campo] ?? ''}
                onChange={(e) =>
                  setMappatura({
                    ...mappatura,
                    [campo]: e.target.value === '' ? null : Number(e.target.value),
                  })
                }
              >
                <option value="">{m.nessunaColonna}</option>
                {imp.intestazioni.map((h, i) => (
                  <option key={i} value={i}>
                    {h || `#${i + 1}`}
                  </option>
                ))}
              </NativeSelect>
            </div>
          ))}
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">{m.righeNonValide}</legend>
          {(['salta', 'blocca'] as const).map((v) => (
            <label key={v} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="righe-non-valide"
                className="mt-1"
                checked={righeNonValide === v}
                onChange={() => setRigheNonValide(v)}
              />
              {m[v]}
            </label>
          ))}
        </fieldset>
        {imp.tipo === 'leads' && (
          // Completed services invent no money unless asked (docs/product/importazione.md#commissioni).
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-1"
              checked={calcolaCommissioni}
              onChange={(e) => setCalcolaCommissioni(e.target.checked)}
              aria-describedby="calcola-commissioni-hint"
            />
            <span>
              <span className="font-medium">{m.calcolaCommissioni}</span>
              <span id="calcola-commissioni-hint" className="block text-muted-foreground">
                {m.calcolaCommissioniHint}
              </span>
            </span>
          </label>
        )}
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void check()} disabled={preview.isPending}>
            {preview.isPending && <Spinner />}
            {preview.isPending ? m.verificando : m.verifica}
          </Button>
          <Button variant="outline" onClick={props.onRestart}>
            <RotateCcw aria-hidden />
            {m.nuova}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function Counts({ imp }: { imp: Importazione }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {IMPORT_ESITI.map((esito) => (
        <div key={esito} className="rounded-md border p-3">
          <dt className="text-sm text-muted-foreground">{m.conteggi[esito]}</dt>
          <dd className="text-2xl font-semibold" data-testid={`conteggio-${esito}`}>
            {imp.conteggi?.[esito] ?? 0}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function ErrorReportButton({ imp }: { imp: Importazione }) {
  if (!imp.conteggi?.errore) return null;
  return (
    <Button
      variant="outline"
      onClick={() =>
        void downloadFile(errorReportUrl(imp.id), 'errori-importazione.xlsx').catch((error: unknown) =>
          fail(error, m.rapporto),
        )
      }
    >
      <Download aria-hidden />
      {m.rapporto}
    </Button>
  );
}

function PreviewStep({ imp, onStarted }: { imp: Importazione; onStarted: (id: number) => void }) {
  const apply = useApplyImport();
  const errori = imp.conteggi?.errore ?? 0;
  const blocked = imp.righeNonValide === 'blocca' && errori > 0;
  const start = () =>
    apply
      .mutateAsync(imp.id)
      .then((started) => onStarted(started.id))
      .catch((error: unknown) => fail(error, m.fallita));
  const hidden = errori - new Set(imp.errori.map((e) => e.riga)).size;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.stepAnteprima}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Counts imp={imp} />
        {errori === 0 ? (
          <p className="text-sm">{m.nessunErrore}</p>
        ) : (
          <>
            <div>
              <h4 className="mb-2 text-sm font-medium">{m.erroriPerColonna}</h4>
              <ul className="flex flex-wrap gap-2">
                {imp.erroriPerColonna.map((c) => (
                  <li key={c.colonna}>
                    <Badge variant="danger">
                      {c.colonna}: {c.righe}
                    </Badge>
                  </li>
                ))}
              </ul>
            </div>
            {/* Phones: one card per error; the table from small screens up. */}
            <ul className="grid gap-2 sm:hidden">
              {imp.errori.map((e, i) => (
                <li key={`${e.riga}-${i}`} className="rounded-md border p-3 text-sm">
                  <p className="font-medium">
                    {m.riga} {e.riga} · {e.colonna}
                  </p>
                  <p className="break-words text-muted-foreground">{e.valore}</p>
                  <p>{e.motivo}</p>
                </li>
              ))}
            </ul>
            <div className="hidden overflow-x-auto sm:block">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>{m.riga}</TableHead>
                    <TableHead>{m.colonna}</TableHead>
                    <TableHead>{m.valore}</TableHead>
                    <TableHead>{m.motivo}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {imp.errori.map((e, i) => (
                    <TableRow key={`${e.riga}-${i}`}>
                      <TableCell>{e.riga}</TableCell>
                      <TableCell>{e.colonna}</TableCell>
                      <TableCell className="break-all">{e.valore}</TableCell>
                      <TableCell className="min-w-48">{e.motivo}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            {hidden > 0 && <p className="text-sm text-muted-foreground">{m.altriErrori(hidden)}</p>}
          </>
        )}
        {blocked && <p className="text-sm text-destructive">{m.bloccataDaErrori(errori)}</p>}
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void start()} disabled={blocked || apply.isPending}>
            <Play aria-hidden />
            {m.applica}
          </Button>
          <ErrorReportButton imp={imp} />
        </div>
      </CardContent>
    </Card>
  );
}

function ApplyProgress({ id, onRestart }: { id: number; onRestart: () => void }) {
  const { data } = useImportProgress(id);
  const total = data?.totale ?? 0;
  const done = data?.elaborate ?? 0;
  const finished = data?.stato === 'completata';
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          {finished ? m.completata : data?.stato === 'fallita' ? m.fallita : m.applicando}
        </CardTitle>
        <CardDescription>{m.avanzamento(done, total)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ProgressBar done={done} total={total} label={m.applicando} />
        {finished && data && (
          <>
            <Counts imp={data} />
            <div className="flex flex-wrap gap-2">
              <ErrorReportButton imp={data} />
              <Button variant="outline" onClick={onRestart}>
                <RotateCcw aria-hidden />
                {m.nuova}
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
