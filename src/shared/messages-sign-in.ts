/**
 * The sign-in page's Italian texts (auth, app, ui and the e-mail check of the sign-in): part of the
 * catalogue in messages.ts, apart so that the sign-in page of /auth loads only these
 * (docs/primo-caricamento.md). Modules on that page import `signInMsg as msg`.
 */
export const signInMsg = {
  auth: {
    /** The sign-in form (login.tsx, login-form.tsx). */
    pageSubtitle: 'Accedi al gestionale',
    emailLabel: 'Email',
    passwordLabel: 'Password',
    signingIn: 'Accesso in corso...',
    signIn: 'Accedi',
    invalidCredentials: 'Credenziali non valide',
    passwordRequired: 'Password richiesta',
    loginErrorTitle: 'Errore di accesso',
    loginSuccessTitle: 'Accesso effettuato',
    loginSuccessText: 'Benvenuto nel sistema WINSOLUTION!',
    logoutErrorTitle: 'Errore logout',
    logoutSuccessTitle: 'Disconnesso',
    logoutSuccessText: 'Arrivederci!',
    useAuthOutsideProvider: "useAuth deve essere utilizzato all'interno di AuthProvider",
    notAuthenticated: 'Accesso richiesto: effettua il login.',
    tooManyAttempts: 'Troppi tentativi di accesso. Riprova tra qualche minuto.',
    accountLocked:
      "Accesso bloccato per troppi tentativi non riusciti. Riprova più tardi o chiedi all'amministratore di sbloccarlo.",
    forbidden: 'Non hai i permessi per questa operazione.',
    foreignOrigin:
      "Richiesta rifiutata: origine non consentita. Per usare WINSOLUTION da questo indirizzo, l'amministratore del server lo imposta in PUBLIC_BASE_URL (es. https://gestionale.esempio.it) e riavvia.",
  },
  app: {
    /** The product's name, beside the logo. */
    brand: 'WINSOLUTION',
    notFoundTitle: 'Pagina non trovata',
    notFoundText:
      'La pagina che cerchi non esiste, è stata spostata oppure non rientra tra quelle che puoi vedere.',
    notFoundBack: 'Torna alla dashboard',
    /** The original texts of the route fallback: the code as a secondary line, the hint in development. */
    notFoundCode: '404 Page Not Found',
    notFoundDevHint: 'Did you forget to add the page to the router?',
    screenErrorTitle: 'Qualcosa è andato storto',
    screenErrorText:
      'Questa schermata non è stata caricata correttamente. Riprova: i tuoi dati sono al sicuro.',
    chunkErrorText: 'Non è stato possibile scaricare questa schermata: controlla la connessione e riprova.',
    retry: 'Riprova',
    sessionExpiredTitle: 'Sessione scaduta',
    sessionExpiredText: 'Accedi di nuovo per continuare da dove eri rimasto.',
  },
  ui: {
    pagination: 'Paginazione',
    previous: 'Precedente',
    next: 'Successiva',
    pageOf: (page: number, pages: number, atLeast = false) =>
      `Pagina ${page} di ${atLeast ? 'oltre ' : ''}${pages}`,
    close: 'Chiudi',
    loading: 'Caricamento',
    notifications: 'Notifiche',
    notificationsHotkey: 'Notifiche ({hotkey})',
    exporting: 'Esportazione...',
    export: 'Esporta',
    exportXlsx: 'Excel (.xlsx)',
    exportCsv: 'CSV (.csv)',
    results: (n: number) => (n === 1 ? '1 risultato' : `${n} risultati`),
  },
  user: {
    emailInvalid: 'Email non valida',
  },
};
