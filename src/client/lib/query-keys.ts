/**
 * Every TanStack Query key of the back-office, in one place (docs/architecture.md#chiavi-delle-query):
 * the query factories of `features/<area>/api` build their keys here, and the mutations invalidate
 * the same prefixes, so a read and the invalidation that refreshes it cannot drift apart. A key is
 * an array that starts with its area; the longer keys extend the shorter ones, so invalidating
 * `queryKeys.pratiche.all` refreshes every practices read (the scheda contratto included).
 */
const auth = ['auth'] as const;
const totp = ['totp'] as const;
const users = ['users'] as const;
const puntiFisici = ['punti-fisici'] as const;
const puntiFisiciStats = [...puntiFisici, 'stats'] as const;
const leads = ['leads'] as const;
const leadLists = [...leads, 'list'] as const;
const pratiche = ['pratiche'] as const;
const commissioni = ['commissioni'] as const;
const commissioniConfig = ['commissioni-config'] as const;
const fornitori = ['fornitori'] as const;
const dashboard = ['dashboard'] as const;
const fisco = ['fisco'] as const;
const impostazioni = ['impostazioni'] as const;
const audit = ['audit'] as const;
const notifiche = ['notifiche'] as const;
const notificheRegistro = [...notifiche, 'registro'] as const;
const chiamate = ['chiamate'] as const;
const riconciliazioni = ['riconciliazioni'] as const;
const invii = ['invii-fornitori'] as const;
const inviiFornitore = (fornitoreId: number) => [...invii, fornitoreId] as const;

export const queryKeys = {
  auth: {
    /** Every cached read but this one is dropped when the session changes. */
    all: auth,
    user: () => [...auth, 'user'] as const,
  },
  totp: {
    all: totp,
    status: () => [...totp, 'status'] as const,
    roles: () => [...totp, 'roles'] as const,
  },
  users: {
    all: users,
    list: <P extends object>(params: P) => [...users, 'list', params] as const,
    search: <R extends string>(term: string, role: R) => [...users, 'search', { term, role }] as const,
  },
  puntiFisici: {
    all: puntiFisici,
    list: <P extends object>(params: P) => [...puntiFisici, 'list', params] as const,
    detail: (id: number) => [...puntiFisici, 'detail', id] as const,
    /** Prefix of every point's stats: commissions change them without changing the points. */
    allStats: puntiFisiciStats,
    stats: (id: number) => [...puntiFisiciStats, id] as const,
    suggest: (term: string) => [...puntiFisici, 'suggest', term] as const,
  },
  leads: {
    all: leads,
    lists: () => leadLists,
    list: <Q extends object>(q: Q) => [...leadLists, q] as const,
    detail: (id: number) => [...leads, 'detail', id] as const,
  },
  pratiche: {
    all: pratiche,
    list: <Q extends object>(q: Q) => [...pratiche, 'list', q] as const,
    detail: (id: number) => [...pratiche, 'detail', id] as const,
    files: (praticaId: number) => [...pratiche, 'files', praticaId] as const,
    proposte: (servizioId: number) => [...pratiche, 'proposte', servizioId] as const,
    /** Under the practices' key: their invalidation refreshes it too. */
    scheda: (servizioId: number) => [...pratiche, 'scheda', servizioId] as const,
  },
  commissioni: {
    all: commissioni,
    list: <Q extends object>(q: Q) => [...commissioni, 'list', q] as const,
  },
  estrattiConto: {
    beneficiari: (periodo: string) => ['/api/estratti-conto', 'beneficiari', periodo] as const,
  },
  commissioniConfig: {
    all: commissioniConfig,
    list: () => [...commissioniConfig, 'list'] as const,
  },
  fornitori: {
    all: fornitori,
    list: () => [...fornitori, 'list'] as const,
    byServizio: (servizio: string) => [...fornitori, 'list', { servizio }] as const,
  },
  dashboard: {
    /** The dashboard's numbers change with points, leads, practices, services and commissions. */
    all: dashboard,
    stats: () => [...dashboard, 'stats'] as const,
  },
  fisco: {
    all: fisco,
    profilo: (userId: number) => [...fisco, 'profilo', userId] as const,
    enasarco: (periodo: string) => [...fisco, 'enasarco', periodo] as const,
    ritenute: (periodo: string) => [...fisco, 'ritenute', periodo] as const,
  },
  impostazioni: {
    /** The settings and, under them, the withdrawal periods. */
    all: impostazioni,
    detail: () => impostazioni,
    ripensamento: () => [...impostazioni, 'ripensamento'] as const,
  },
  privacy: {
    settings: () => ['privacy', 'settings'] as const,
  },
  audit: {
    all: audit,
    list: <F extends object>(filters: F) => [...audit, filters] as const,
  },
  notifiche: {
    all: notifiche,
    preferenze: () => [...notifiche, 'preferenze'] as const,
    registroAll: () => notificheRegistro,
    registro: <Q extends object>(query: Q) => [...notificheRegistro, query] as const,
  },
  chiamate: {
    all: chiamate,
    list: (consulenteId?: number) => [...chiamate, 'list', consulenteId ?? null] as const,
    consulenti: (term: string) => [...chiamate, 'consulenti', term] as const,
    consulente: (id: number) => [...chiamate, 'consulente', id] as const,
    cruscotto: () => [...chiamate, 'cruscotto'] as const,
  },
  riconciliazioni: {
    all: riconciliazioni,
    list: (cursor?: string) => [...riconciliazioni, 'list', { cursor }] as const,
    one: (id: number) => [...riconciliazioni, id] as const,
    voci: <T extends string>(id: number, cursor?: string, tipo?: T) =>
      [...riconciliazioni, id, 'voci', { cursor, tipo }] as const,
    daRecuperare: () => [...riconciliazioni, 'da-recuperare'] as const,
    estratto: (id: number) => [...riconciliazioni, 'estratto', id] as const,
  },
  inviiFornitori: {
    all: invii,
    /** One key tree per supplier: its layouts, preview, 'Da inviare' and batches. */
    fornitore: inviiFornitore,
    tracciato: (fornitoreId: number, tipoServizio: string) =>
      [...inviiFornitore(fornitoreId), 'tracciato', tipoServizio] as const,
    anteprima: <C>(fornitoreId: number, tipoServizio: string, colonne: C) =>
      [...inviiFornitore(fornitoreId), 'anteprima', tipoServizio, colonne] as const,
    daInviare: (fornitoreId: number, tipoServizio: string, cursor: string | undefined) =>
      [...inviiFornitore(fornitoreId), 'da-inviare', tipoServizio, cursor ?? null] as const,
    lotti: (fornitoreId: number, cursor: string | undefined) =>
      [...inviiFornitore(fornitoreId), 'lotti', cursor ?? null] as const,
  },
  esitiFornitori: {
    /** A supplier outcomes upload, read while it is applied. */
    one: (id: number | null) => ['esiti-fornitori', id] as const,
  },
  importazioni: {
    one: (id: number | null) => ['importazioni', id] as const,
  },
};
