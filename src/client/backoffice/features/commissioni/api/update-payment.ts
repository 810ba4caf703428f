import { useMutation } from '@tanstack/react-query';
import type { PagamentoStato } from '../../../../../shared/domain';
import type { Commissione } from '../../../../../shared/schemas/commissione';
import { api } from '../../../../lib/api-client';
import { useInvalidateCommissioni } from './invalidate';

/** PATCH /api/commissioni/{id}/payment (SPEC §7): status and an optional note; admin only. */
export function useUpdatePayment() {
  const invalidate = useInvalidateCommissioni();
  return useMutation({
    mutationFn: ({ id, status, note }: { id: number; status: PagamentoStato; note: string }) =>
      api.patch<Commissione>(`/api/commissioni/${id}/payment`, { status, note: note.trim() || null }),
    onSuccess: invalidate,
  });
}
