import { informativaPath, landingPath } from '#shared/landing-paths.ts';

/** The address of every page of the app (re-exported by permissions.ts, beside the menu). */
export const paths = {
  home: '/',
  auth: '/auth',
  puntiFisici: '/punti-fisici',
  leads: '/leads',
  /** One lead's detail: a link that survives a reload and can be shared. `lead(':id')` is the pattern. */
  lead: (id: number | ':id') => `/leads/${id}`,
  chiamate: '/chiamate',
  pratiche: '/pratiche',
  /** One practice's page; `pratica(':id')` is the pattern. */
  pratica: (id: number | ':id') => `/pratiche/${id}`,
  commissioni: '/commissioni',
  configCommissioni: '/admin-commissioni',
  inviiFornitori: '/invii-fornitori',
  pagamentiFornitori: '/pagamenti-fornitori',
  utenti: '/utenti',
  importa: '/importa',
  esitiFornitori: '/esiti-fornitori',
  /** Public: the page an invitation's link opens (docs/product/importazione.md#inviti). */
  impostaPassword: '/imposta-password',
  impostazioni: '/impostazioni',
  /** Not in the menu: reached from the user box at the foot of the sidebar, by every role. */
  profilo: '/profilo',
  /** Not in the menu: reached from the Utenti screen's header, admin only. */
  registroEmail: '/utenti/registro-email',
  /** Not in the menu: reached from the Utenti screen's header, admin only. */
  registroAttivita: '/utenti/registro-attivita',
  /** Not in the menu: reached from the Utenti screen's header, admin only. */
  riepiloghiFiscali: '/utenti/riepiloghi-fiscali',
  landing: landingPath,
  informativa: informativaPath,
} as const;
