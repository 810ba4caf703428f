import { queryOptions } from '@tanstack/react-query';
import type { Role } from '#shared/permissions.ts';
import type { User } from '#shared/schemas/utente.ts';
import { api, withQuery } from '#client/lib/api-client.ts';

export type PersonRole = Extract<Role, 'punto_fisico' | 'agente' | 'area_manager'>;

export interface PersonResult {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
}

/** Every read of the users feature: keys and fetchers in one place. */
export const userQueries = {
  all: ['users'] as const,
  list: (role?: Role) =>
    queryOptions({
      queryKey: [...userQueries.all, 'list', { role }] as const,
      queryFn: () => api.get<User[]>(withQuery('/api/users', { role })),
    }),
  /** Person search of the point dialogs; a failed search gives an empty list. */
  search: (term: string, role: PersonRole) =>
    queryOptions({
      queryKey: [...userQueries.all, 'search', { term, role }] as const,
      queryFn: () =>
        api.get<PersonResult[]>(withQuery('/api/users/search', { q: term, role })).catch(() => []),
      staleTime: 0,
    }),
};
