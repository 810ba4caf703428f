import { dashboardTitle } from '../../../../shared/permissions';
import { initialsOf } from '../../../lib/format';
import { useAuth } from '../../features/auth/auth-context';

export function DashboardRoute() {
  const { user } = useAuth();
  return (
    <header className="mb-6 flex items-center justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{dashboardTitle(user?.role)}</h1>
        <p className="text-muted-foreground">Panoramica completa delle tue attività e performance</p>
      </div>
      <span
        aria-hidden
        className="hidden size-10 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground sm:flex"
      >
        {initialsOf(user)}
      </span>
    </header>
  );
}
