import { useMutation } from '@tanstack/react-query';
import { api } from '#client/lib/api-client.ts';
import { useInvalidateCommissioni } from './invalidate';

export function useDeleteCommissione() {
  const invalidate = useInvalidateCommissioni();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/commissioni/${id}`),
    onSuccess: invalidate,
  });
}
