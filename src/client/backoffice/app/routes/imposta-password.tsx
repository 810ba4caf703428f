import { useState } from 'react';
import { Link } from 'wouter';
import { msg } from '#shared/messages.ts';
import { paths } from '#shared/permissions.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Logo } from '#client/components/ui/logo.tsx';
import { NewPasswordForm } from '#client/backoffice/features/auth/components/new-password-form.tsx';

const m = msg.invito;

/**
 * `/imposta-password#token`: the page an invitation opens (docs/product/importazione.md#inviti).
 * The token stays in the fragment, which the browser never sends to a server.
 */
export function ImpostaPasswordRoute() {
  const [token] = useState(() => window.location.hash.slice(1));
  const [done, setDone] = useState(false);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-br from-blue-50 to-slate-100 p-4">
      <div className="w-full max-w-sm rounded-xl border bg-card p-8 shadow-lg">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <Logo className="size-14" />
          <h1 className="text-2xl font-bold tracking-tight">{m.title}</h1>
          <p className="text-sm text-muted-foreground">{m.subtitle}</p>
        </div>
        {done ? (
          <div className="grid gap-4 text-center">
            <p role="status">{m.done}</p>
            <Button asChild>
              <Link href={paths.auth}>{m.goToLogin}</Link>
            </Button>
          </div>
        ) : (
          <NewPasswordForm token={token} onDone={() => setDone(true)} />
        )}
      </div>
    </main>
  );
}
