import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { ApiError, api } from './api-client';

/** Default read: GET on the first element of the query key. */
const defaultQueryFn: QueryFunction = ({ queryKey }) => api.get(String(queryKey[0]));

/** A read for which 401 means "nobody", not an error (the current user). */
export async function getOrNullOn401<T>(url: string): Promise<T | null> {
  try {
    return await api.get<T>(url);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}
