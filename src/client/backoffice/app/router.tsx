import { useEffect } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { msg } from '../../../shared/messages';
import { can, canOpenSection, MENU, paths } from '../../../shared/permissions';
import { useAuth } from '../features/auth/auth-context';
import { AppLayout } from './layout/app-layout';
import { ConfigCommissioniRoute } from './routes/config-commissioni';
import { DashboardRoute } from './routes/dashboard';
import { LeadsRoute } from './routes/leads';
import { PuntiFisiciRoute } from './routes/punti-fisici';
import { UtentiRoute } from './routes/utenti';
import { LoadingScreen } from './routes/loading';
import { LoginRoute } from './routes/login';
import { NotFoundRoute } from './routes/not-found';
import { PraticheRoute } from './routes/pratiche';
import { AccessDenied, SectionTitleRoute } from './routes/section';

const PROTECTED_PATHS = new Set<string>(MENU.map((m) => m.path));

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

  // Config Commissioni and Utenti have SPEC's own denial texts; other hidden sections the generic one.
  const denied =
    location !== paths.configCommissioni && location !== paths.utenti && !canOpenSection(user.role, location);

  return (
    <AppLayout user={user}>
      {denied ? (
        <AccessDenied text={msg.user.accessDenied} />
      ) : (
        <Switch>
          <Route path={paths.home} component={DashboardRoute} />
          <Route path={paths.puntiFisici} component={PuntiFisiciRoute} />
          <Route path={paths.leads} component={LeadsRoute} />
          <Route path={paths.pratiche} component={PraticheRoute} />
          <Route path={paths.commissioni}>
            <SectionTitleRoute title="Commissioni" />
          </Route>
          <Route path={paths.configCommissioni}>
            {can(user.role, 'commissioniConfig:manage') ? (
              <ConfigCommissioniRoute />
            ) : (
              <AccessDenied text={msg.configCommissioni.accessDenied} />
            )}
          </Route>
          <Route path={paths.utenti}>
            {can(user.role, 'users:manage') ? <UtentiRoute /> : <AccessDenied text={msg.user.accessDenied} />}
          </Route>
        </Switch>
      )}
    </AppLayout>
  );
}
