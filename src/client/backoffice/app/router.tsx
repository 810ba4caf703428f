import { lazy, Suspense, useEffect } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { msg } from '#shared/messages.ts';
import { can, canOpenSection, MENU, paths } from '#shared/permissions.ts';
import { Skeleton } from '#client/components/ui/spinner.tsx';
import { afterLogin, signInUrl } from '../features/auth/after-login';
import { useAuth } from '../features/auth/auth-context';
import { AppLayout } from './layout/app-layout';
import { LoadingScreen } from './routes/loading';
import { LoginRoute } from './routes/login';
import { NotFoundRoute } from './routes/not-found';
import { AccessDenied } from './routes/section';

// One chunk per screen: the login page and a phone on 4G load only the shell and what they open.
const DashboardRoute = lazy(() => import('./routes/dashboard').then((m) => ({ default: m.DashboardRoute })));
const PuntiFisiciRoute = lazy(() =>
  import('./routes/punti-fisici').then((m) => ({ default: m.PuntiFisiciRoute })),
);
const LeadsRoute = lazy(() => import('./routes/leads').then((m) => ({ default: m.LeadsRoute })));
const PraticheRoute = lazy(() => import('./routes/pratiche').then((m) => ({ default: m.PraticheRoute })));
const CommissioniRoute = lazy(() =>
  import('./routes/commissioni').then((m) => ({ default: m.CommissioniRoute })),
);
const ConfigCommissioniRoute = lazy(() =>
  import('./routes/config-commissioni').then((m) => ({ default: m.ConfigCommissioniRoute })),
);
const ProfiloRoute = lazy(() => import('./routes/profilo').then((m) => ({ default: m.ProfiloRoute })));
const UtentiRoute = lazy(() => import('./routes/utenti').then((m) => ({ default: m.UtentiRoute })));
const RegistroEmailRoute = lazy(() =>
  import('./routes/registro-email').then((m) => ({ default: m.RegistroEmailRoute })),
);

function ScreenSkeleton() {
  return (
    <div className="grid gap-4" aria-busy="true">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-24" />
      <Skeleton className="h-64" />
    </div>
  );
}

const PROTECTED_PATHS = new Set<string>([...MENU.map((m) => m.path), paths.profilo, paths.registroEmail]);

/** `/leads/{id}`: the link of the e-mails, opening that lead's detail over the lead list. */
const LEAD_LINK = /^\/leads\/\d+$/;
const isProtected = (location: string) => PROTECTED_PATHS.has(location) || LEAD_LINK.test(location);

function SignedOutRouter() {
  const [location] = useLocation();
  if (location === paths.home || location === paths.auth) return <LoginRoute />;
  // A known back-office page asks for sign-in first; anything else is not found.
  if (isProtected(location)) {
    // Back there after signing in: an e-mail's link to a lead opens that lead.
    return <Redirect to={LEAD_LINK.test(location) ? signInUrl(location) : paths.auth} replace />;
  }
  return <NotFoundRoute />;
}

export function AppRouter() {
  const { user, isLoading } = useAuth();
  const [location] = useLocation();
  const search = useSearch();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);

  if (isLoading) return <LoadingScreen />;
  if (!user) return <SignedOutRouter />;
  if (location === paths.auth) return <Redirect to={afterLogin(search) ?? paths.home} replace />;
  if (location !== paths.home && !isProtected(location)) return <NotFoundRoute />;

  // Config Commissioni and Utenti have their own denial texts; other hidden sections the generic one.
  // See docs/product/roles-and-scope.md#sezioni-negate
  const section = LEAD_LINK.test(location) ? paths.leads : location;
  const denied =
    section !== paths.configCommissioni && section !== paths.utenti && !canOpenSection(user.role, section);

  return (
    <AppLayout user={user}>
      {denied ? (
        <AccessDenied text={msg.user.accessDenied} />
      ) : (
        <Suspense fallback={<ScreenSkeleton />}>
          <Switch>
            <Route path={paths.home} component={DashboardRoute} />
            <Route path={paths.puntiFisici} component={PuntiFisiciRoute} />
            <Route path={paths.leads} component={LeadsRoute} />
            <Route path={`${paths.leads}/:id`} component={LeadsRoute} />
            <Route path={paths.pratiche} component={PraticheRoute} />
            <Route path={paths.commissioni} component={CommissioniRoute} />
            <Route path={paths.profilo} component={ProfiloRoute} />
            <Route path={paths.configCommissioni}>
              {can(user.role, 'commissioniConfig:manage') ? (
                <ConfigCommissioniRoute />
              ) : (
                <AccessDenied text={msg.configCommissioni.accessDenied} />
              )}
            </Route>
            <Route path={paths.registroEmail} component={RegistroEmailRoute} />
            <Route path={paths.utenti}>
              {can(user.role, 'users:manage') ? (
                <UtentiRoute />
              ) : (
                <AccessDenied text={msg.user.accessDenied} />
              )}
            </Route>
          </Switch>
        </Suspense>
      )}
    </AppLayout>
  );
}
