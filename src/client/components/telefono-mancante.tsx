import { PhoneOff } from 'lucide-react';
import { msg } from '#shared/messages.ts';
import { cn } from '#client/lib/cn.ts';

/**
 * The warning that a customer of this point, or of this consultant, would be given no phone to call
 * back (docs/product/landing.md#consulente).
 */
export function TelefonoMancante({ className }: { className?: string }) {
  return (
    <p
      className={cn('flex items-start gap-1.5 text-xs font-medium text-amber-800', className)}
      data-testid="telefono-mancante"
    >
      <PhoneOff className="mt-px size-3.5 shrink-0" aria-hidden />
      {msg.impostazioni.telefonoMancante}
    </p>
  );
}
