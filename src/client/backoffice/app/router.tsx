import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { matchRoute, Redirect, useLocation, useRouter, useSearch } from 'wouter';
import { msg } from '#shared/messages.ts';
import { can, canOpenSection, paths, type Permission } from '#shared/permissions.ts';
import { Skeleton } from '#client/components/ui/spinner.tsx';
import { useAuth } from '#client/backoffice/features/auth/auth-context.tsx';
import { returnPathFrom, signInPathFor } from '#client/backoffice/features/auth/return-to.ts';
import { LoadingScreen } from '#client/backoffice/app/routes/loading.tsx';
import { LoginRoute } from '#client/backoffice/app/routes/login.tsx';
import { NotFoundContent, NotFoundRoute } from '#client/backoffice/app/routes/not-found.tsx';
import { AccessDenied } from '#client/backoffice/app/routes/section.tsx';
import { ScreenErrorBoundary } from '#client/backoffice/app/screen-error-boundary.tsx';

// One chunk per screen: the login page and a phone on 4G load only the shell and what they open.
// `preload` starts a screen's chunk together with the signed-in frame's, not after it.
const screen = <K extends string>(load: () => Promise<Record<K, ComponentType<never>>>, name: K) =>
  Object.assign(
    lazy(() =>
      load().then((m) => ({ default: m[name] as ComponentType<{ params: Record<string, string> }> })),
    ),
    { preload: () => void load() },
  );

interface ScreenRoute {
  /** A wouter pattern; `:id` parts reach the screen as `params`. */
  pattern: string;
  /** The menu section it belongs to, checked with canOpenSection (menu + the exceptions there). */
  section: string;
  Screen: ComponentType<{ params: Record<string, string> }> & { preload: () => void };
  /** Admin pages with a denial text of their own instead of the generic one. */
  requires?: { permission: Permission; deniedText: string };
}

/**
 * `/leads` and `/leads/{id}` are one screen (the detail is a dialog over the list): the same
 * component, so opening and closing a lead keeps the list, its scroll and the focus where they were.
 */
/** The signed-in frame (menu, drawer): the sign-in page does not load it (docs/primo-caricamento.md). */
const AppLayout = lazy(() =>
  import('#client/backoffice/app/layout/app-layout.tsx').then((m) => ({ default: m.AppLayout })),
);

/** The invitation's set-password page: public, signed in or not (docs/product/importazione.md#inviti). */
const ImpostaPasswordScreen = lazy(() =>
  import('#client/backoffice/app/routes/imposta-password.tsx').then((m) => ({
    default: m.ImpostaPasswordRoute,
  })),
);

const LeadsScreen = screen(() => import('#client/backoffice/app/routes/leads.tsx'), 'LeadsRoute');

const ADMIN_ONLY_USERS = { permission: 'users:manage', deniedText: msg.user.accessDenied } as const;

/**
 * Every back-office page. A new page is one entry here (and its path in `paths`); a page outside
 * the menu is allowed by canOpenSection, as `/utenti/registro-email` is.
 */
const SCREENS: ScreenRoute[] = [
  {
    pattern: paths.home,
    section: paths.home,
    Screen: screen(() => import('#client/backoffice/app/routes/dashboard.tsx'), 'DashboardRoute'),
  },
  {
    pattern: paths.puntiFisici,
    section: paths.puntiFisici,
    Screen: screen(() => import('#client/backoffice/app/routes/punti-fisici.tsx'), 'PuntiFisiciRoute'),
  },
  { pattern: paths.leads, section: paths.leads, Screen: LeadsScreen },
  { pattern: paths.lead(':id'), section: paths.leads, Screen: LeadsScreen },
  {
    pattern: paths.chiamate,
    section: paths.chiamate,
    Screen: screen(() => import('#client/backoffice/app/routes/chiamate.tsx'), 'ChiamateRoute'),
  },
  {
    pattern: paths.pratiche,
    section: paths.pratiche,
    Screen: screen(() => import('#client/backoffice/app/routes/pratiche.tsx'), 'PraticheRoute'),
  },
  {
    pattern: paths.pratica(':id'),
    section: paths.pratiche,
    Screen: screen(() => import('#client/backoffice/app/routes/pratica.tsx'), 'PraticaRoute'),
  },
  {
    pattern: paths.inviiFornitori,
    section: paths.inviiFornitori,
    Screen: screen(() => import('#client/backoffice/app/routes/invii-fornitori.tsx'), 'InviiFornitoriRoute'),
  },
  {
    pattern: paths.commissioni,
    section: paths.commissioni,
    Screen: screen(() => import('#client/backoffice/app/routes/commissioni.tsx'), 'CommissioniRoute'),
  },
  {
    pattern: paths.configCommissioni,
    section: paths.configCommissioni,
    Screen: screen(
      () => import('#client/backoffice/app/routes/config-commissioni.tsx'),
      'ConfigCommissioniRoute',
    ),
    requires: { permission: 'commissioniConfig:manage', deniedText: msg.configCommissioni.accessDenied },
  },
  {
    pattern: paths.pagamentiFornitori,
    section: paths.pagamentiFornitori,
    Screen: screen(
      () => import('#client/backoffice/app/routes/pagamenti-fornitori.tsx'),
      'PagamentiFornitoriRoute',
    ),
    requires: { permission: 'riconciliazioni:manage', deniedText: msg.riconciliazione.accessDenied },
  },
  {
    pattern: paths.utenti,
    section: paths.utenti,
    Screen: screen(() => import('#client/backoffice/app/routes/utenti.tsx'), 'UtentiRoute'),
    requires: ADMIN_ONLY_USERS,
  },
  {
    pattern: paths.importa,
    section: paths.importa,
    Screen: screen(() => import('#client/backoffice/app/routes/importa.tsx'), 'ImportaRoute'),
    requires: { permission: 'importazioni:manage', deniedText: msg.importazione.accessDenied },
  },
  {
    pattern: paths.esitiFornitori,
    section: paths.esitiFornitori,
    Screen: screen(() => import('#client/backoffice/app/routes/esiti-fornitori.tsx'), 'EsitiFornitoriRoute'),
    requires: { permission: 'esitiFornitori:manage', deniedText: msg.esitiFornitori.accessDenied },
  },
  {
    pattern: paths.impostazioni,
    section: paths.impostazioni,
    Screen: screen(() => import('#client/backoffice/app/routes/impostazioni.tsx'), 'ImpostazioniRoute'),
    requires: { permission: 'impostazioni:manage', deniedText: msg.impostazioni.accessDenied },
  },
  {
    pattern: paths.registroEmail,
    section: paths.registroEmail,
    Screen: screen(() => import('#client/backoffice/app/routes/registro-email.tsx'), 'RegistroEmailRoute'),
  },
  {
    pattern: paths.registroAttivita,
    section: paths.registroAttivita,
    Screen: screen(
      () => import('#client/backoffice/app/routes/registro-attivita.tsx'),
      'RegistroAttivitaRoute',
    ),
  },
  {
    pattern: paths.riepiloghiFiscali,
    section: paths.riepiloghiFiscali,
    Screen: screen(
      () => import('#client/backoffice/app/routes/riepiloghi-fiscali.tsx'),
      'RiepiloghiFiscaliRoute',
    ),
  },
  {
    pattern: paths.profilo,
    section: paths.profilo,
    Screen: screen(() => import('#client/backoffice/app/routes/profilo.tsx'), 'ProfiloRoute'),
  },
];

function useMatchedScreen(location: string) {
  const { parser } = useRouter();
  for (const route of SCREENS) {
    const [matches, params] = matchRoute(parser, route.pattern, location);
    if (matches) return { route, params: params as Record<string, string> };
  }
  return null;
}

function ScreenSkeleton() {
  return (
    <div className="grid gap-4" aria-busy="true">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-24" />
      <Skeleton className="h-64" />
    </div>
  );
}

function SignedOutRouter({ location, isKnown }: { location: string; isKnown: boolean }) {
  const search = useSearch();
  if (location === paths.home || location === paths.auth) return <LoginRoute />;
  // A back-office page asks for the sign-in first, then comes back here; anything else is not found.
  if (isKnown) return <Redirect to={signInPathFor(location, search)} replace />;
  return <NotFoundRoute />;
}

export function AppRouter() {
  const { user, isLoading } = useAuth();
  const [location] = useLocation();
  const search = useSearch();
  const matched = useMatchedScreen(location);
  // Addresses that show the same screen share its key: it is not mounted again between them.
  const screenKey = matched
    ? `screen-${SCREENS.findIndex((r) => r.Screen === matched.route.Screen)}`
    : location;

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [screenKey]);

  const signedIn = user != null;
  const screenToLoad = matched?.route.Screen;
  useEffect(() => {
    if (signedIn) screenToLoad?.preload();
  }, [signedIn, screenToLoad]);

  if (location === paths.impostaPassword)
    return (
      <Suspense fallback={<LoadingScreen />}>
        <ImpostaPasswordScreen />
      </Suspense>
    );
  // The sign-in page shows its form while the session is checked: the page the build rendered
  // (auth.html) and the browser's first render are the same (docs/primo-caricamento.md).
  // Someone signed in who opens /auth goes on as soon as the check answers.
  if (isLoading && location === paths.auth) return <SignedOutRouter location={location} isKnown={false} />;
  if (isLoading) return <LoadingScreen />;
  if (!user) return <SignedOutRouter location={location} isKnown={matched != null} />;
  if (location === paths.auth) return <Redirect to={returnPathFrom(search)} replace />;

  let content;
  if (!matched) content = <NotFoundContent />;
  else if (matched.route.requires && !can(user.role, matched.route.requires.permission))
    content = <AccessDenied text={matched.route.requires.deniedText} />;
  // Hidden sections get the generic denial. See docs/product/roles-and-scope.md#sezioni-negate
  else if (!canOpenSection(user.role, matched.route.section))
    content = <AccessDenied text={msg.user.accessDenied} />;
  else {
    const { Screen } = matched.route;
    content = (
      <ScreenErrorBoundary key={screenKey}>
        <Suspense fallback={<ScreenSkeleton />}>
          <Screen params={matched.params} />
        </Suspense>
      </ScreenErrorBoundary>
    );
  }
  return (
    <Suspense fallback={<LoadingScreen />}>
      <AppLayout user={user}>{content}</AppLayout>
    </Suspense>
  );
}
