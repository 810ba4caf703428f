import { useId, useState } from 'react';
import { msg } from '#shared/messages.ts';
import type { Commissione } from '#shared/schemas/commissione.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Textarea } from '#client/components/ui/input.tsx';
import { FieldError, Label } from '#client/components/ui/label.tsx';
import { servizioLabel } from '#shared/servizi-catalogo.ts';

const m = msg.commissioniScreen;
const NOTE_MAX = 1000;

/** Admin: non_pagato ↔ pagato, with an optional payment note. See docs/product/lifecycle.md#pagamento */
export function PaymentDialog(props: {
  commissione: Commissione | null;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (note: string) => void;
}) {
  const { commissione: c, pending, onOpenChange, onConfirm } = props;
  return (
    <Dialog open={c != null} onOpenChange={onOpenChange}>
      {/* Keyed by commission: each opening starts from that commission's note. */}
      {c && (
        <PaymentForm
          key={c.id}
          commissione={c}
          pending={pending}
          onCancel={() => onOpenChange(false)}
          onConfirm={onConfirm}
        />
      )}
    </Dialog>
  );
}

function PaymentForm({
  commissione: c,
  pending,
  onCancel,
  onConfirm,
}: {
  commissione: Commissione;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (note: string) => void;
}) {
  const [note, setNote] = useState(c.notePagamento ?? '');
  const noteId = useId();
  const errorId = useId();
  const toPaid = c.statoPagamento === 'non_pagato';
  const tooLong = note.trim().length > NOTE_MAX;
  return (
    <DialogContent>
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!tooLong) onConfirm(note);
        }}
      >
        <DialogHeader>
          <DialogTitle>{toPaid ? m.paymentDialogPaid : m.paymentDialogUnpaid}</DialogTitle>
          <DialogDescription>
            {m.paymentDialogDescription(c.id, servizioLabel(c.tipoServizio), c.customerName)}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={noteId}>{m.noteLabel}</Label>
          <Textarea
            id={noteId}
            value={note}
            placeholder={m.notePlaceholder}
            aria-invalid={tooLong || undefined}
            aria-describedby={tooLong ? errorId : undefined}
            onChange={(e) => setNote(e.target.value)}
          />
          <FieldError id={errorId} message={tooLong ? msg.commissione.noteTooLong : undefined} />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            {m.annulla}
          </Button>
          <Button type="submit" disabled={pending || tooLong}>
            {pending ? m.saving : toPaid ? m.markPaid : m.markUnpaid}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
