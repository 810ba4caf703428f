import { X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { landingMsg } from '#shared/messages-landing.ts';
import { Button } from '#client/landing/ui.tsx';
import { InformativaText } from '#client/landing/informativa/informativa-text.tsx';

/**
 * The notice over the wizard, without leaving it: a native modal <dialog>, so the browser moves
 * focus inside, keeps the page behind inert, closes it with Esc and gives focus back to the link.
 * Its own chunk, loaded when the customer opens it. See docs/privacy.md#informativa
 */
export function InformativaDialog({ nomeAttivita, onClose }: { nomeAttivita: string; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    return () => dialog.close();
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto max-h-[90dvh] w-[min(42rem,calc(100vw-1.5rem))] overflow-hidden rounded-2xl border bg-card p-0 text-foreground shadow-xl backdrop:bg-black/50"
    >
      <div className="flex max-h-[90dvh] flex-col">
        <div className="flex justify-end border-b px-3 py-2">
          <Button variant="ghost" onClick={() => ref.current?.close()}>
            <X aria-hidden />
            {landingMsg.informativaClose}
          </Button>
        </div>
        <div className="overflow-y-auto px-5 pt-3 pb-6" tabIndex={0}>
          <InformativaText nomeAttivita={nomeAttivita} titleId={titleId} />
        </div>
      </div>
    </dialog>
  );
}
