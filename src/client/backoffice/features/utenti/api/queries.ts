import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Role } from '#shared/permissions.ts';
import type { UsersPage } from '#shared/schemas/utente.ts';
import { api, withQuery } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

export type PersonRole = Extract<Role, 'punto_fisico' | 'agente' | 'area_manager'>;

export interface PersonResult {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
}

export const USERS_PAGE_SIZE = 25;

/** Every read of the users feature: keys and fetchers in one place. */
export const userQueries = {
  /** One page (25 users) of one role or all, narrowed by the search box, after `cursor`. */
  list: (params: { role?: Role; q: string; cursor?: string }) =>
    queryOptions({
      queryKey: queryKeys.users.list(params),
      queryFn: () => api.get<UsersPage>(withQuery('/api/users', { ...params, pageSize: USERS_PAGE_SIZE })),
      placeholderData: keepPreviousData,
    }),
  /** Person search of the point dialogs; a failed search gives an empty list. */
  search: (term: string, role: PersonRole) =>
    queryOptions({
      queryKey: queryKeys.users.search(term, role),
      queryFn: () =>
        api.get<PersonResult[]>(withQuery('/api/users/search', { q: term, role })).catch(() => []),
      staleTime: 0,
    }),
};
