import * as Popover from '@radix-ui/react-popover';
import { msg } from '#shared/messages.ts';
import { Download } from 'lucide-react';
import { useState } from 'react';
import type { ExportFormat } from '#shared/schemas/common.ts';
import { Button } from '#client/components/ui/button.tsx';

/**
 * 'Esporta' of a list screen (docs/product/screens.md#esportazioni): a menu offering Excel or CSV. The button shows
 * 'Esportazione...' while the file is on its way; a failure goes to `onError` (the screen's toast).
 */
export function ExportMenu(props: {
  /** The menu's caption, e.g. 'Esporta i lead filtrati'. */
  description: string;
  onExport: (format: ExportFormat) => Promise<unknown>;
  onError: (error: unknown) => void;
  disabled?: boolean;
}) {
  const { description, onExport, onError, disabled = false } = props;
  const [exporting, setExporting] = useState(false);

  const run = async (format: ExportFormat) => {
    setExporting(true);
    try {
      await onExport(format);
    } catch (error) {
      onError(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button variant="outline" disabled={exporting || disabled}>
          <Download aria-hidden />
          {exporting ? msg.ui.exporting : msg.ui.export}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          className="z-50 grid w-56 gap-1 rounded-md border bg-card p-2 shadow-lg"
        >
          <p className="px-2 pb-1 text-xs text-muted-foreground">{description}</p>
          <Popover.Close asChild>
            <Button variant="ghost" className="justify-start" onClick={() => void run('xlsx')}>
              {msg.ui.exportXlsx}
            </Button>
          </Popover.Close>
          <Popover.Close asChild>
            <Button variant="ghost" className="justify-start" onClick={() => void run('csv')}>
              {msg.ui.exportCsv}
            </Button>
          </Popover.Close>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
