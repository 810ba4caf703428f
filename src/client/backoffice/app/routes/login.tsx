import { signInMsg as msg } from '#shared/messages-sign-in.ts';
import { Logo } from '#client/components/ui/logo.tsx';
import { LoginForm } from '#client/backoffice/features/auth/components/login-form.tsx';

/**
 * The sign-in page. `goTo` takes the user on once signed in; by default the router's navigation
 * (the back-office is already loaded); the sign-in page of /auth loads the back-office first
 * (src/client/backoffice/sign-in/sign-in-start.tsx).
 */
export function LoginRoute({ goTo }: { goTo?: (path: string) => void }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-br from-blue-50 to-slate-100 p-4">
      <div className="w-full max-w-sm rounded-xl border bg-card p-8 shadow-lg">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <Logo className="size-14" />
          <h1 className="text-2xl font-bold tracking-tight">{msg.app.brand}</h1>
          <p className="text-sm text-muted-foreground">{msg.auth.pageSubtitle}</p>
        </div>
        <LoginForm goTo={goTo} />
      </div>
    </main>
  );
}
