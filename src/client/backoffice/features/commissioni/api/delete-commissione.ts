import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { useInvalidateCommissioni } from './invalidate';

export function useDeleteCommissione() {
  const invalidate = useInvalidateCommissioni();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/commissioni/${id}`),
    onSuccess: invalidate,
  });
}
