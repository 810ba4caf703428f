import { Logo } from '../components/ui/logo';

/** The public wizard arrives with the landing issue; until then the page says it is not available. */
export function LandingApp() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 p-6 text-center">
      <Logo className="size-14" />
      <h1 className="text-xl font-semibold">Pagina non trovata</h1>
      <p className="text-muted-foreground">La landing page richiesta non esiste o non è più disponibile.</p>
    </main>
  );
}
