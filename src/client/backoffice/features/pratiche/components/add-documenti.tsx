import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Camera, Paperclip } from 'lucide-react';
import { useRef } from 'react';
import { UPLOAD_MAX_FILES } from '#shared/domain.ts';
import { msg } from '#shared/messages.ts';
import type { StaffUploadResponse } from '#shared/schemas/documenti.ts';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { ApiError, errorMessage } from '#client/lib/api-client.ts';
import { PRATICHE_KEY } from '../api/get-pratiche';

const m = msg.pratica.documenti;
/** What the landing accepts (docs/product/landing.md#caricamento-delle-bollette); the server checks the content. */
const ACCEPT = 'image/*,application/pdf,.pdf,.doc,.docx,.txt';

async function uploadFiles(leadId: number, praticaId: number | undefined, files: File[]) {
  const body = new FormData();
  body.set('leadId', String(leadId));
  if (praticaId != null) body.set('praticaId', String(praticaId));
  for (const file of files) body.append('files', file, file.name);
  const res = await fetch('/api/leads/upload-files', { method: 'POST', body, credentials: 'include' });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  if (!res.ok) {
    const serverMessage = (json as { message?: string } | undefined)?.message;
    throw new ApiError(res.status, serverMessage, text, `${res.status}: ${serverMessage ?? res.statusText}`);
  }
  return json as StaffUploadResponse;
}

/**
 * 'Aggiungi documenti' (docs/product/lifecycle.md#documenti): files or a photo from the phone's
 * camera, attached to the practice named or, from a lead, to its most recent one.
 */
export function AddDocumenti({ leadId, praticaId }: { leadId: number; praticaId?: number }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: (files: File[]) => uploadFiles(leadId, praticaId, files),
    onSuccess: (result) => {
      toast({ title: m.caricati(result.documenti.length) });
      void queryClient.invalidateQueries({ queryKey: [`/api/pratiche/${result.praticaId}/files`] });
      void queryClient.invalidateQueries({ queryKey: [PRATICHE_KEY] });
    },
    onError: (error) =>
      toast({
        title: m.uploadError,
        description: errorMessage(error, m.uploadError),
        variant: 'destructive',
      }),
  });

  const onPicked = (input: HTMLInputElement | null) => {
    const files = Array.from(input?.files ?? []);
    if (input) input.value = '';
    if (files.length === 0) return;
    if (files.length > UPLOAD_MAX_FILES) {
      toast({ title: m.uploadError, description: m.hint, variant: 'destructive' });
      return;
    }
    upload.mutate(files);
  };

  return (
    <div className="grid gap-1">
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={upload.isPending}
          onClick={() => fileInput.current?.click()}
          aria-label={praticaId != null ? `${m.aggiungi} alla pratica #${praticaId}` : m.aggiungi}
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
