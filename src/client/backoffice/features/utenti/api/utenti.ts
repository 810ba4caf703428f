import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role } from '#shared/permissions.ts';
import type { CreateUserInput, UpdateUserInput, User } from '#shared/schemas/utente.ts';
import { api, withQuery } from '#client/lib/api-client.ts';

export const usersKey = '/api/users';

export const usersQuery = (role?: Role) =>
  queryOptions({
    queryKey: [withQuery(usersKey, { role })],
    queryFn: () => api.get<User[]>(withQuery(usersKey, { role })),
  });

export function useUsers(role?: Role) {
  return useQuery(usersQuery(role));
}

function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(usersKey) });
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (input: CreateUserInput) => api.post<User>(usersKey, input),
    onSuccess: invalidate,
  });
}

export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateUserInput }) =>
      api.put<User>(`${usersKey}/${id}`, input),
    onSuccess: invalidate,
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`${usersKey}/${id}`),
    onSuccess: invalidate,
  });
}
