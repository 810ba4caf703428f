import {
  BarChart3,
  Euro,
  FileText,
  FileUp,
  LayoutDashboard,
  LogOut,
  Settings,
  SlidersHorizontal,
  Store,
  UserCog,
  Users,
  UserSquare2,
  type LucideIcon,
  PhoneCall,
} from 'lucide-react';
import { notifyManager } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { msg } from '#shared/messages.ts';
import { menuFor, paths, ROLE_LABELS } from '#shared/permissions.ts';
import type { User } from '#shared/schemas/utente.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/cn.ts';
import { displayNameOf, initialsOf } from '#client/lib/format.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Logo } from '#client/components/ui/logo.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { useLogout } from '#client/backoffice/features/auth/api/auth.ts';

const ICONS: Record<string, LucideIcon> = {
  [paths.home]: LayoutDashboard,
  [paths.puntiFisici]: Store,
  [paths.leads]: UserSquare2,
  [paths.chiamate]: PhoneCall,
  [paths.pratiche]: FileText,
  [paths.commissioni]: Euro,
  [paths.configCommissioni]: Settings,
  [paths.utenti]: Users,
  [paths.importa]: FileUp,
  [paths.impostazioni]: SlidersHorizontal,
};

function isCurrent(itemPath: string, location: string) {
  return itemPath === '/' ? location === '/' : location === itemPath || location.startsWith(`${itemPath}/`);
}

export function Sidebar({ user, onNavigate }: { user: User; onNavigate?: () => void }) {
  const [location, navigate] = useLocation();
  const logout = useLogout();

  // mutateAsync, not mutate callbacks: signing out unmounts this sidebar before they would run.
  const onLogout = async () => {
    try {
      await logout.mutateAsync();
      // Queued behind the cache notifications, so the router already sees nobody signed in.
      notifyManager.schedule(() => {
        navigate(paths.auth, { replace: true });
        toast({ title: msg.auth.logoutSuccessTitle, description: msg.auth.logoutSuccessText });
      });
    } catch (error) {
      toast({
        title: msg.auth.logoutErrorTitle,
        description: errorMessage(error, (error as Error).message),
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="flex h-full flex-col bg-slate-900 text-slate-100">
      <div className="flex items-center gap-3 border-b border-slate-800 px-5 py-5">
        <Logo className="size-10" />
        <div>
          <p className="text-lg font-bold tracking-tight">{msg.app.brand}</p>
          <p className="text-xs text-slate-400" data-testid="role-label">
            {ROLE_LABELS[user.role] ?? user.role}
          </p>
        </div>
      </div>
      <nav aria-label={msg.layout.mainMenu} className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="grid gap-1">
          {menuFor(user.role).map((item) => {
            const Icon = ICONS[item.path] ?? BarChart3;
            const current = isCurrent(item.path, location);
            return (
              <li key={item.path}>
                <Link
                  href={item.path}
                  onClick={onNavigate}
                  aria-current={current ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium transition-colors',
                    current ? 'bg-primary text-white' : 'text-slate-300 hover:bg-slate-800 hover:text-white',
                  )}
                >
                  <Icon className="size-4" aria-hidden />
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="border-t border-slate-800 p-4" data-testid="user-box">
        <div className="mb-3 flex items-center gap-3">
          <span
            aria-hidden
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-white"
          >
            {initialsOf(user)}
          </span>
          <div className="min-w-0">
            <p className="truncate text-sm font-medium">{displayNameOf(user)}</p>
            <p className="truncate text-xs text-slate-400">{user.email}</p>
          </div>
        </div>
        <Link
          href={paths.profilo}
          onClick={onNavigate}
          aria-current={location === paths.profilo ? 'page' : undefined}
          className={cn(
            'mb-2 flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium transition-colors',
            location === paths.profilo
              ? 'bg-primary text-white'
              : 'text-slate-300 hover:bg-slate-800 hover:text-white',
          )}
        >
          <UserCog className="size-4" aria-hidden />
          {msg.profilo.link}
        </Link>
        <Button
          variant="outline"
          className="w-full border-slate-700 bg-transparent text-slate-100 hover:bg-slate-800 hover:text-white"
          onClick={() => void onLogout()}
          disabled={logout.isPending}
        >
          <LogOut aria-hidden />
          {logout.isPending ? msg.layout.loggingOut : msg.layout.logout}
        </Button>
      </div>
    </div>
  );
}
