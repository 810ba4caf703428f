import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { PRATICHE_KEY } from './get-pratiche';

export function useDeletePratica() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/pratiche/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [PRATICHE_KEY] }),
  });
}
