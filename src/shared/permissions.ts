/**
 * Roles, labels, the permission table and the menu. The server guard and the sidebar both read
 * this file, so a permission exists in exactly one place. See docs/product/roles-and-scope.md
 */
import { msg } from '#shared/messages.ts';
import { paths } from '#shared/paths.ts';

// Where each page is: in paths.ts, which the sign-in page reads without this table and the menu.
export { paths };

export const ROLES = ['admin', 'amministrazione', 'area_manager', 'agente', 'punto_fisico'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Sidebar label. amministrazione has none and shows its raw value (docs/product/roles-and-scope.md#etichette-dei-ruoli). */
export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  amministrazione: 'amministrazione',
  area_manager: 'Area Manager',
  agente: 'Agente',
  punto_fisico: 'Punto Fisico',
};

/** Label used in the dashboard title and in role pickers. */
export const ROLE_TITLES: Record<Role, string> = {
  admin: 'Amministratore',
  amministrazione: 'Amministrazione',
  area_manager: 'Area Manager',
  agente: 'Agente',
  punto_fisico: 'Punto Fisico',
};

export function dashboardTitle(role: string | null | undefined): string {
  return isRole(role) ? `Dashboard ${ROLE_TITLES[role]}` : 'Dashboard';
}

const ALL: readonly Role[] = ROLES;
const ADMIN: readonly Role[] = ['admin'];
const ADMIN_OFFICE: readonly Role[] = ['admin', 'amministrazione'];
const MANAGERS: readonly Role[] = ['admin', 'area_manager'];

/** Every capability of the product and the roles that hold it. */
export const PERMISSIONS = {
  'dashboard:read': ALL,
  /** Service counts, conversion rate and recent practices on the dashboard. */
  'dashboard:management': ADMIN_OFFICE,
  /** The dashboard's service and trend charts. */
  'dashboard:charts': ADMIN,
  'puntiFisici:read': ALL,
  'puntiFisici:create': MANAGERS,
  'puntiFisici:update': MANAGERS,
  'puntiFisici:delete': ADMIN,
  'qrCodes:update': ADMIN,
  'leads:read': ALL,
  'leads:updateStatus': ALL,
  'leads:delete': ADMIN_OFFICE,
  /** 'Da chiamare': each role its own leads' queue, and their outcomes (docs/product/calls.md). */
  'chiamate:read': ALL,
  'chiamate:esito': ALL,
  /** The queue of one consultant: the roles that see everyone's (docs/product/calls.md#la-coda). */
  'chiamate:filtroConsulente': ADMIN_OFFICE,
  /**
   * Merge two leads sharing a phone or e-mail, or keep them apart: the roles that delete leads,
   * who see every practice a merge moves (docs/product/lifecycle.md#doppioni).
   */
  'leads:merge': ADMIN_OFFICE,
  /** Erase a person's data (GDPR art. 17) and export everything held about them (art. 15/20): docs/privacy.md */
  'leads:erase': ADMIN,
  'leads:exportPersona': ADMIN,
  'pratiche:read': ADMIN_OFFICE,
  'pratiche:delete': ADMIN_OFFICE,
  /** Staff attach documents to a practice: the roles that edit its services (docs/product/lifecycle.md#documenti). */
  'pratiche:uploadDocumenti': ADMIN_OFFICE,
  'pratiche:deleteDocumenti': ADMIN,
  'servizi:updateStatus': ADMIN_OFFICE,
  /** A service's scheda contratto: the roles that work the practices (docs/product/scheda-contratto.md). */
  'servizi:readScheda': ADMIN_OFFICE,
  'servizi:updateScheda': ADMIN_OFFICE,
  /** What the bill reader proposes for a service's scheda, and using or discarding it: who reads and edits practices (docs/product/lettura-bolletta.md). */
  'servizi:readProposte': ADMIN_OFFICE,
  'servizi:decideProposte': ADMIN_OFFICE,
  'commissioni:read': ALL,
  'commissioni:updatePayment': ADMIN,
  'commissioni:delete': ADMIN,
  /** A statement (estratto conto): each payee its own; admin and amministrazione anyone's. */
  'estrattiConto:read': ALL,
  /** The payees of a period and all their statements at once (ZIP). */
  'estrattiConto:readAll': ADMIN_OFFICE,
  /** A payee's fiscal profile, and the Enasarco and ritenute summaries to pay (docs/product/commissions.md#profilo-fiscale). */
  'profiliFiscali:manage': ADMIN,
  'riepiloghiFiscali:read': ADMIN,
  'commissioniConfig:manage': ADMIN,
  /** A supplier's statement checked against what it owes (docs/product/fornitori-riconciliazione.md). */
  'riconciliazioni:manage': ADMIN_OFFICE,
  'fornitori:read': ADMIN_OFFICE,
  'fornitori:manage': ADMIN,
  /** Supplier layouts, 'Da inviare' and batches (docs/product/fornitori-invii.md). */
  'inviiFornitori:manage': ADMIN_OFFICE,
  'users:manage': ADMIN,
  /** A staff member's own data, exported or erased (docs/privacy.md#dati-dello-staff). */
  'users:exportPersona': ADMIN,
  'users:erase': ADMIN,
  'users:search': MANAGERS,
  /** 'Importa': points and users from a spreadsheet, invitations included (docs/product/importazione.md). */
  'importazioni:manage': ADMIN,
  /** 'Esiti fornitori': a supplier's outcome file applied to its services (docs/product/fornitori-esiti.md). */
  'esitiFornitori:manage': ADMIN_OFFICE,
  /** Per-role sign-in rules (the second factor required), on the Utenti screen. */
  'security:manage': ADMIN,
  /** Each user's own e-mail preferences, on their profile. */
  'notifiche:preferenze': ALL,
  /** The log of every e-mail the system sent or tried to send. */
  'notifiche:registro': ADMIN,
  /** The audit log: sign-ins, account changes, exports, erasures (docs/privacy.md#registro-delle-attività). */
  'audit:read': ADMIN,
  /** Privacy settings: how long unconverted leads are kept. */
  'privacy:manage': ADMIN,
  /** Impostazioni: the company phone and the privacy notice's controller (docs/privacy.md#informativa). */
  'impostazioni:manage': ADMIN,
  /** The interactive API reference at /api/docs (open to everyone in development). */
  'apiDocs:read': ADMIN,
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role | null | undefined, permission: Permission): boolean {
  return role != null && PERMISSIONS[permission].includes(role);
}

export interface MenuItem {
  label: string;
  path: string;
  roles: readonly Role[];
}

/** Pratiche is admin-only in the menu although amministrazione works practices. See docs/product/roles-and-scope.md#menu */
export const MENU: readonly MenuItem[] = [
  { label: 'Dashboard', path: paths.home, roles: ALL },
  {
    label: 'Punti Fisici',
    path: paths.puntiFisici,
    roles: ['admin', 'amministrazione', 'area_manager', 'punto_fisico'],
  },
  { label: 'Lead', path: paths.leads, roles: ALL },
  { label: 'Da chiamare', path: paths.chiamate, roles: ALL },
  { label: 'Pratiche', path: paths.pratiche, roles: ADMIN },
  // The round trip with the suppliers: practices out, outcomes back (docs/product/fornitori-invii.md).
  { label: 'Invii fornitori', path: paths.inviiFornitori, roles: ADMIN_OFFICE },
  { label: 'Esiti fornitori', path: paths.esitiFornitori, roles: ADMIN_OFFICE },
  { label: 'Commissioni', path: paths.commissioni, roles: ALL },
  { label: 'Config Commissioni', path: paths.configCommissioni, roles: ADMIN },
  { label: msg.riconciliazione.menu, path: paths.pagamentiFornitori, roles: ADMIN_OFFICE },
  { label: 'Utenti', path: paths.utenti, roles: ADMIN },
  { label: 'Importa', path: paths.importa, roles: ADMIN },
  { label: 'Impostazioni', path: paths.impostazioni, roles: ADMIN },
];

export function menuFor(role: Role | null | undefined): MenuItem[] {
  return role ? MENU.filter((item) => item.roles.includes(role)) : [];
}

/**
 * Whether a role may open a back-office section by its URL: the sections of its menu, plus
 * Pratiche for amministrazione, which works practices without a menu entry.
 */
export function canOpenSection(role: Role, path: string): boolean {
  if (menuFor(role).some((item) => item.path === path)) return true;
  if (path === paths.profilo) return true;
  if (path === paths.registroEmail) return can(role, 'notifiche:registro');
  if (path === paths.registroAttivita) return can(role, 'audit:read');
  if (path === paths.riepiloghiFiscali) return can(role, 'riepiloghiFiscali:read');
  return path === paths.pratiche && can(role, 'pratiche:read');
}
