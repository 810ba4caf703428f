import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, RotateCcw } from 'lucide-react';
import { Component, type ReactNode } from 'react';
import { signInMsg as msg } from '#shared/messages-sign-in.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { Button } from '#client/components/ui/button.tsx';

/** A screen's code that could not be downloaded (offline, or a new version replaced the old files). */
function isChunkLoadError(error: Error) {
  return /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
    error.message,
  );
}

function ScreenError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const chunk = isChunkLoadError(error);
  return (
    <section
      role="alert"
      aria-labelledby="screen-error-title"
      className="mx-auto w-full max-w-lg rounded-lg border border-red-200 bg-card p-6 text-center shadow-sm"
      data-testid="screen-error"
    >
      <AlertTriangle className="mx-auto mb-3 size-10 text-red-700" aria-hidden />
      <h1 id="screen-error-title" className="text-xl font-bold">
        {msg.app.screenErrorTitle}
      </h1>
      <p className="mt-2 text-sm text-muted-foreground">
        {chunk ? msg.app.chunkErrorText : msg.app.screenErrorText}
      </p>
      <Button className="mt-5" onClick={chunk ? () => window.location.reload() : onRetry}>
        <RotateCcw aria-hidden />
        {msg.app.retry}
      </Button>
    </section>
  );
}

class Boundary extends Component<{ children: ReactNode; onReset: () => void }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <ScreenError
        error={error}
        onRetry={() => {
          this.props.onReset();
          this.setState({ error: null });
        }}
      />
    );
  }
}

/**
 * One per screen: a render error replaces that screen (never the whole app, the sidebar stays)
 * with an Italian message and 'Riprova', which reads the screen's data afresh and draws it again.
 * Keyed by the path where it is used, so moving to another screen starts clean.
 */
export function ScreenErrorBoundary({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const reset = () =>
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.auth.all[0] });
  return <Boundary onReset={reset}>{children}</Boundary>;
}

/** Around everything: a failure outside any screen (the session read) still gets a way out. */
export function RootErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary onReset={() => window.location.reload()}>{children}</Boundary>;
}
