import { Component, lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { DEMO_LANDING_CODE } from '#shared/domain.ts';
import { landingMsg } from '#shared/messages-landing.ts';
import type { LandingInfo } from '#shared/schemas/landing.ts';
import { Logo } from '#client/components/ui/logo.tsx';
import { fetchLanding } from '#client/landing/api.ts';
import { Wizard } from '#client/landing/wizard.tsx';

const m = landingMsg;

/**
 * WINBOT, in its own chunk. A chunk that cannot be fetched (the connection dropped after the
 * page loaded) leaves the wizard as it is: the assistant is a help, never a requirement.
 */
const Winbot = lazy<ComponentType>(() =>
  import('#client/landing/winbot/winbot.tsx').catch((error: unknown) => {
    console.warn('WINBOT non caricato:', error);
    return { default: () => null };
  }),
);

/** Keeps a failure inside WINBOT from taking the wizard down with it. */
class Isolated extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Fetches WINBOT once the browser is idle after the wizard's first render (a timer where idle callbacks are missing). */
function WinbotOnIdle() {
  const [isWanted, setIsWanted] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => setIsWanted(true), { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(() => setIsWanted(true), 1000);
    return () => clearTimeout(timer);
  }, []);
  if (!isWanted) return null;
  return (
    <Isolated>
      <Suspense fallback={null}>
        <Winbot />
      </Suspense>
    </Isolated>
  );
}

/** The code of /landing/{code}. */
function codeFromPath(pathname: string): string {
  const match = /^\/landing\/([^/?#]+)/.exec(pathname);
  return match ? decodeURIComponent(match[1]).toUpperCase() : '';
}

type State = { status: 'loading' } | { status: 'missing' } | { status: 'ready'; info: LandingInfo };

function Footer() {
  return (
    <footer className="mt-auto flex flex-wrap items-center justify-center gap-1.5 px-4 py-6 text-xs text-muted-foreground">
      <span>{m.poweredBy}</span>
      <Logo className="size-4" />
      <span className="font-semibold tracking-wide text-foreground">WINSOLUTION</span>
    </footer>
  );
}

export function LandingApp() {
  const code = codeFromPath(window.location.pathname);
  const [state, setState] = useState<State>(code ? { status: 'loading' } : { status: 'missing' });

  useEffect(() => {
    if (!code) return;
    const controller = new AbortController();
    fetchLanding(code, controller.signal).then(
      (info) => setState({ status: 'ready', info }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // An unknown code is the expected 404; anything else is logged, the page says the same.
        if (!(error instanceof Error && error.message.startsWith('404')))
          console.warn('Landing non caricata:', error);
        setState({ status: 'missing' });
      },
    );
    return () => controller.abort();
  }, [code]);

  if (state.status === 'loading') {
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-4" aria-busy="true">
        <Logo className="size-14" />
        <span
          role="status"
          className="size-7 animate-spin rounded-full border-[3px] border-primary border-t-transparent"
        >
          <span className="sr-only">Caricamento</span>
        </span>
      </main>
    );
  }

  if (state.status === 'missing') {
    return (
      <div className="flex min-h-dvh flex-col">
        <main className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
          <Logo className="size-14" />
          <h1 className="text-xl font-semibold">{m.notFoundTitle}</h1>
          <p className="text-muted-foreground">{m.notFoundText}</p>
        </main>
        <Footer />
      </div>
    );
  }

  const { info } = state;
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b bg-card">
        <div className="mx-auto flex max-w-xl items-center gap-3 px-4 py-3">
          <Logo className="size-9 shrink-0" />
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-wider text-primary uppercase">{m.partner}</p>
            <p className="truncate leading-tight font-semibold" data-testid="nome-attivita">
              {info.nomeAttivita}
            </p>
          </div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-xl flex-1 px-4 pt-5 pb-4">
        <Wizard info={info} isDemo={code === DEMO_LANDING_CODE} />
      </main>
      <Footer />
      <WinbotOnIdle />
    </div>
  );
}
