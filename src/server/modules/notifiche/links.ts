import { paths } from '#shared/permissions.ts';

/** Where the links in the e-mails point: PUBLIC_BASE_URL and the back-office paths. */
export interface NotificheLinks {
  publicBaseUrl: string;
}

export const links = (base: NotificheLinks) => ({
  lead: (id: number) => `${base.publicBaseUrl}/leads/${id}`,
  leads: () => `${base.publicBaseUrl}/leads`,
  commissioni: () => `${base.publicBaseUrl}/commissioni`,
  profilo: () => `${base.publicBaseUrl}/profilo`,
  informativa: (landingCode: string) => `${base.publicBaseUrl}${paths.informativa(landingCode)}`,
});
