import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Documento } from '#shared/schemas/landing.ts';
import { api } from '#client/lib/api-client.ts';

export const praticaFileUrl = (praticaId: number, filename: string) =>
  `/api/pratiche/${praticaId}/files/${encodeURIComponent(filename)}`;

export function praticaFilesQuery(praticaId: number) {
  const url = `/api/pratiche/${praticaId}/files`;
  return queryOptions({ queryKey: [url], queryFn: () => api.get<Documento[]>(url) });
}

/** Loaded when the documents list is opened. */
export function usePraticaFiles(praticaId: number, enabled: boolean) {
  return useQuery({ ...praticaFilesQuery(praticaId), enabled });
}
