import { lazy, Suspense, useEffect } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { msg } from '#shared/messages.ts';
import { can, canOpenSection, MENU, paths } from '#shared/permissions.ts';
import { Skeleton } from '#client/components/ui/spinner.tsx';
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

function ScreenSkeleton() {
  return (
    <div className="grid gap-4" aria-busy="true">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-24" />
      <Skeleton className="h-64" />
    </div>
  );
}

const PROTECTED_PATHS = new Set<string>([...MENU.map((m) => m.path), paths.profilo]);

function SignedOutRouter() {
  const [location] = useLocation();
  if (location === paths.home || location === paths.auth) return <LoginRoute />;
  // A known back-office page asks for sign-in first; anything else is not found.
  if (PROTECTED_PATHS.has(location)) return <Redirect to={paths.auth} replace />;
  return <NotFoundRoute />;
}

export function AppRouter() {
  const { user, isLoading } = useAuth();
  const [location] = useLocation();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);

  if (isLoading) return <LoadingScreen />;
  if (!user) return <SignedOutRouter />;
  if (location === paths.auth) return <Redirect to={paths.home} replace />;
  if (location !== paths.home && !PROTECTED_PATHS.has(location)) return <NotFoundRoute />;

  // Config Commissioni and Utenti have their own denial texts; other hidden sections the generic one.
  // See docs/product/roles-and-scope.md#sezioni-negate
  const denied =
    location !== paths.configCommissioni && location !== paths.utenti && !canOpenSection(user.role, location);

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
