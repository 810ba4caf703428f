import { useQuery } from '@tanstack/react-query';
import { Download, FileUp, Play, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import type { ServizioTipo } from '#shared/domain.ts';
import {
  ESITO_AZIONI,
  ESITO_IDENTIFICATIVI,
  ESITO_RIGA_ESITI,
  type EsitoAzione,
  type EsitoRigaEsito,
} from '#shared/esiti-fornitori.ts';
import { msg } from '#shared/messages.ts';
import type { EsitiCaricamento, EsitiMappaturaInput } from '#shared/schemas/esiti-fornitori.ts';
import { servizioLabel } from '#shared/servizi-catalogo.ts';
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
  nonApplicateUrl,
  useApplyEsiti,
  useEsitiProgress,
  usePreviewEsiti,
  useUploadEsiti,
} from '#client/backoffice/features/esiti-fornitori/api/esiti-fornitori.ts';
import { fornitoriQueries } from '#client/lib/fornitori-queries.ts';

const m = msg.esitiFornitori;
const fail = (error: unknown, fallback: string) =>
  toast({ title: errorMessage(error, fallback), variant: 'destructive' });

/**
 * 'Esiti fornitori': choose the supplier and upload its file, map the columns and the outcome
 * values, read the preview, apply with a progress bar, download the rows not applied
 * (docs/product/fornitori-esiti.md).
 */
export function EsitiWizard() {
  const [current, setCurrent] = useState<EsitiCaricamento | null>(null);
  const [applyingId, setApplyingId] = useState<number | null>(null);
  const reset = () => {
    setCurrent(null);
    setApplyingId(null);
  };
  if (applyingId != null) return <ApplyProgress id={applyingId} onRestart={reset} />;
  if (!current) return <UploadStep onUploaded={setCurrent} />;
  return (
    <div className="grid gap-4">
      <MappingStep key={current.id} car={current} onChecked={setCurrent} onRestart={reset} />
      {current.stato === 'verificato' && <PreviewStep car={current} onStarted={setApplyingId} />}
    </div>
  );
}

function UploadStep({ onUploaded }: { onUploaded: (c: EsitiCaricamento) => void }) {
  const fornitori = useQuery(fornitoriQueries.list());
  const [fornitoreId, setFornitoreId] = useState('');
  const [tipo, setTipo] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadEsiti();
  const fornitore = fornitori.data?.find((f) => String(f.id) === fornitoreId);
  const submit = () => {
    if (!fornitore) return toast({ title: m.noFornitore, variant: 'destructive' });
    if (!file) return toast({ title: m.noFile, variant: 'destructive' });
    upload
      .mutateAsync({
        fornitoreId: fornitore.id,
        tipoServizio: (tipo || undefined) as ServizioTipo | undefined,
        file,
      })
      .then(onUploaded)
      .catch((error: unknown) => fail(error, msg.importazione.fileIlleggibile));
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.fileLabel}</CardTitle>
        <CardDescription>{m.fileHint}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:max-w-md">
        <div className="grid gap-2">
          <Label htmlFor="esiti-fornitore">{m.fornitoreLabel}</Label>
          <NativeSelect
            id="esiti-fornitore"
            value={fornitoreId}
            onChange={(e) => {
              setFornitoreId(e.target.value);
              setTipo('');
            }}
          >
            <option value="">{m.fornitorePlaceholder}</option>
            {(fornitori.data ?? []).map((f) => (
              <option key={f.id} value={f.id}>
                {f.nome}
              </option>
            ))}
          </NativeSelect>
        </div>
        {fornitore && fornitore.serviziSupportati.length > 1 && (
          <div className="grid gap-2">
            <Label htmlFor="esiti-tipo">{m.tipoLabel}</Label>
            <NativeSelect id="esiti-tipo" value={tipo} onChange={(e) => setTipo(e.target.value)}>
              <option value="">{m.tutti}</option>
              {fornitore.serviziSupportati.map((s) => (
                <option key={s} value={s}>
                  {servizioLabel(s)}
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
        <div className="grid gap-2">
          <Label htmlFor="esiti-file">{m.fileLabel}</Label>
          <Input
            id="esiti-file"
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

const emptyMapping: EsitiMappaturaInput = { identificativi: {}, esito: '', data: null, valori: {} };

function ColumnSelect(props: {
  id: string;
  label: string;
  value: string;
  headers: string[];
  onChange: (v: string) => void;
}) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={props.id}>{props.label}</Label>
      <NativeSelect id={props.id} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">{m.nessunaColonna}</option>
        {props.headers.map((h, i) => (
          <option key={i} value={h}>
            {h || `#${i + 1}`}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function MappingStep(props: {
  car: EsitiCaricamento;
  onChecked: (c: EsitiCaricamento) => void;
  onRestart: () => void;
}) {
  const { car } = props;
  const [map, setMap] = useState<EsitiMappaturaInput>(car.mappatura ?? emptyMapping);
  const preview = usePreviewEsiti();
  const esitoCol = car.intestazioni.indexOf(map.esito);
  const valori = esitoCol >= 0 ? (car.valoriColonne[esitoCol] ?? []) : [];
  const check = () =>
    preview
      .mutateAsync({ id: car.id, mappatura: map })
      .then(props.onChecked)
      .catch((error: unknown) => fail(error, msg.importazione.fileIlleggibile));
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          {m.stepColonne}: {car.nomeFile}
        </CardTitle>
        <CardDescription>
          {car.fornitoreNome}
          {car.tipoServizio && ` · ${servizioLabel(car.tipoServizio)}`} ·{' '}
          {m.rigaIntestazione(car.rigaIntestazione, car.totale)}. {m.colonneHint}
          {car.mappaturaSalvata && <span className="block">{m.mappaturaSalvata}</span>}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {ESITO_IDENTIFICATIVI.map((k) => (
            <ColumnSelect
              key={k}
              id={`col-${k}`}
              label={m.identificativi[k]}
              value={map.identificativi[k] ?? ''}
              headers={car.intestazioni}
              onChange={(v) => setMap({ ...map, identificativi: { ...map.identificativi, [k]: v || null } })}
            />
          ))}
          <ColumnSelect
            id="col-esito"
            label={m.colonnaEsito}
            value={map.esito}
            headers={car.intestazioni}
            onChange={(v) => setMap({ ...map, esito: v })}
          />
          <ColumnSelect
            id="col-data"
            label={m.colonnaData}
            value={map.data ?? ''}
            headers={car.intestazioni}
            onChange={(v) => setMap({ ...map, data: v || null })}
          />
        </div>
        {valori.length > 0 && (
          <div className="grid gap-2">
            <h4 className="text-sm font-medium">{m.stepValori}</h4>
            <p className="text-sm text-muted-foreground">{m.valoriHint}</p>
            <div className="grid gap-2 sm:grid-cols-2">
              {valori.map((v, i) => (
                <div key={v} className="grid gap-1 rounded-md border p-2">
                  <Label htmlFor={`valore-${i}`} className="break-words">
                    {v}
                  </Label>
                  <NativeSelect
                    id={`valore-${i}`}
                    value={map.valori[v] ?? ''}
                    onChange={(e) => {
                      const valoriMap = { ...map.valori };
                      if (e.target.value) valoriMap[v] = e.target.value as EsitoAzione;
                      else delete valoriMap[v];
                      setMap({ ...map, valori: valoriMap });
                    }}
                  >
                    <option value="">{m.nessunaColonna}</option>
                    {ESITO_AZIONI.map((a) => (
                      <option key={a} value={a}>
                        {m.azioni[a]}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
              ))}
            </div>
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void check()} disabled={preview.isPending}>
            {preview.isPending && <Spinner />}
            {preview.isPending ? m.verificando : m.verifica}
          </Button>
          <Button variant="outline" onClick={props.onRestart}>
            <RotateCcw aria-hidden />
            {m.nuovo}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** The kinds with rows in them, so a clean file shows two tiles, not eight. */
function Counts({ car }: { car: EsitiCaricamento }) {
  const shown = ESITO_RIGA_ESITI.filter((e: EsitoRigaEsito) => (car.conteggi?.[e] ?? 0) > 0);
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {shown.map((esito) => (
        <div key={esito} className="rounded-md border p-3">
          <dt className="text-sm text-muted-foreground">{m.conteggi[esito]}</dt>
          <dd className="text-2xl font-semibold" data-testid={`conteggio-${esito}`}>
            {car.conteggi?.[esito] ?? 0}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function NonApplicateButton({ car }: { car: EsitiCaricamento }) {
  if (car.righe.length === 0) return null;
  return (
    <Button
      variant="outline"
      onClick={() =>
        void downloadFile(nonApplicateUrl(car.id), 'esiti-non-applicati.xlsx').catch((error: unknown) =>
          fail(error, m.scaricaNonApplicate),
        )
      }
    >
      <Download aria-hidden />
      {m.scaricaNonApplicate}
    </Button>
  );
}

function RowsToCheck({ car }: { car: EsitiCaricamento }) {
  const total = ['non_trovato', 'ambiguo', 'conflitto', 'errore'].reduce(
    (n, e) => n + (car.conteggi?.[e as EsitoRigaEsito] ?? 0),
    0,
  );
  if (total === 0) return <p className="text-sm">{m.nessunProblema}</p>;
  return (
    <div className="grid gap-2">
      <h4 className="text-sm font-medium">{m.righeDaVedere}</h4>
      {/* Phones: one card per row; the table from small screens up. */}
      <ul className="grid gap-2 sm:hidden">
        {car.righe.map((r) => (
          <li key={r.riga} className="rounded-md border p-3 text-sm">
            <p className="font-medium">
              {m.riga} {r.riga} · {m.conteggi[r.esito]}
            </p>
            <p className="break-words">{r.motivo}</p>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto sm:block">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{m.riga}</TableHead>
              <TableHead>{m.esito}</TableHead>
              <TableHead>{m.motivo}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {car.righe.map((r) => (
              <TableRow key={r.riga}>
                <TableCell>{r.riga}</TableCell>
                <TableCell>{m.conteggi[r.esito]}</TableCell>
                <TableCell className="min-w-48">{r.motivo}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {total > car.righe.length && (
        <p className="text-sm text-muted-foreground">{m.altreRighe(total - car.righe.length)}</p>
      )}
    </div>
  );
}

function PreviewStep({ car, onStarted }: { car: EsitiCaricamento; onStarted: (id: number) => void }) {
  const apply = useApplyEsiti();
  const errori = car.conteggi?.errore ?? 0;
  const start = () =>
    apply
      .mutateAsync(car.id)
      .then((started) => onStarted(started.id))
      .catch((error: unknown) => fail(error, m.fallito));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.stepAnteprima}</CardTitle>
        <CardDescription>{m.anteprimaHint}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Counts car={car} />
        <RowsToCheck car={car} />
        {errori > 0 && <p className="text-sm text-destructive">{m.conErrori(errori)}</p>}
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void start()} disabled={errori > 0 || apply.isPending}>
            <Play aria-hidden />
            {m.applica}
          </Button>
          <NonApplicateButton car={car} />
        </div>
      </CardContent>
    </Card>
  );
}

function ApplyProgress({ id, onRestart }: { id: number; onRestart: () => void }) {
  const { data } = useEsitiProgress(id);
  const total = data?.totale ?? 0;
  const done = data?.elaborate ?? 0;
  const finished = data?.stato === 'completato';
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          {finished ? m.completato : data?.stato === 'fallito' ? m.fallito : m.applicando}
        </CardTitle>
        <CardDescription>{m.avanzamento(done, total)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ProgressBar done={done} total={total} label={m.applicando} />
        {finished && data && (
          <>
            <Counts car={data} />
            <div className="flex flex-wrap gap-2">
              <NonApplicateButton car={data} />
              <Button variant="outline" onClick={onRestart}>
                <RotateCcw aria-hidden />
                {m.nuovo}
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
