import { SearchX } from 'lucide-react';
import { Link } from 'wouter';
import { msg } from '#shared/messages.ts';
import { paths } from '#shared/permissions.ts';
import { buttonVariants } from '#client/components/ui/button.tsx';

const m = msg.app;

/**
 * 'Pagina non trovata' with the way back. The English route-fallback texts stay as a small
 * secondary line (the code) and, in development builds only, the developer's hint.
 */
export function NotFoundContent() {
  return (
    <section
      aria-labelledby="not-found-title"
      className="mx-auto w-full max-w-md rounded-lg border bg-card p-6 text-center shadow-sm"
      data-testid="not-found"
    >
      <SearchX className="mx-auto mb-3 size-10 text-muted-foreground" aria-hidden />
      <h1 id="not-found-title" className="text-2xl font-bold" tabIndex={-1}>
        {m.notFoundTitle}
      </h1>
      <p className="mt-2 text-sm text-muted-foreground">{m.notFoundText}</p>
      <Link href={paths.home} className={buttonVariants({ className: 'mt-5' })}>
        {m.notFoundBack}
      </Link>
      <p className="mt-5 text-xs text-muted-foreground" lang="en">
        {m.notFoundCode}
      </p>
      {import.meta.env.DEV && (
        <p className="mt-1 text-xs text-muted-foreground" lang="en">
          {m.notFoundDevHint}
        </p>
      )}
    </section>
  );
}

/** The same page outside the back-office's frame (signed out, or an address nobody has). */
export function NotFoundRoute() {
  return (
    <main className="flex min-h-dvh w-full items-center justify-center bg-background p-4">
      <NotFoundContent />
    </main>
  );
}
