import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LoginInput } from '#shared/schemas/login.ts';
import type { SecondFactorRequired } from '#shared/schemas/totp.ts';
import type { User } from '#shared/schemas/utente.ts';
import { api } from '#client/lib/api-client.ts';
import { getOrNullOn401 } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

export const authQueries = {
  /** The session: read once, kept until sign-in, sign-out or a 401 changes it. */
  currentUser: () =>
    queryOptions({
      queryKey: queryKeys.auth.user(),
      queryFn: () => getOrNullOn401<User>('/api/user'),
      staleTime: Infinity,
    }),
};

export function useCurrentUser() {
  return useQuery(authQueries.currentUser());
}

/** The password step: a user (signed in), or a second step still due (202, not signed in yet). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => api.post<User | SecondFactorRequired>('/api/login', input),
    onSuccess: (result) => {
      if (!isSecondFactorRequired(result)) queryClient.setQueryData(queryKeys.auth.user(), result);
    },
  });
}

export function isSecondFactorRequired(result: User | SecondFactorRequired): result is SecondFactorRequired {
  return 'secondFactor' in result;
}

/** Nothing of the previous user stays in memory: every cached read but the session goes. */
export function forgetSession(queryClient: QueryClient) {
  queryClient.setQueryData(queryKeys.auth.user(), null);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.auth.all[0] });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<void>('/api/logout'),
    // Not clear(): it would drop this very mutation and with it the caller's onSuccess.
    onSuccess: () => forgetSession(queryClient),
  });
}
