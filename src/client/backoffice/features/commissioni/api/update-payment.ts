import { useMutation } from '@tanstack/react-query';
import type { PagamentoStato } from '#shared/domain.ts';
import type { Commissione } from '#shared/schemas/commissione.ts';
import { api } from '#client/lib/api-client.ts';
import { useInvalidateCommissioni } from './invalidate';

/** PATCH /api/commissioni/{id}/payment: status and an optional note; admin only. */
export function useUpdatePayment() {
  const invalidate = useInvalidateCommissioni();
  return useMutation({
    mutationFn: ({ id, status, note }: { id: number; status: PagamentoStato; note: string }) =>
      api.patch<Commissione>(`/api/commissioni/${id}/payment`, { status, note: note.trim() || null }),
    onSuccess: invalidate,
  });
}
