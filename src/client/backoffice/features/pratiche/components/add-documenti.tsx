import { Camera, Paperclip } from 'lucide-react';
import { useRef } from 'react';
import { UPLOAD_MAX_FILES } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { useUploadDocumenti } from '#client/backoffice/features/pratiche/api/pratiche.ts';

const m = msg.pratica.documenti;
/** What the landing accepts (docs/product/landing.md#caricamento-delle-bollette); the server checks the content. */
const ACCEPT = 'image/*,application/pdf,.pdf,.doc,.docx,.txt';

/**
 * 'Aggiungi documenti' (docs/product/lifecycle.md#documenti): files or a photo from the phone's
 * camera, attached to the practice named or, from a lead, to its most recent one.
 */
export function AddDocumenti({ leadId, praticaId }: { leadId: number; praticaId?: number }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const upload = useUploadDocumenti(leadId, praticaId);

  const onPicked = (input: HTMLInputElement | null) => {
    const files = Array.from(input?.files ?? []);
    if (input) input.value = '';
    if (files.length === 0) return;
    if (files.length > UPLOAD_MAX_FILES) {
      toast({ title: m.uploadError, description: m.hint, variant: 'destructive' });
      return;
    }
    upload.mutate(files, {
      onSuccess: (result) => toast({ title: m.caricati(result.documenti.length) }),
      onError: (error) =>
        toast({
          title: m.uploadError,
          description: errorMessage(error, m.uploadError),
          variant: 'destructive',
        }),
    });
  };

  return (
    <div className="grid gap-1">
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={upload.isPending}
          onClick={() => fileInput.current?.click()}
          aria-label={praticaId != null ? m.aggiungiAllaPratica(praticaId) : m.aggiungi}
        >
          <Paperclip aria-hidden />
          {upload.isPending ? m.caricamento : m.aggiungi}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={upload.isPending}
          onClick={() => cameraInput.current?.click()}
        >
          <Camera aria-hidden />
          {m.scattaFoto}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">{m.hint}</p>
      <input
        ref={fileInput}
        type="file"
        multiple
        accept={ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="add-documenti-input"
        onChange={(e) => onPicked(e.currentTarget)}
      />
      <input
        ref={cameraInput}
        type="file"
        accept="image/*"
        capture="environment"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={(e) => onPicked(e.currentTarget)}
      />
    </div>
  );
}
