import { Camera, CheckCircle2, FileUp, Trash2 } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { UPLOAD_MAX_FILE_BYTES } from '#shared/domain.ts';
import { landingMsg } from '#shared/messages-landing.ts';
import { Button, FieldError, buttonClass, cx } from '#client/landing/ui.tsx';
import type { Bill } from '#client/landing/bills.ts';
import { preparePhoto } from '#client/landing/photo.ts';

const m = landingMsg;

const FILE_ACCEPT =
  'image/*,application/pdf,.pdf,.doc,.docx,.txt,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain';

interface Props {
  kind: string;
  title: string;
  bill: Bill;
  /** Page being photographed (1 or 2), or null when not capturing. */
  capturePage: number | null;
  disabled: boolean;
  onFile: (file: File) => void;
  onStartCapture: () => void;
  onPhoto: (photo: File) => void;
  onCancelCapture: () => void;
  onRemove: () => void;
}

/** One bill: 'File' or 'Scatta una Foto' (two pages through the phone's camera). See docs/product/landing.md#passo-3-bollette */
export function BillCard({
  kind,
  title,
  bill,
  capturePage,
  disabled,
  onFile,
  onStartCapture,
  onPhoto,
  onCancelCapture,
  onRemove,
}: Props) {
  const id = useId();
  const [error, setError] = useState<string | undefined>();
  const [isProcessing, setIsProcessing] = useState(false);
  const errorId = `${id}-error`;
  const hasContent = bill.file != null || bill.pages.length > 0;

  const pickFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > UPLOAD_MAX_FILE_BYTES) {
      setError(m.fileTooLarge);
      return;
    }
    setError(undefined);
    onFile(file);
  };

  const takePhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const photo = event.target.files?.[0];
    event.target.value = '';
    if (!photo || capturePage == null) return;
    setIsProcessing(true);
    const prepared = await preparePhoto(photo, `${kind}-pagina-${capturePage}.jpg`);
    setIsProcessing(false);
    if (prepared.size > UPLOAD_MAX_FILE_BYTES) {
      setError(m.fileTooLarge);
      return;
    }
    setError(undefined);
    onPhoto(prepared);
  };

  return (
    <div
      className={cx(
        'flex flex-col gap-3 rounded-xl border-2 bg-card p-3 shadow-sm sm:p-4',
        hasContent ? 'border-green-600' : 'border-border',
      )}
      data-testid={`bill-${kind}`}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-semibold">{title}</h2>
        {hasContent ? <CheckCircle2 aria-hidden className="size-5 text-success" /> : null}
      </div>

      {capturePage != null ? (
        <div
          className="flex flex-col gap-3 rounded-lg bg-blue-50 p-3"
          role="group"
          aria-label={`${m.scattaFoto}: ${title}`}
        >
          <p className="text-sm font-medium text-blue-900" aria-live="polite">
            {m.capturePageOf(capturePage)}
          </p>
          <label
            className={cx(
              buttonClass('default', 'lg'),
              'w-full cursor-pointer py-2 text-center whitespace-normal focus-within:ring-2 focus-within:ring-ring focus-within:ring-offset-2',
              'has-[input:disabled]:pointer-events-none has-[input:disabled]:bg-slate-200 has-[input:disabled]:text-slate-600',
            )}
          >
            <Camera aria-hidden />
            <span>{capturePage === 1 ? m.page1Prompt : m.page2Prompt}</span>
            <input
              type="file"
              accept="image/*"
              capture="environment"
              className="sr-only"
              data-testid={`camera-${kind}`}
              disabled={isProcessing}
              onChange={(e) => void takePhoto(e)}
            />
          </label>
          <Button variant="outline" size="lg" onClick={onCancelCapture}>
            {m.annulla}
          </Button>
        </div>
      ) : (
        <>
          {hasContent ? (
            <div className="flex items-center justify-between gap-2 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900">
              <span className="min-w-0 truncate">
                {bill.file ? bill.file.name : bill.pages.length === 2 ? m.photoTwoPages : m.photoOnePage}
              </span>
              <Button
                variant="ghost"
                size="auto"
                className="h-9 shrink-0 text-green-900"
                onClick={onRemove}
                aria-label={m.removeBill(title)}
              >
                <Trash2 aria-hidden />
              </Button>
            </div>
          ) : null}
          <div className="grid grid-cols-[2fr_3fr] gap-2">
            <label
              className={cx(
                buttonClass('outline', 'half'),
                'cursor-pointer focus-within:ring-2 focus-within:ring-ring focus-within:ring-offset-2',
                'has-[input:disabled]:pointer-events-none has-[input:disabled]:text-slate-500',
              )}
            >
              <FileUp aria-hidden />
              <span>{m.file}</span>
              <input
                type="file"
                accept={FILE_ACCEPT}
                className="sr-only"
                data-testid={`file-${kind}`}
                aria-label={`${m.file}: ${title}`}
                disabled={disabled}
                aria-describedby={error ? errorId : undefined}
                onChange={pickFile}
              />
            </label>
            <Button variant="outline" size="half" disabled={disabled} onClick={onStartCapture}>
              <Camera aria-hidden />
              {m.scattaFoto}
            </Button>
          </div>
        </>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
