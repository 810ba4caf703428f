import {
  Component,
  lazy,
  startTransition,
  Suspense,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { DEMO_LANDING_CODE } from '#shared/domain.ts';
import { landingMsg } from '#shared/messages-landing.ts';
import { Logo } from '#client/components/ui/logo.tsx';
import { fetchLanding } from '#client/landing/api.ts';
import type { LandingPageState } from '#shared/landing-page.ts';
import { onIdle } from '#client/landing/use-later-steps.ts';
import { landingPath } from '#shared/landing-paths.ts';
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

/** Fetches WINBOT once the browser is idle after the wizard's first render. */
function WinbotOnIdle() {
  const [isWanted, setIsWanted] = useState(false);
  // A transition: WINBOT's first render runs in short slices, never one long task.
  useEffect(() => onIdle(() => startTransition(() => setIsWanted(true)), 2000), []);
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
export function codeFromPath(pathname: string): string {
  const match = /^\/landing\/([^/?#]+)/.exec(pathname);
  return match ? decodeURIComponent(match[1]).toUpperCase() : '';
}

/** /landing/{code}/informativa: the notice as a page, for the e-mails' links (docs/privacy.md#informativa). */
const isNoticePath = (pathname: string) => /^\/landing\/[^/?#]+\/informativa\/?$/.test(pathname);

const InformativaText = lazy(() =>
  import('#client/landing/informativa/informativa-text.tsx').then((mod) => ({
    default: mod.InformativaText,
  })),
);

type State = { status: 'loading' } | LandingPageState;

function Footer() {
  return (
    <footer className="mt-auto flex flex-wrap items-center justify-center gap-1.5 px-4 py-6 text-xs text-muted-foreground">
      <span>{m.poweredBy}</span>
      <Logo className="size-4" />
      <span className="font-semibold tracking-wide text-foreground">{m.brand}</span>
    </footer>
  );
}

/**
 * The landing of one code. With `initial` (what the server put in the page with its HTML, see
 * docs/product/landing.md#primo-caricamento) it renders at once, exactly as the server did, and
 * asks nothing; without (the dev server, a page served before the build had its template) it
 * fetches the point first.
 */
export function LandingApp({ code, initial }: { code: string; initial?: LandingPageState }) {
  const [state, setState] = useState<State>(
    initial ?? (code ? { status: 'loading' } : { status: 'missing' }),
  );
  const isNotice = typeof window !== 'undefined' && isNoticePath(window.location.pathname);

  useEffect(() => {
    if (!code || initial) return;
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
  }, [code, initial]);

  if (state.status === 'loading') {
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-4" aria-busy="true">
        <Logo className="size-14" />
        <span
          role="status"
          className="size-7 animate-spin rounded-full border-[3px] border-primary border-t-transparent"
        >
          <span className="sr-only">{m.loading}</span>
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
      {isNotice ? (
        <main className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-6 px-4 pt-5 pb-4">
          <Suspense fallback={<p role="status">{m.informativaLoading}</p>}>
            <InformativaText nomeAttivita={info.nomeAttivita} titleId="informativa-title" />
          </Suspense>
          <a
            href={landingPath(code)}
            className="self-start font-medium text-primary underline underline-offset-4"
          >
            {m.informativaBack}
          </a>
        </main>
      ) : (
        <main className="mx-auto w-full max-w-xl flex-1 px-4 pt-5 pb-4">
          <Wizard info={info} isDemo={code === DEMO_LANDING_CODE} code={code} />
        </main>
      )}
      <Footer />
      {isNotice ? null : <WinbotOnIdle />}
    </div>
  );
}
