import { msg } from '#shared/messages.ts';
import { Badge } from '#client/components/ui/badge.tsx';

const VARIANTS = {
  inserito: 'info',
  inserita: 'info',
  in_lavorazione: 'warning',
  completato: 'success',
  completata: 'success',
  ko: 'danger',
} as const;

const LABELS: Record<string, string> = { ...msg.servizio.statoLabels, ...msg.pratica.statoLabels };

/** Practice status colours: inserita blue, in_lavorazione yellow, completata green, ko red. */
export function StatoBadge({ stato }: { stato: string }) {
  const variant = VARIANTS[stato as keyof typeof VARIANTS] ?? 'outline';
  return (
    <Badge variant={variant} data-stato={stato}>
      {LABELS[stato] ?? stato}
    </Badge>
  );
}
