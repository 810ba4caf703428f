import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '#shared/schemas/auth.ts';
import type { User } from '#shared/schemas/utente.ts';
import { api } from '#client/lib/api-client.ts';
import { getOrNullOn401 } from '#client/lib/query-client.ts';

export const currentUserQuery = queryOptions({
  queryKey: ['/api/user'],
  queryFn: () => getOrNullOn401<User>('/api/user'),
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => api.post<User>('/api/login', input),
    onSuccess: (user) => queryClient.setQueryData(currentUserQuery.queryKey, user),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<void>('/api/logout'),
    onSuccess: () => {
      // Nothing of the previous user stays in memory. (Not clear(): it would drop this very
      // mutation and with it the caller's onSuccess.)
      queryClient.setQueryData(currentUserQuery.queryKey, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== currentUserQuery.queryKey[0] });
    },
  });
}
