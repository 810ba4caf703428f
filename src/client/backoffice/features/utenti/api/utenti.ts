import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role } from '#shared/permissions.ts';
import type { CreateUserInput, UpdateUserInput, User } from '#shared/schemas/utente.ts';
import { api } from '#client/lib/api-client.ts';
import { downloadFile } from '#client/lib/download.ts';
import { invalidateKeys } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { userQueries, type PersonRole } from '#client/backoffice/features/utenti/api/queries.ts';

export function useUsers(params: { role?: Role; q: string; cursor?: string }) {
  return useQuery(userQueries.list(params));
}

/** From 2 characters (the caller debounces). */
export function usePersonSearch(q: string, role: PersonRole) {
  const term = q.trim();
  return useQuery({ ...userQueries.search(term, role), enabled: term.length >= 2 });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateUserInput) => api.post<User>('/api/users', input),
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.users.all]),
  });
}

/** The points' cards show their people's names, e-mails and phones. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateUserInput }) =>
      api.put<User>(`/api/users/${id}`, input),
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.users.all, queryKeys.puntiFisici.all]),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/users/${id}`),
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.users.all]),
  });
}

/** 'Invia invito': a new set-password link by e-mail; the earlier ones stop working. */
export function useSendInvitation() {
  return useMutation({ mutationFn: (id: number) => api.post<void>(`/api/users/${id}/invito`) });
}

/** Lifts a sign-in lock (docs/security.md#limiti-di-accesso); the list then shows the user unlocked. */
export function useUnlockSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<void>(`/api/users/${id}/sblocca-accesso`),
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.users.all]),
  });
}

/** A staff member's own data as JSON (docs/privacy.md#dati-dello-staff). */
export const downloadDatiUtente = (id: number) =>
  downloadFile(`/api/users/${id}/personal-data`, `dati-personali-utente-${id}.json`);

/** Erases a staff member's identifying data; the row stays, pseudonymised. */
export function useEraseDatiUtente() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<void>(`/api/users/${id}/erase`),
    onSuccess: () => invalidateKeys(queryClient, [queryKeys.users.all, queryKeys.puntiFisici.all]),
  });
}

/** The admin ends a user's second factor (lost phone): the next sign-in asks to set it up again. */
export function useResetUserTotp() {
  return useMutation({ mutationFn: (userId: number) => api.delete<void>(`/api/users/${userId}/totp`) });
}
