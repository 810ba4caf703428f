import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, api } from '#client/lib/api-client.ts';

/**
 * How long data counts as fresh before a screen that mounts reads it again. Lists and numbers
 * refresh after half a minute (someone else may have changed them); reference data (suppliers,
 * commission settings) after five. Changes made here invalidate their keys at once anyway.
 * See docs/decisions/013-client-conventions.md.
 */
export const STALE_TIME = {
  list: 30_000,
  reference: 5 * 60_000,
} as const;

/** A read for which 401 means "nobody", not an error (the current user). */
export async function getOrNullOn401<T>(url: string): Promise<T | null> {
  try {
    return await api.get<T>(url);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * `onUnauthorized` runs when a read or a write answers 401: the session ended while in use
 * (expired, signed out elsewhere, the user deactivated). The app decides what that means.
 */
export function createQueryClient(options: { onUnauthorized?: (queryClient: QueryClient) => void } = {}) {
  const on401 = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) options.onUnauthorized?.(queryClient);
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: on401 }),
    mutationCache: new MutationCache({ onError: on401 }),
    defaultOptions: {
      // No default queryFn: every read comes from a feature's query factory (features/<area>/api).
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: STALE_TIME.list,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}

/** Marks every query under these key prefixes stale and refetches the ones on screen. */
export function invalidateKeys(queryClient: QueryClient, keys: ReadonlyArray<readonly unknown[]>) {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
