import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { vi } from 'vitest';
import { createQueryClient } from '#client/lib/query-client.ts';

/** Component tests: the component inside a fresh query client, as the app provides one. */
export function renderWithClient(ui: ReactElement, options?: RenderOptions) {
  const queryClient = createQueryClient();
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, ...render(ui, { wrapper: Wrapper, ...options }) };
}

type Reply =
  { status?: number; body: unknown } | ((url: URL, init?: RequestInit) => { status?: number; body: unknown });

/**
 * Replaces fetch with answers by "METHOD /path" (query string ignored; the handler sees it).
 * Returns the mock, whose calls say what the component asked for. Unknown paths answer 404.
 */
export function mockApi(routes: Record<string, Reply>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(hrefOf(input), 'http://localhost');
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`;
    const route = routes[key];
    const reply =
      typeof route === 'function'
        ? route(url, init)
        : (route ?? { status: 404, body: { message: 'Non trovato' } });
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function hrefOf(input: RequestInfo | URL): string {
  return input instanceof Request ? input.url : input.toString();
}

/** The addresses the component asked for, in order. */
export function requestedUrls(fetchMock: ReturnType<typeof mockApi>): string[] {
  return fetchMock.mock.calls.map(([input]) => hrefOf(input));
}
